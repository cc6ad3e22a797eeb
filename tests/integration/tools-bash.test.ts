import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BashTool } from "../../src/tools/bash.ts";
import { CappedOutput } from "../../src/tools/capped-output.ts";

const bash = new BashTool();
let dir: string;
const ctx = (signal = new AbortController().signal) => ({ cwd: dir, signal });

beforeEach(async () => {
  dir = await realpath(await mkdtemp(path.join(tmpdir(), "mini-cc-bash-")));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A process counts as gone once it no longer exists or is a zombie nobody reaped yet. */
function isRunning(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}

async function waitUntilGone(pid: number): Promise<boolean> {
  for (let i = 0; i < 40 && isRunning(pid); i++) await new Promise((r) => setTimeout(r, 50));
  return !isRunning(pid);
}

describe("Bash", () => {
  it("returns stdout and stderr in order and reports a non-zero exit code", async () => {
    expect(await bash.run({ command: "echo out; echo err >&2; echo more; exit 3" }, ctx())).toEqual({
      content: "out\nerr\nmore\nExit code 3",
      isError: true,
    });
  });

  it("says when a successful command printed nothing", async () => {
    expect(await bash.run({ command: "true" }, ctx())).toEqual({ content: "(no output)", isError: false });
  });

  it("runs in the working directory", async () => {
    expect(await bash.run({ command: "pwd" }, ctx())).toEqual({ content: dir, isError: false });
  });

  it("reports syntax errors the way bash -c does", async () => {
    expect((await bash.run({ command: "echo (" }, ctx())).content).toBe(
      "bash: -c: line 1: syntax error near unexpected token `newline'\nbash: -c: line 1: `echo ('\nExit code 2",
    );
  });

  it("kills the whole process tree on timeout", async () => {
    const result = await bash.run({ command: "sleep 30 & echo $!; wait", timeout: 300 }, ctx());
    const [head, pid] = (result.content as string).split("\n");
    expect([head, result.isError]).toEqual(["Command timed out after 0.3s", true]);
    expect(await waitUntilGone(Number(pid))).toBe(true);
  });

  it("returns once the shell exits, even while a background job holds the output", async () => {
    const started = Date.now();
    const result = await bash.run({ command: "sleep 5 & echo $!" }, ctx());
    process.kill(Number(result.content), "SIGKILL");
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("stops the command when the signal aborts", async () => {
    const controller = new AbortController();
    const running = bash.run({ command: "echo started; sleep 30 & echo $!; wait" }, ctx(controller.signal));
    setTimeout(() => controller.abort(), 300);
    const result = await running;
    const [head, started, pid] = (result.content as string).split("\n");
    expect([head, started, result.isError]).toEqual(["Command was aborted", "started", true]);
    expect(await waitUntilGone(Number(pid))).toBe(true);
  });

  it("does not start when the signal is already aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    expect(await bash.run({ command: "touch ran" }, ctx(controller.signal))).toEqual({
      content: "Command was aborted",
      isError: true,
    });
    expect(existsSync(path.join(dir, "ran"))).toBe(false);
  });

  it("caps the output at 30000 characters, keeping the start and the end", async () => {
    const result = await bash.run(
      { command: "head -c 20000 /dev/zero | tr '\\0' a; head -c 20000 /dev/zero | tr '\\0' b" },
      ctx(),
    );
    expect(result.content).toBe(`${"a".repeat(15000)}\n\n… [10000 characters of output cut] …\n\n${"b".repeat(15000)}`);
  });

  it("names the field when the input has the wrong type", async () => {
    expect(await bash.run({ command: "true", timeout: "5s" }, ctx())).toEqual({
      content: "Bash: timeout must be an integer",
      isError: true,
    });
  });

  it("summarizes the command's first line, cut to 60 characters", () => {
    expect(bash.summarize({ command: "npm test" })).toBe("npm test");
    expect(bash.summarize({ command: "cd src\nls" })).toBe("cd src …");
    expect(bash.summarize({ command: "x".repeat(70) })).toBe(`${"x".repeat(60)}…`);
    expect(bash.readOnly).toBe(false);
  });
});

describe("CappedOutput", () => {
  it("keeps the first and last halves across chunks and counts the cut", () => {
    const output = new CappedOutput(4);
    for (const chunk of ["abc", "defgh", "ij"]) output.append(chunk);
    expect(output.text()).toBe("ab\n\n… [6 characters of output cut] …\n\nij");
  });
});
