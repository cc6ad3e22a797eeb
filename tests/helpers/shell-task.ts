/**
 * A real background shell for the UI's tests, started through the real
 * BackgroundTasks store: `bash -c COMMAND` in a process group of its own, its
 * output into the task's file, stopped by ending its group (group-stop.ts).
 */
import { spawn } from "node:child_process";
import type { BackgroundTasks } from "../../src/background/background-tasks.ts";
import { endProcessGroup, killProcessGroupSync } from "../../src/processes/group-stop.ts";
import type { BackgroundTask } from "../../src/background/task-state.ts";

/** The task, and its group's id (the test ends it whatever happened). */
export function startTestShell(tasks: BackgroundTasks, command: string): { task: BackgroundTask; pgid: number } {
  let pgid = 0;
  const outcome = tasks.start({ kind: "shell", label: command, toolName: "Bash" }, (output, id) => {
    const child = spawn("bash", ["-c", command], { detached: true, stdio: ["ignore", "pipe", "pipe"] });
    pgid = child.pid!;
    for (const stream of [child.stdout, child.stderr]) stream.on("data", (chunk: Buffer) => output.append(chunk));
    child.on("close", (code, signal) => tasks.finish(id, { kind: "exit", code, signal }));
    return {
      stop: async () => (await endProcessGroup(child.pid!, "no-marker")) ?? undefined,
      stopSync: () => killProcessGroupSync(child.pid!, "no-marker"),
    };
  });
  if (!outcome.ok) throw new Error(outcome.message);
  return { task: outcome.task, pgid };
}
