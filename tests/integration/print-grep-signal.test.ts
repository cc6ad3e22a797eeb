import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { ChildProcess } from "node:child_process";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cliForTestFile, modelScript, toolUse, type CliSandbox } from "../helpers/cli-sandbox.ts";

// A Grep pattern that backtracks for ever must not take the agent with it:
// the process still answers SIGTERM and SIGINT at once.

const cli = cliForTestFile();
let box: CliSandbox;
let started: ChildProcess | undefined;
afterEach(() => {
  // A run that did not stop would search for hours: never leave it behind.
  if (started?.exitCode === null && started.signalCode === null) started.kill("SIGKILL");
});
beforeEach(async () => {
  box = await cli.sandbox();
  // `^(a+)+$` against 40 a's and a b: about 2^40 steps.
  await writeFile(join(box.project, "long.txt"), `${"a".repeat(40)}b\n`);
});

async function startCatastrophicGrep() {
  const script = await box.write(
    "script.json",
    modelScript(
      [toolUse("t1", "Grep", { pattern: "^(a+)+$", output_mode: "content" })],
      [{ type: "text", text: "never" }],
    ),
  );
  const running = box.start(["-p", "go", "--model-script", script, "--output-format", "stream-json"]);
  started = running.child;
  // Wait until the Grep call has been reported: the search is then running.
  await new Promise<void>((resolve) => {
    let seen = "";
    running.child.stdout.on("data", (chunk: Buffer) => {
      seen += chunk;
      if (seen.includes('"tool_use"')) resolve();
    });
  });
  await new Promise((resolve) => setTimeout(resolve, 300));
  return running;
}

describe("Grep with a catastrophic pattern in print mode", () => {
  it("exits promptly on SIGTERM", async () => {
    const { child, ended } = await startCatastrophicGrep();
    const sent = Date.now();
    child.kill("SIGTERM");
    const run = await ended;
    expect(Date.now() - sent).toBeLessThan(2_000);
    expect(run.code).toBe(143);
  });

  it("stops the search on SIGINT and reports the interruption", async () => {
    const { child, ended } = await startCatastrophicGrep();
    const sent = Date.now();
    child.kill("SIGINT");
    const run = await ended;
    expect(Date.now() - sent).toBeLessThan(2_000);
    expect(run.code).toBe(1);
    expect(run.lines.at(-1)).toMatchObject({ type: "result", subtype: "error_during_execution", is_error: true });
  });
});
