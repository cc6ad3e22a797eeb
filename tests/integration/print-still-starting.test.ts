import { chmodSync, existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  copyBuiltCli,
  createCliSandbox,
  modelScript,
  NODE,
  toolUse,
  type BuiltCli,
  type CliSandbox,
} from "../helpers/cli-sandbox.ts";

// A cold `npx -y pkg` still installing when a `-p` run or `mcp list` ends: killing it
// would abort the install, and the next run would be cold again. A real subprocess that
// sleeps before it answers (the "install"), then writes a marker, stands in for it.
const SLEEPY = resolve(import.meta.dirname, "../helpers/sleepy-server.mjs");

let built: BuiltCli;
let box: CliSandbox;
beforeAll(async () => {
  built = await copyBuiltCli();
  box = await createCliSandbox(built.cli);
});
afterAll(async () => {
  await box?.dispose();
  await built?.dispose();
});

/** Whether a process runs (a zombie does not count: it already ended). */
function running(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.[0] !== "Z";
  } catch {
    return false;
  }
}

async function until(test: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!test() && Date.now() < deadline) await new Promise((done) => setTimeout(done, 50));
  return test();
}

async function coldServer(name: string, delayMs: number): Promise<{ pids: string; ready: string }> {
  const pids = join(box.root, `${name}-pids`);
  const ready = join(box.root, `${name}-ready`);
  await box.write(join(pids, ".keep"), "");
  const env = {
    SLEEPY_DELAY_MS: String(delayMs),
    SLEEPY_TOOLS: "install_tool",
    SLEEPY_PID_DIR: pids,
    SLEEPY_READY_FILE: ready,
  };
  await box.write(join(box.home, "mcp.json"), { mcpServers: { cold: { command: NODE, args: [SLEEPY], env } } });
  return { pids, ready };
}

/** Live processes whose command line (`cmdline`) or environment (`environ`) holds `text`. */
function processesWith(part: "cmdline" | "environ", text: string): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry) && Number(entry) !== process.pid)
    .filter((entry) => {
      try {
        return readFileSync(`/proc/${entry}/${part}`, "latin1").includes(text) && running(Number(entry));
      } catch {
        return false;
      }
    })
    .map(Number);
}

const pidsIn = (dir: string) =>
  readdirSync(dir)
    .filter((file) => /^\d+$/.test(file))
    .map(Number);

