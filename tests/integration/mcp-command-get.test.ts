import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { NODE, TEST_SERVER, TRACKER } from "../helpers/cli-sandbox.ts";
import { commandSandboxesForTestFile, type CommandSandbox } from "../helpers/mcp-command-io.ts";

// Real subprocesses, run by the Node running the tests (bare `node` may be older).
const sandboxes = commandSandboxesForTestFile();
let box: CommandSandbox;
beforeEach(async () => {
  box = await sandboxes.create();
});

describe("mcp get with real servers", () => {
  it("connects the example tracker, lists its tools and exits 0", async () => {
    await box.run(["add", "tracker", "--", NODE, TRACKER]);
    expect(await box.run(["get", "tracker"])).toEqual({
      status: 0,
      stderr: "",
      stdout: [
        "tracker:",
        `  Scope: local (${box.home.localConfig})`,
        "  Type: stdio",
        `  Command: ${NODE}`,
        `  Args: ${TRACKER}`,
        "  Status: ✔ connected · 3 tools",
        "  Protocol: 2025-11-25",
        "  Capabilities: tools (listChanged)",
        "  Read-only hints: its read-only tools run without asking: 2 of 3",
        "    list_issues  (read-only)",
        "    get_issue  (read-only)",
        "    add_comment",
        "",
        "To remove it: mini-cc mcp remove tracker -s local",
        "",
      ].join("\n"),
    });
  });

  it("counts and lists only the tools the entry's filter offers (excludeTools)", async () => {
    await box.run([
      "add-json",
      "tracker",
      JSON.stringify({ command: NODE, args: [TRACKER], excludeTools: ["get_issue"] }),
    ]);
    const { status, stdout } = await box.run(["get", "tracker"]);
    expect(status).toBe(0);
    expect(stdout).toContain("  Status: ✔ connected · 2 tools\n");
    expect(stdout).toContain("    list_issues  (read-only)\n    add_comment\n");
    expect(stdout).not.toContain("    get_issue");
  });

  it("shows a server that dies at startup with its own last words and its log, and exits 1", async () => {
    await box.run(["add", "-e", "MCP_TEST_MODE=exit", "dying", "--", NODE, TEST_SERVER]);
    expect(await box.run(["get", "--strict", "dying"], { homedir: box.root })).toEqual({
      status: 1,
      stderr: "",
      stdout: [
        "dying:",
        `  Scope: local (${box.home.localConfig})`,
        "  Type: stdio",
        `  Command: ${NODE}`,
        `  Args: ${TEST_SERVER}`,
        "  Env:",
        "    MCP_TEST_MODE=exit",
        "  Status: ✘ failed: server exited (code 3): Error: boom at startup",
        "  Log: ~/home/logs/mcp-dying.log",
        "",
        "To remove it: mini-cc mcp remove dying -s local",
        "",
      ].join("\n"),
    });
    expect(await box.read(join(box.home.logs, "mcp-dying.log"))).toContain("\nstarting up\nError: boom at startup\n");
  });
});
