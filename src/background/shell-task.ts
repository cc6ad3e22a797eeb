/**
 * A background shell (`Bash` with `run_in_background`): the command starts in
 * a process group of its own, its output (stdout and stderr together) goes to
 * the task's output file, and the call returns at once. The group is handed to
 * the Bash watchdog (a `kill -9` of mini-cc ends it too), and every process
 * it starts carries a marker in its environment, so a daemon that leaves the
 * group is still found and ended when the task is stopped (group-stop.ts).
 */
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { releaseGroup, watchGroup } from "../tools/bash-watchdog.ts";
import type { BackgroundTasks, StartOutcome, TaskControl } from "./background-tasks.ts";
import { endProcessGroup, killProcessGroupSync, TASK_MARKER } from "./group-stop.ts";
import type { OutputFile } from "./output-file.ts";

/** After the shell exits, how long its pipes may take to drain (a `server &` it left behind may hold them). */
const EXIT_GRACE_MS = 200;
/** How long a stop waits for the pipes to close once the group is gone. */
const CLOSE_WAIT_MS = 1000;

/** What to run: the shell's argv (sandboxed or not), its environment and folder. */
export interface ShellRun {
  command: string;
  args: readonly string[];
  env: NodeJS.ProcessEnv | Readonly<Record<string, string>>;
  cwd: string;
  /** Called once the task ended (a sandbox launch's clean-up). */
  dispose?: () => void;
  /** What to add to the output once the command ended (what the sandbox blocked); "" for nothing. */
  trailer?: () => string;
}

/** Starts `run` as background task labelled `label`; refused as BackgroundTasks.start refuses. */
export function startShellTask(tasks: BackgroundTasks, label: string, run: ShellRun): StartOutcome {
  const outcome = tasks.start({ kind: "shell", label, toolName: "Bash" }, (output, id) =>
    spawnShell(tasks, id, output, run),
  );
  // A task that could not even start has nothing left to clean up after.
  if (!outcome.ok || outcome.task.status !== "running") run.dispose?.();
  return outcome;
}

function spawnShell(tasks: BackgroundTasks, id: string, output: OutputFile, run: ShellRun): TaskControl {
  const marker = `${process.pid}-${randomUUID()}`;
  const child = spawn(run.command, [...run.args], {
    cwd: run.cwd,
    env: { ...run.env, [TASK_MARKER]: marker },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const pgid = child.pid;
  if (pgid !== undefined) watchGroup(pgid);
  let graceTimer: NodeJS.Timeout | undefined;
  let exited: { code: number | null; signal: string | null } | undefined;
  let onClosed = () => {};
  const closed = new Promise<void>((resolve) => {
    onClosed = resolve;
  });
  let done = false;
  const finish = (ending: Parameters<BackgroundTasks["finish"]>[1]) => {
    if (done) return;
    done = true;
    clearTimeout(graceTimer);
    if (pgid !== undefined) releaseGroup(pgid);
    child.stdout?.destroy();
    child.stderr?.destroy();
    child.unref();
    const trailer = run.trailer?.() ?? "";
    if (trailer !== "") output.append(trailer);
    tasks.finish(id, ending);
    run.dispose?.();
    onClosed();
  };
  for (const stream of [child.stdout, child.stderr]) stream?.on("data", (chunk: Buffer) => output.append(chunk));
  child.on("error", (error) => finish({ kind: "error", message: `could not run the shell: ${error.message}` }));
  child.on("exit", (code, signal) => {
    exited = { code, signal };
    graceTimer = setTimeout(() => finish({ kind: "exit", ...exited! }), EXIT_GRACE_MS);
  });
  child.on("close", (code, signal) => finish({ kind: "exit", ...(exited ?? { code, signal }) }));
  return {
    async stop() {
      if (pgid === undefined) return undefined;
      const signal = await endProcessGroup(pgid, marker);
      // The pipes close once the group is gone; a stray still holding them is not waited for long.
      await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, CLOSE_WAIT_MS))]);
      return signal;
    },
    stopSync() {
      if (pgid !== undefined) killProcessGroupSync(pgid, marker);
    },
  };
}
