import { beforeEach, describe, expect, it } from "vitest";
import { addCommand } from "../../src/cli/mcp/add.ts";
import { resolveHome } from "../../src/home.ts";
import { cliForTestFile, NODE, TRACKER, type CliSandbox } from "../helpers/cli-sandbox.ts";

// `mini-cc mcp …` as users run it: the bundled CLI (dist/, from `npm run build`) in its own process.

const cli = cliForTestFile();
let box: CliSandbox;
beforeEach(async () => {
  box = await cli.sandbox();
});

/** Runs `mini-cc ...argv` to its exit: its status and output. */
async function mini(...argv: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const { code, stdout, stderr } = await box.run(argv);
  return { status: code, stdout, stderr };
}

describe("mini-cc mcp (bundled CLI)", () => {
  it("adds the tracker, lists it connected and exits 0", async () => {
    expect(await mini("mcp", "add", "tracker", "--", NODE, TRACKER)).toEqual({
      status: 0,
      stdout: `Added stdio MCP server tracker to local config (${resolveHome(box.env, "/nowhere").localConfig})\n`,
      stderr: "",
    });
    expect(await mini("mcp", "list")).toEqual({
      status: 0,
      stdout: `tracker: ${NODE} ${TRACKER} (local) - ✔ connected · 3 tools\n`,
      stderr: "",
    });
  });

  it("exits 1 with --strict when a server fails to connect", async () => {
    await mini("mcp", "add", "broken", "--", "nope-mini-cc-command");
    expect(await mini("mcp", "list", "--strict")).toEqual({
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
