import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSandbox, type CommandSandbox } from "../../../helpers/mcp-command-io.ts";

let box: CommandSandbox;
beforeEach(async () => {
  box = await createSandbox();
});
afterEach(async () => {
  await box.dispose();
});

describe("mcp remove", () => {
  it("removes from the only scope that declares the name", async () => {
    await box.run(["add", "-s", "user", "tracker", "--", "node", "t.js"]);
    await box.run(["add", "-s", "user", "other", "--", "node", "o.js"]);
    const run = await box.run(["remove", "tracker"]);
    expect(run).toEqual({
      status: 0,
      stdout: `Removed MCP server tracker from user config (${box.home.userConfig})\n`,
      stderr: "",
    });
    expect(await box.readJson(box.home.userConfig)).toEqual({
      mcpServers: { other: { command: "node", args: ["o.js"] } },
    });
  });

  it("removes from the scope given with -s", async () => {
    await box.run(["add", "-s", "user", "tracker", "--", "node", "u.js"]);
    await box.run(["add", "-s", "project", "tracker", "--", "node", "p.js"]);
    const run = await box.run(["remove", "-s", "project", "tracker"]);
    expect(run.stdout).toBe(`Removed MCP server tracker from project config (${box.projectFile})\n`);
    expect(await box.readJson(box.projectFile)).toEqual({ mcpServers: {} });
    expect(await box.readJson(box.home.userConfig)).toEqual({
      mcpServers: { tracker: { command: "node", args: ["u.js"] } },
    });
  });

  it("lists the scopes when several declare the name and none is given", async () => {
    await box.run(["add", "tracker", "--", "node", "l.js"]);
    await box.run(["add", "-s", "user", "tracker", "--", "node", "u.js"]);
    const run = await box.run(["remove", "tracker"]);
    expect(run).toEqual({
      status: 1,
      stdout: "",
      stderr:
        `mini-cc mcp remove: "tracker" is declared in several scopes: local (${box.home.localConfig}), ` +
        `user (${box.home.userConfig}); choose one with -s local|user\n`,
    });
    expect(await box.readJson(box.home.userConfig)).toEqual({
      mcpServers: { tracker: { command: "node", args: ["u.js"] } },
    });
  });

  it("fails for a name no scope declares", async () => {
    expect(await box.run(["remove", "ghost"])).toEqual({
      status: 1,
      stdout: "",
      stderr: 'mini-cc mcp remove: No server named "ghost" in local, project or user scope.\n',
    });
  });

  it("fails for a name the given scope does not declare", async () => {
    await box.run(["add", "tracker", "--", "node", "l.js"]);
    expect(await box.run(["remove", "-s", "user", "tracker"])).toEqual({
      status: 1,
      stdout: "",
      stderr: `mini-cc mcp remove: No server named "tracker" in user scope (${box.home.userConfig}).\n`,
    });
  });

  it("never overwrites a config file that is not valid JSON", async () => {
    const broken = '{"mcpServers": {"tracker": {"command": "x"}}';
    await box.write(box.projectFile, broken);
    const run = await box.run(["remove", "-s", "project", "tracker"]);
    expect(run).toEqual({
      status: 1,
      stdout: "",
      stderr: `mini-cc mcp remove: ${box.projectFile}:1:45: invalid JSON (Expected ',' or '}' after property value)\n`,
    });
    expect(await box.read(box.projectFile)).toBe(broken);
  });
});
