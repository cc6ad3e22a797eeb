/**
 * What one background task is, as the model, the UI and the saved session see
 * it: a snapshot row of the BackgroundTasks store. The endings are honest: a
 * task stopped by TaskStop or the user is `killed`, never `completed`, and one
 * mini-cc could not follow to its end (it exited first) is `lost`.
 */

/** A background shell (`Bash` with `run_in_background`), an MCP tool call, or another tool call sent to the background. */
export type TaskKind = "shell" | "mcp" | "tool";

export type TaskStatus = "running" | "completed" | "failed" | "killed" | "lost";

/** Who stopped a killed task: the model (TaskStop), the user (the panel, /tasks), or mini-cc's own exit. */
export type StoppedBy = "TaskStop" | "user" | "exit";

export interface BackgroundTask {
  /** Short and per session: `b1`, `b2`, … */
  readonly id: string;
  readonly kind: TaskKind;
  /** The command (shell) or the tool's name and argument summary (a tool call). */
  readonly label: string;
  /** The tool that started it: `Bash`, `mcp__server__tool`, … */
  readonly toolName: string;
  readonly status: TaskStatus;
  /** A shell's exit code once it exited by itself. */
  readonly exitCode?: number;
  /** The signal that ended it (a shell killed by a signal, or the one a stop sent). */
  readonly signal?: string;
  /** For `killed`: who stopped it. */
  readonly stoppedBy?: StoppedBy;
  /** Why a tool call failed, or why a shell could not start. */
  readonly error?: string;
  /** A live status line (an MCP task's statusMessage); absent when there is none. */
  readonly statusMessage?: string;
  /** Clock milliseconds. */
  readonly startedAt: number;
  readonly endedAt?: number;
  /** Where its output goes: the whole of it up to the cap (output-file.ts). */
  readonly outputFile: string;
  /** Bytes of output produced so far (counted whole, even past the file's cap). */
  readonly bytesWritten: number;
  /** Bytes of output the model has read (TaskOutput); `bytesWritten - bytesRead` are unread. */
  readonly bytesRead: number;
  /** True once the model was told how it ended (a reminder, or a TaskOutput that showed the ending). */
  readonly endingReported: boolean;
}

export interface BackgroundSnapshot {
  /** Every task of the session, oldest first; ended ones stay listed. */
  readonly tasks: readonly BackgroundTask[];
}

/** How a task's work ended, as its runner reports it. */
export type TaskEnding =
  /** A shell exited: code, or the signal that killed it. */
  | { kind: "exit"; code: number | null; signal: string | null }
  /** A tool call returned a result (`isError` from the tool). */
  | { kind: "result"; isError: boolean }
  /** It could not go on (a spawn error, a tool that threw). */
  | { kind: "error"; message: string };

/** The status an ending gives, unless a stop was asked for (then it is `killed`). */
export function endedStatus(ending: TaskEnding): Pick<BackgroundTask, "status" | "exitCode" | "signal" | "error"> {
  switch (ending.kind) {
    case "exit":
      if (ending.code === 0) return { status: "completed", exitCode: 0 };
      if (ending.code !== null) return { status: "failed", exitCode: ending.code };
      return { status: "failed", signal: ending.signal ?? "unknown signal" };
    case "result":
      return ending.isError ? { status: "failed", error: "the tool returned an error" } : { status: "completed" };
    case "error":
      return { status: "failed", error: ending.message };
  }
}

const STOPPED_BY: Record<StoppedBy, string> = {
  TaskStop: "by TaskStop",
  user: "by the user",
  exit: "at mini-cc's exit",
};

/** `completed (exit 0)`, `failed (exit 2)`, `killed (SIGTERM by TaskStop)`, `lost (mini-cc exited)`, `running`. */
export function statusText(task: BackgroundTask): string {
  switch (task.status) {
    case "running":
      return "running";
    case "completed":
      return task.exitCode === undefined ? "completed" : `completed (exit ${task.exitCode})`;
    case "failed":
      if (task.exitCode !== undefined) return `failed (exit ${task.exitCode})`;
      if (task.signal !== undefined) return `failed (${task.signal})`;
      return `failed (${task.error ?? "error"})`;
    case "killed":
      // A shell is ended by a signal; a tool call is cancelled.
      return `killed (${task.signal ?? (task.kind === "shell" ? "SIGTERM" : "cancelled")} ${STOPPED_BY[task.stoppedBy ?? "TaskStop"]})`;
    case "lost":
      return "lost (mini-cc exited)";
  }
}

/** How long it ran (or has been running, at `now`), as `4s`, `2m 05s`, `1h 02m`. */
export function runtimeText(task: BackgroundTask, now: number): string {
  const seconds = Math.max(0, Math.floor(((task.endedAt ?? now) - task.startedAt) / 1000));
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ${String(seconds % 60).padStart(2, "0")}s`;
  return `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, "0")}m`;
}
