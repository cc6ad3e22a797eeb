/**
 * The progress of running MCP tool calls, by tool-use id, for the running
 * tool's row: the latest `notifications/progress` of each call, and the
 * status of the task a call was answered with (the Tasks extension). A server may
 * send thousands a second; the store publishes at most once a frame, so a
 * flood costs the UI one render per frame.
 */
import type { Clock } from "../../clock.ts";
import { Store, type ReadableStore } from "../../store.ts";
import { terminalSafeLine } from "../../text/terminal-safe.ts";
import type { TaskStatusView } from "../connection/task-follower.ts";

/** One call's latest progress: `progress` of `total` (when known), and the server's message. */
export interface ToolProgress {
  readonly progress: number;
  readonly total?: number;
  readonly message?: string;
  /** The task the call became, its status as last seen (texts already terminal-safe). */
  readonly task?: RunningTask;
}

/** A call's task and the server it runs on. */
export interface RunningTask extends TaskStatusView {
  readonly server: string;
}

/** About 30 frames a second: what the terminal can show anyway. */
export const PROGRESS_FRAME_MS = 33;

export class ToolProgressStore extends Store<ReadonlyMap<string, ToolProgress>> {
  readonly #clock: Clock;
  readonly #frameMs: number;
  #pending = new Map<string, ToolProgress | null>();
  #cancelFrame: (() => void) | undefined;

  constructor(clock: Clock, frameMs = PROGRESS_FRAME_MS) {
    super(new Map());
    this.#clock = clock;
    this.#frameMs = frameMs;
  }

  /** Records `key`'s latest progress, shown at the next frame (its task, if any, kept). */
  report(key: string, progress: ToolProgress): void {
    const task = this.#latest(key)?.task;
    this.#pending.set(key, task && !progress.task ? { ...progress, task } : progress);
    this.#cancelFrame ??= this.#clock.setTimeout(() => this.#publish(), this.#frameMs);
  }

  /** Records the status of the task `key`'s call became, shown at the next frame. */
  reportTask(key: string, task: RunningTask): void {
    const latest = this.#latest(key);
    this.report(key, { ...(latest ?? { progress: 0 }), task });
  }

  #latest(key: string): ToolProgress | undefined {
    const pending = this.#pending.get(key);
    return pending === null ? undefined : (pending ?? this.getSnapshot().get(key));
  }

  /** The call ended: its row stops showing progress (at once, with anything still pending). */
  finish(key: string): void {
    // Most calls report no progress: nothing shown, nothing pending, nothing to publish.
    if (!this.#pending.has(key) && !this.getSnapshot().has(key)) return;
    this.#pending.set(key, null);
    this.#publish();
  }

  #publish(): void {
    this.#cancelFrame?.();
    this.#cancelFrame = undefined;
    const pending = this.#pending;
    this.#pending = new Map();
    this.update((prev) => {
      const next = new Map(prev);
      for (const [key, value] of pending) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      const changed = next.size !== prev.size || [...next].some(([key, value]) => prev.get(key) !== value);
      return changed ? next : prev;
    });
  }
}

/** `task 7f3a… working: Analyzing sources`: a running task as one line (its texts are terminal-safe already). */
export function taskText(task: TaskStatusView): string {
  return `task ${task.id} ${task.status}${task.message ? `: ${task.message}` : ""}`;
}

/**
 * `███░░░░ 3/10 Step 3` with a total, else the message (or the count): the row's text; a call
 * that became a task shows the task's status, and its progress when it reports any.
 */
export function progressText(progress: ToolProgress, barWidth = 10): string {
  if (progress.task) {
    const { task: _task, ...rest } = progress;
    const reported = progress.total !== undefined || progress.message !== undefined;
    return reported ? `${taskText(progress.task)} · ${progressText(rest, barWidth)}` : taskText(progress.task);
  }
  const message = progress.message?.trim() ?? "";
  if (progress.total !== undefined && progress.total > 0) {
    const ratio = Math.min(1, Math.max(0, progress.progress / progress.total));
    const filled = Math.round(ratio * barWidth);
    const bar = `${"█".repeat(filled)}${"░".repeat(barWidth - filled)}`;
    return `${bar} ${progress.progress}/${progress.total}${message ? ` ${message}` : ""}`;
  }
  return message || `${progress.progress}`;
}

/** Follows call `key`'s progress as one terminal-safe line (a call moved to the background shows it as its status); returns how to stop. */
export function followProgress(
  calls: ReadableStore<ReadonlyMap<string, ToolProgress>>,
  key: string,
  show: (line: string) => void,
): () => void {
  const showLatest = (now: ReadonlyMap<string, ToolProgress>) => {
    const latest = now.get(key);
    if (latest) show(terminalSafeLine(progressText(latest)));
  };
  showLatest(calls.getSnapshot());
  return calls.subscribe(showLatest);
}

/** The tasks running on `server` (one `taskText` line each, oldest first), as one string: "" when none. */
export function serverTasksText(calls: ReadonlyMap<string, ToolProgress>, server: string): string {
  const lines: string[] = [];
  for (const call of calls.values()) if (call.task?.server === server) lines.push(taskText(call.task));
  return lines.join("\n");
}

/** The newest running call's progress as one terminal-safe line; "" when none reports any. */
export function runningProgressText(calls: ReadonlyMap<string, ToolProgress>): string {
  const latest = [...calls.values()].at(-1);
  return latest ? terminalSafeLine(progressText(latest)) : "";
}