describe("a server still starting when the run ends", () => {
  it("-p exits at once; the server finishes its start and exits by itself at EOF", async () => {
    const { pids, ready } = await coldServer("print", 3000);
    const started = Date.now();
    const run = await box.run(["-p", "hello", "--output-format", "json"], { env: { MCP_TIMEOUT: "300" } });
    const tookMs = Date.now() - started;
    expect(run.code).toBe(0);
    // Started and silent, not "installing": its command is no npx.
    expect(run.stderr).toContain(
      "MCP server cold: started, no answer to initialize after 0.3 s (MCP_TIMEOUT gives it longer); its tools are not in this run",
    );
    // mini-cc did not wait for the 3 s "install" (its own start-up is most of this).
    expect(tookMs).toBeLessThan(2800);
    // Still there after mini-cc exited (it may still be loading: its pid file comes after its imports).
    expect(await until(() => pidsIn(pids).length === 1, 5000)).toBe(true);
    const [pid] = pidsIn(pids);
    expect(existsSync(ready)).toBe(false);
    expect(running(pid!)).toBe(true);
    // The "install" completes, the server reads EOF on stdin and exits: no orphan left running, no zombie.
    expect(await until(() => existsSync(ready), 10_000)).toBe(true);
    expect(await until(() => !running(pid!), 10_000)).toBe(true);
  }, 30_000);

  it("one that never reads its stdin is killed once its startup grace is over, after mini-cc exited", async () => {
    const pidFile = join(box.root, "deaf-pid");
    const deaf = `require("node:fs").writeFileSync(${JSON.stringify(pidFile)}, String(process.pid)); setInterval(() => {}, 1000);`;
    await box.write(join(box.home, "mcp.json"), { mcpServers: { deaf: { command: NODE, args: ["-e", deaf] } } });
    const run = await box.run(["-p", "hello", "--output-format", "json"], {
      // The grace counts from the server's spawn: long enough that a slow start on a busy machine
      // still leaves some of it after mini-cc has exited.
      env: { MCP_TIMEOUT: "300", MCP_STARTUP_GRACE_MS: "4000" },
    });
    expect(run.code).toBe(0);
    expect(await until(() => existsSync(pidFile), 5000)).toBe(true);
    const pid = Number(readFileSync(pidFile, "utf8"));
    expect(running(pid)).toBe(true);
    expect(await until(() => !running(pid), 10_000)).toBe(true);
  }, 30_000);

  it("one reaper watches 30 servers left starting, and ends each when its grace from its own start is over", async () => {
    const servers = Object.fromEntries(
      Array.from({ length: 30 }, (_, i) => [`deaf${i}`, { command: "sleep", args: ["120"] }]),
    );
    await box.write(join(box.home, "mcp.json"), { mcpServers: servers });
    // The run lasts about 3 s, so each server's 6 s grace has about 3 s left when mini-cc exits.
    const script = await box.write(
      "slow-run.json",
      modelScript([toolUse("t1", "Bash", { command: "sleep 3" })], [{ type: "text", text: "done" }]),
    );
    const cli = box.start(["-p", "go", "--output-format", "json", "--model-script", script, "--allowedTools", "Bash"], {
      env: { MCP_TIMEOUT: "300", MCP_STARTUP_GRACE_MS: "6000" },
    });
    const marker = `${cli.child.pid}-`; // each server's marker starts with mini-cc's pid
    const run = await cli.ended;
    const exitedAt = Date.now();
    expect(run.code).toBe(0);
    const left = processesWith("environ", `MINI_CC_MCP_SERVER=${marker}`);
    expect(left.length).toBe(30);
    expect(processesWith("cmdline", marker).length).toBe(1);
    expect(await until(() => left.every((pid) => !running(pid)), 4500)).toBe(true);
    expect(Date.now() - exitedAt).toBeLessThan(4500);
    expect(await until(() => processesWith("cmdline", marker).length === 0, 3000)).toBe(true);
  }, 30_000);

  it("mcp list too", async () => {
    const { pids, ready } = await coldServer("list", 2500);
    const run = await box.run(["mcp", "list"], { env: { MCP_TIMEOUT: "300" } });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      "… pending: started, no answer to initialize after 0.3 s (MCP_TIMEOUT gives it longer)",
    );
    expect(await until(() => existsSync(ready), 10_000)).toBe(true);
    const [pid] = pidsIn(pids);
    expect(await until(() => !running(pid!), 10_000)).toBe(true);
  }, 30_000);

  it("says npx may still be installing a package not yet in npm's cache", async () => {
    // A fake npx that stays silent: the package it names is in no npx cache under this HOME.
    const bin = join(box.root, "fake-bin");
    await box.write(join(bin, "npx"), "#!/bin/sh\nexec sleep 5\n");
    chmodSync(join(bin, "npx"), 0o755);
    await box.write(join(box.home, "mcp.json"), {
      mcpServers: { fresh: { command: join(bin, "npx"), args: ["-y", "some-mcp-server"] } },
    });
    const run = await box.run(["-p", "hello", "--output-format", "json"], {
      env: { MCP_TIMEOUT: "300", MCP_STARTUP_GRACE_MS: "1000" },
    });
    expect(run.stderr).toContain(
      "MCP server fresh: still starting after 0.3 s: npx may still be installing the package (MCP_TIMEOUT gives it longer)",
    );
  }, 30_000);
});
