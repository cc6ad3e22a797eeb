import { spawnSync } from "node:child_process";
import { mkdtemp, readFile, symlink, writeFile } from "node:fs/promises";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { withFileLock } from "../../../src/fs/file-lock.ts";

const file = async () => join(await mkdtemp(join(tmpdir(), "file-lock-")), "config.json");
/** The pid of a process that has already ended. */
const endedPid = () =>
  Number(spawnSync(process.execPath, ["-e", "console.log(process.pid)"], { encoding: "utf8" }).stdout);

describe("withFileLock", () => {
  it("runs holders one at a time, and names its holder in the lock while it runs", async () => {
    const path = await file();
    const order: string[] = [];
    const hold = (name: string) =>
      withFileLock(path, async () => {
        order.push(`${name} in`);
        expect(await readFile(`${path}.lock`, "utf8")).toBe(`${process.pid}@${hostname()}\n`);
        await new Promise((resolve) => setTimeout(resolve, 20));
        order.push(`${name} out`);
      });
    await Promise.all([hold("a"), hold("b")]);
    // Either may win the lock; the other comes in only once the first is out.
    const [first, second] = order[0] === "a in" ? ["a", "b"] : ["b", "a"];
    expect(order).toEqual([`${first} in`, `${first} out`, `${second} in`, `${second} out`]);
  });

  it("takes at once a lock whose holder on this host has ended (a kill -9 in the middle of a write)", async () => {
    const path = await file();
    await writeFile(`${path}.lock`, `${endedPid()}@${hostname()}\n`);
    const started = Date.now();
    expect(await withFileLock(path, async () => "taken", { staleMs: 60_000, timeoutMs: 5_000 })).toBe("taken");
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it("waits for a live holder, another host's or an older pid-only lock, then names the lock it gave up on", async () => {
    const path = await file();
    for (const holder of [`${process.ppid}@${hostname()}`, `${endedPid()}@elsewhere.example`, `${endedPid()}`]) {
      await writeFile(`${path}.lock`, `${holder}\n`);
      await expect(withFileLock(path, async () => "taken", { staleMs: 60_000, timeoutMs: 150 })).rejects.toThrow(
        `waiting for lock ${path}.lock; remove it if no mini-cc is running`,
      );
    }
  });

  it("never reads a lock that is a link (a repository's .mcp.json.lock to /dev/zero): it goes by age alone", async () => {
    const path = await file();
    await symlink("/dev/zero", `${path}.lock`);
    // Read, /dev/zero would never end; by age (the device's, old) the lock is stale and taken.
    expect(await withFileLock(path, async () => "taken", { staleMs: 60_000, timeoutMs: 2_000 })).toBe("taken");
  });

  it("still takes a lock older than staleMs, whoever holds it", async () => {
    const path = await file();
    await writeFile(`${path}.lock`, `${process.ppid}@${hostname()}\n`);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await withFileLock(path, async () => "taken", { staleMs: 30, timeoutMs: 5_000 })).toBe("taken");
  });
});
