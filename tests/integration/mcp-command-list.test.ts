import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { NODE, TEST_SERVER, TRACKER, WRAPPER } from "../helpers/cli-sandbox.ts";
import { gone } from "../helpers/mcp-fixtures.ts";
import { commandSandboxesForTestFile, type CommandSandbox } from "../helpers/mcp-command-io.ts";

// Real subprocesses: the example tracker and the test server, run by the Node running the tests (bare `node` may be older).
const sandboxes = commandSandboxesForTestFile();
let box: CommandSandbox;
beforeEach(async () => {
  box = await sandboxes.create();
});

describe("mcp list with real servers", () => {
  it("connects the example tracker and exits 0", async () => {
    await box.run(["add", "tracker", "--", NODE, TRACKER]);
    expect(await box.run(["list"])).toEqual({
      status: 0,
      stdout: `tracker: ${NODE} ${TRACKER} (local) - ✔ connected · 3 tools\n`,
      stderr: "",
    });
  });

  it("counts only the tools the entry's filter offers (excludeTools)", async () => {
    await box.run([
      "add-json",
      "tracker",
      JSON.stringify({ command: NODE, args: [TRACKER], excludeTools: ["get_issue"] }),
    ]);
    expect(await box.run(["list"])).toEqual({
      status: 0,
      stdout: `tracker: ${NODE} ${TRACKER} (local) - ✔ connected · 2 tools\n`,
      stderr: "",
    });
  });

  it("shows a command that does not exist as failed and exits 1", async () => {
    await box.run(["add", "tracker", "--", NODE, TRACKER]);
    await box.run(["add", "-s", "user", "broken", "--", "nope-mini-cc-command", "--flag"]);
    expect(await box.run(["list", "--strict"])).toEqual({
      status: 1,
      // User scope first: servers are listed in the order they are loaded, user, project, local.
      stdout:
        "broken: nope-mini-cc-command --flag (user) - ✘ failed: command not found: nope-mini-cc-command\n" +
        `tracker: ${NODE} ${TRACKER} (local) - ✔ connected · 3 tools\n`,
      stderr: "",
    });
  });

  it("points at the log of a server that dies at startup, but not of a command that was never found", async () => {
    await box.run(["add", "-e", "MCP_TEST_MODE=exit", "dying", "--", NODE, TEST_SERVER]);
    await box.run(["add", "broken", "--", "nope-mini-cc-command"]);
    expect(await box.run(["list", "--strict"], { homedir: box.root })).toEqual({
      status: 1,
      stdout:
        `dying: ${NODE} ${TEST_SERVER} (local) - ✘ failed: server exited (code 3): Error: boom at startup\n` +
        "  log: ~/home/logs/mcp-dying.log\n" +
        "broken: nope-mini-cc-command (local) - ✘ failed: command not found: nope-mini-cc-command\n",
      stderr: "",
    });
  });

  it("never spawns an unapproved project server, and spawns it once approved", async () => {
    const marker = join(box.root, "started");
    const env = `MCP_TEST_MARKER=${marker}`;
    await box.run([
      "add",
      "-s",
      "project",
      "-e",
      env,
      "-e",
      `MCP_TEST_NODE=${NODE}`,
      "wrapped",
      "--",
      "/bin/sh",
      WRAPPER,
      TRACKER,
    ]);
    const before = await box.run(["list", "--strict"]);
    expect(before.stdout).toBe(
      `wrapped: /bin/sh ${WRAPPER} ${TRACKER} (project) - ? not approved (run: mini-cc mcp approve wrapped)\n`,
    );
    expect(before.status).toBe(1);
    expect(existsSync(marker)).toBe(false);

    await box.run(["approve", "wrapped"]);
    const after = await box.run(["list", "--strict"]);
    expect(after.stdout).toBe(`wrapped: /bin/sh ${WRAPPER} ${TRACKER} (project) - ✔ connected · 3 tools\n`);
    expect(after.status).toBe(0);
    expect(existsSync(marker)).toBe(true);
  });

  it("leaves no server running when it returns", async () => {
    const pidFile = join(box.root, "server.pid");
    await box.run(["add", "-e", `MCP_TEST_PID_FILE=${pidFile}`, "test", "--", NODE, TEST_SERVER]);
    const run = await box.run(["list"]);
    expect(run.stdout).toBe(`test: ${NODE} ${TEST_SERVER} (local) - ✔ connected · 3 tools\n`);
    const pid = Number(readFileSync(pidFile, "utf8"));
    expect(await gone(pid, 100)).toBe(true);
  });
});
