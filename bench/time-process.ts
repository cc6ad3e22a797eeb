/**
 * One process timed from spawn to exit, for the benchmarks that run the CLI as
 * a user would. `check` sees the exit status and the combined output, and
 * throws to fail the run (a run that did not do its work must not count).
 * `spawned` is told the child (its pid) as soon as it exists.
 */
import { spawn, type ChildProcess } from "node:child_process";

export function timeProcess(
  command: string,
  args: readonly string[],
  where: { cwd: string; env: NodeJS.ProcessEnv },
  check: (status: number, out: string) => void,
  spawned?: (child: ChildProcess) => void,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { cwd: where.cwd, env: where.env, stdio: ["ignore", "pipe", "pipe"] });
    spawned?.(child);
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk));
    child.stderr.on("data", (chunk: Buffer) => (out += chunk));
    child.on("error", reject);
    child.on("close", (code) => {
      const ms = performance.now() - started;
      try {
        check(code ?? -1, out);
        resolve(ms);
      } catch (error) {
        reject(error);
      }
    });
  });
}
