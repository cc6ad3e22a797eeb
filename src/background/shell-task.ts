/**
 * A background shell (`Bash` with `run_in_background`): the command starts in
 * a process group of its own (spawned by a helper process: spawn-helper.ts),
 * its output (stdout and stderr together) goes to the task's output file, and
 * the call returns at once. The group is handed to
 * the Bash watchdog (a `kill -9` of mini-cc ends it too), and every process
 * it starts carries a marker in its environment, so a daemon that leaves the
 * group is still found and ended when the task is stopped (processes/group-stop.ts).
 */
import { releaseGroup, watchGroup } from "../processes/bash-watchdog.ts";
import { endProcessGroup, killProcessGroupSync } from "../processes/group-stop.ts";
import { newMarker, TASK_MARKER } from "../processes/markers.ts";
import type { BackgroundTasks, StartOutcome } from "./background-tasks.ts";
import type { TaskControl } from "./running-task.ts";
import type { OutputFile } from "./output-file.ts";
import { spawnThroughHelper } from "./spawn-helper.ts";

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
  const marker = newMarker();
  let pgid: number | undefined;
  let onSpawned: (pid: number | undefined) => void = () => {};
  const spawned = new Promise<number | undefined>((resolve) => {
    onSpawned = resolve;
  });
  let onEnded = () => {};
  const ended = new Promise<void>((resolve) => {
    onEnded = resolve;
  });
  const request = { command: run.command, args: run.args, env: { ...run.env, [TASK_MARKER]: marker }, cwd: run.cwd };
  spawnThroughHelper(request, {
    spawned(pid) {
      pgid = pid;
      watchGroup(pid);
      onSpawned(pid);
    },
    data: (chunk) => output.append(chunk),
    end(ending) {
      if (pgid !== undefined) releaseGroup(pgid);
      onSpawned(undefined);
      const trailer = run.trailer?.() ?? "";
      if (trailer !== "") output.append(trailer);
      tasks.finish(
        id,
        "error" in ending
          ? { kind: "error", message: `could not run the shell: ${ending.error}` }
          : { kind: "exit", ...ending },
      );
      run.dispose?.();
      onEnded();
    },
  });
  return {
    async stop() {
      const pid = await spawned;
      if (pid === undefined) return undefined;
      const signal = await endProcessGroup(pid, marker);
      // The pipes close once the group is gone; a stray still holding them is not waited for long.
      await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, CLOSE_WAIT_MS))]);
      return signal;
    },
    stopSync() {
      if (pgid !== undefined) killProcessGroupSync(pgid, marker);
    },
  };
}
