/**
 * One hook command run to its end: `sh -c COMMAND` in its own process group,
 * the event's JSON on stdin, killed with everything it started when its
 * timeout passes or its output passes the cap. The ending is a value; words
 * for it are made by hook-outcome.ts.
 */
import { spawn } from "node:child_process";

/** Past this much output (stdout and stderr together) a hook is stopped: nothing a hook says needs more. */
export const HOOK_OUTPUT_CAP_BYTES = 1024 * 1024;

/** How long a stopped hook's pipes may stay open before it is reported anyway. */
const STOP_GRACE_MS = 500;

export type HookEnding =
  | { kind: "exited"; code: number; stdout: string; stderr: string }
  | { kind: "signal"; signal: string; stderr: string }
  | { kind: "timeout"; stderr: string }
  | { kind: "too-much-output" }
  | { kind: "spawn-failed"; message: string };

export interface HookProcessOptions {
  readonly command: string;
  readonly stdin: string;
  readonly cwd: string;
  readonly env: Readonly<Record<string, string>>;
  readonly timeoutMs: number;
  readonly capBytes?: number;
}

export function runHookProcess(options: HookProcessOptions): Promise<HookEnding> {
  return new Promise((resolve) => {
    const cap = options.capBytes ?? HOOK_OUTPUT_CAP_BYTES;
    const child = spawn("/bin/sh", ["-c", options.command], {
      cwd: options.cwd,
      env: options.env,
      detached: true,
      stdio: ["pipe", "pipe", "pipe"],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let bytes = 0;
    let stopping: HookEnding | undefined;
    let done = false;
    const text = (chunks: Buffer[]) => Buffer.concat(chunks).toString("utf8");
    const finish = (ending: HookEnding) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      child.stdout.destroy();
      child.stderr.destroy();
      resolve(stopping ?? ending);
    };
    const killGroup = () => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
      } catch {
        // The group is already gone.
      }
    };
    const stop = (why: HookEnding) => {
      stopping ??= why;
      killGroup();
      // A process that left the group may still hold the pipes open: the hook is over all the same.
      setTimeout(() => finish(why), STOP_GRACE_MS).unref();
    };
    const timer = setTimeout(() => stop({ kind: "timeout", stderr: text(err) }), options.timeoutMs);
    const collect = (into: Buffer[]) => (chunk: Buffer) => {
      if (stopping) return;
      bytes += chunk.length;
      if (bytes > cap) stop({ kind: "too-much-output" });
      else into.push(chunk);
    };
    child.stdout.on("data", collect(out));
    child.stderr.on("data", collect(err));
    child.on("error", (error) => finish({ kind: "spawn-failed", message: error.message }));
    child.on("close", (code, signal) => {
      if (signal !== null) finish({ kind: "signal", signal, stderr: text(err) });
      else finish({ kind: "exited", code: code ?? 0, stdout: text(out), stderr: text(err) });
    });
    // A hook that never reads stdin closes it early: that is not an error.
    child.stdin.on("error", () => {});
    child.stdin.end(options.stdin);
  });
}
