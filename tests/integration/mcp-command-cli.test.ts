import { spawn } from "node:child_process";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addCommand } from "../../src/commands/mcp/add.ts";
import { createSandbox, type CommandSandbox } from "../helpers/mcp-command-io.ts";
import { copyBuiltCli, NODE, ROOT, type BuiltCli } from "../helpers/print-cli.ts";

// `mini-cc mcp …` as users run it: the bundled CLI (dist/, from `npm run build`) in its own process.
const TRACKER = join(ROOT, "examples/mcp_tracker_server.ts");

let built: BuiltCli;
beforeAll(async () => {
  built = await copyBuiltCli();
});
afterAll(async () => {
  await built.dispose();
});

let box: CommandSandbox;
beforeEach(async () => {
  box = await createSandbox();
});
afterEach(async () => {
  await box.dispose();
});

/** Runs the CLI to its exit (the test fails by timeout if it never exits). */
function mini(...argv: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((done, fail) => {
    const child = spawn(NODE, [built.cli, ...argv], { cwd: box.cwd, env: box.env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
    child.on("error", fail);
    child.on("close", (status) => done({ status, stdout, stderr }));
  });
}

describe("mini-cc mcp (bundled CLI)", () => {
  it("adds the tracker, lists it connected and exits 0", async () => {
    expect(await mini("mcp", "add", "tracker", "--", NODE, TRACKER)).toEqual({
      status: 0,
      stdout: `Added stdio MCP server tracker to local config (${box.home.localConfig})\n`,
      stderr: "",
    });
    expect(await mini("mcp", "list")).toEqual({
      status: 0,
      stdout: `tracker: ${NODE} ${TRACKER} (local) - ✔ connected · 3 tools\n`,
      stderr: "",
    });
  });

  it("exits 1 when a server fails to connect", async () => {
    await mini("mcp", "add", "broken", "--", "nope-mini-cc-command");
    expect(await mini("mcp", "list")).toEqual({
      status: 1,
      stdout: "broken: nope-mini-cc-command (local) - ✘ failed: command not found: nope-mini-cc-command\n",
      stderr: "",
    });
  });

  it("exits 2 with one line and the usage for a usage error", async () => {
    expect(await mini("mcp", "add", "-e", "NOEQUALS", "x", "--", "node")).toEqual({
      status: 2,
      stdout: "",
      stderr: `mini-cc mcp add: invalid --env value "NOEQUALS": expected KEY=VALUE\n${addCommand.usage}\n`,
    });
  });
});
