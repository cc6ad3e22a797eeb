import { stat } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { memoryTransports, serverWith } from "../../../helpers/mcp-fixtures.ts";
import { createSandbox, type CommandSandbox } from "../../../helpers/mcp-command-io.ts";

let box: CommandSandbox;
beforeEach(async () => {
  box = await createSandbox();
});
afterEach(async () => {
  await box.dispose();
});

describe("mcp disable / enable", () => {
  it("writes the per-project list in the home folder (0600), never the project's .mcp.json", async () => {
    const mcpJson = JSON.stringify({ mcpServers: { tracker: { command: "node", args: ["t.js"] } } });
    await box.write(box.projectFile, mcpJson);
    const run = await box.run(["disable", "tracker"]);
    expect(run).toEqual({
      status: 0,
      stdout: `Disabled tracker (project config, ${box.projectFile}) in ${box.cwd}: sessions here will not start it. Undo: mini-cc mcp enable tracker\n`,
      stderr: "",
    });
    expect(await box.readJson(box.home.disabled)).toEqual({ [box.cwd]: ["tracker"] });
    expect((await stat(box.home.disabled)).mode & 0o777).toBe(0o600);
    expect(await box.read(box.projectFile)).toBe(mcpJson);

    expect((await box.run(["disable", "tracker"])).stdout).toBe(
      `tracker (project config, ${box.projectFile}) is already disabled in ${box.cwd}.\n`,
    );
    expect(await box.run(["enable", "tracker"])).toEqual({
      status: 0,
      stdout: `Enabled tracker (project config, ${box.projectFile}) in ${box.cwd}: sessions here start it again.\n`,
      stderr: "",
    });
    expect(await box.readJson(box.home.disabled)).toEqual({});
    expect(await box.read(box.projectFile)).toBe(mcpJson);
  });

  it("fails with exit 1 for an unknown name, naming the servers there are", async () => {
    await box.run(["add", "-s", "user", "one", "--", "node", "one.js"]);
    await box.run(["add", "two", "--", "node", "two.js"]);
    expect(await box.run(["disable", "nope"])).toEqual({
      status: 1,
      stdout: "",
      stderr: 'mini-cc mcp disable: no server named "nope" in this project\'s scopes; servers: two, one\n',
    });
    expect((await box.run(["enable", "nope"])).status).toBe(1);
    expect((await box.run(["disable"])).status).toBe(2);
  });

  it("says which entry is switched when several scopes declare the name", async () => {
    await box.run(["add", "-s", "user", "tracker", "--", "node", "u.js"]);
    await box.run(["add", "tracker", "--", "node", "l.js"]);
    const run = await box.run(["disable", "tracker"]);
    expect(run.stdout).toBe(
      `Disabled tracker (local config, ${box.home.localConfig}; overrides user config) in ${box.cwd}: sessions here will not start it. Undo: mini-cc mcp enable tracker\n`,
    );
    // Removing the local entry leaves the user one, still switched off by name here.
    await box.run(["remove", "-s", "local", "tracker"]);
    const get = await box.run(["get", "--no-connect", "tracker"]);
    expect(get.stdout).toContain("  Scope: user");
    expect(get.stdout).toContain("  Disabled: in this project (run: mini-cc mcp enable tracker)\n");
  });

  it("mcp list and mcp get show a disabled server as disabled, never start it, and do not count it as a failure", async () => {
    await box.run(["add", "-s", "user", "one", "--", "node", "one.js"]);
    await box.run(["add", "-s", "user", "off", "--", "node", "off.js"]);
    await box.run(["disable", "off"]);
    const { factory, built } = memoryTransports({ one: serverWith("ping"), off: serverWith("x") });
    expect(await box.run(["list"], { transportFactory: factory })).toEqual({
      status: 0,
      stdout:
        "one: node one.js (user) - ✔ connected · 1 tool\noff: node off.js (user) - ○ disabled: disabled by user (run: mini-cc mcp enable off)\n",
      stderr: "",
    });
    const get = await box.run(["get", "off"], { transportFactory: factory });
    expect(get.status).toBe(0);
    expect(get.stdout).toContain("  Status: ○ disabled: disabled by user (run: mini-cc mcp enable off)\n");
    expect(built.off).toBeUndefined();
  });
});
