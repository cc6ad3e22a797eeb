/**
 * The Bash watchdog (src/processes/bash-watchdog.ts) in a real process that
 * dies of kill -9 right after starting a command: the command's group is ended
 * at once, one that ignores SIGTERM a grace later, and a group released before
 * the death is left alone.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { killedRunLeftoversForTestFile } from "../helpers/killed-run-leftovers.ts";

const WATCHDOG = join(import.meta.dirname, "../../src/processes/bash-watchdog.ts");
const { groups: leftovers } = killedRunLeftoversForTestFile();

/** A Node process that starts each command in a group of its own, watches or releases it, prints the groups and waits. */
function session(
  commands: ReadonlyArray<{ sh: string; release?: boolean }>,
): Promise<{ child: ChildProcess; groups: number[] }> {
  const code = `
    import { spawn } from "node:child_process";
    import { watchGroup, releaseGroup } from ${JSON.stringify(WATCHDOG)};
    const groups = [];
    for (const { sh, release } of ${JSON.stringify(commands)}) {
      const command = spawn("/bin/sh", ["-c", sh], { detached: true, stdio: "ignore" });
      command.unref();
      watchGroup(command.pid);
      if (release) releaseGroup(command.pid);
      groups.push(command.pid);
    }
    console.log(JSON.stringify(groups));
    setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ["--input-type=module", "-e", code], { stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    child.stdout!.once("data", (data: Buffer) => {
      const groups = JSON.parse(String(data)) as number[];
      leftovers.push(...groups);
      resolve({ child, groups });
    });
    child.once("exit", (code) => reject(new Error(`the session exited (${code}) before starting its commands`)));
  });
}

/** The group's leader still runs (a zombie waiting for its new parent to reap it has ended). */
const alive = (pgid: number): boolean => {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pgid}/stat`, "utf8"));
  } catch {
    return false;
  }
};

async function until(check: () => boolean, timeoutMs: number): Promise<number> {
  const started = performance.now();
  while (!check()) {
    if (performance.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return performance.now() - started;
}

describe.runIf(process.platform === "linux")("the Bash watchdog", () => {
  it("ends a watched group as soon as its session dies of kill -9, even at once after the command started", async () => {
    const { child, groups } = await session([{ sh: "sleep 30" }, { sh: "sleep 30", release: true }]);
    const [watched, released] = groups as [number, number];
    child.kill("SIGKILL");
    // A shell reads its pipe within milliseconds (~10 ms here; the Node process it replaced took 60-80 ms).
    expect(await until(() => !alive(watched), 900)).toBeLessThan(500);
    expect(alive(released)).toBe(true);
  });

  it("kills a group that ignores SIGTERM after the grace", async () => {
    const { child, groups } = await session([{ sh: "trap '' TERM; while :; do sleep 0.05; done" }]);
    child.kill("SIGKILL");
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(alive(groups[0]!)).toBe(true);
    expect(await until(() => !alive(groups[0]!), 2500)).toBeGreaterThan(0);
  });
});
