import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ServerEntry } from "../../src/config/types.ts";
import { fingerprint } from "../../src/mcp/fingerprint.ts";
import { createSandbox, type CommandSandbox } from "../helpers/mcp-command-io.ts";

let box: CommandSandbox;
beforeEach(async () => {
  box = await createSandbox();
});
afterEach(async () => {
  await box.dispose();
});

const TRACKER: ServerEntry = { command: "node", args: ["tracker server.js", "--port", "3"], env: { TOKEN: "${TOKEN}", MODE: "dev" } };

describe("mcp get", () => {
  it("shows a project server as written, not approved, with its fingerprint", async () => {
    await box.write(box.projectFile, JSON.stringify({ mcpServers: { tracker: TRACKER } }));
    expect(await box.run(["get", "tracker"])).toEqual({
      status: 0,
      stderr: "",
      stdout: [
        "tracker:",
        `  Scope: project (${box.projectFile})`,
        "  Type: stdio",
        "  Command: node",
        '  Args: "tracker server.js" --port 3',
        "  Env:",
        "    TOKEN=${TOKEN}",
        "    MODE=dev",
        "  Approval: not approved (run: mini-cc mcp approve tracker)",
        `  Fingerprint: ${fingerprint(TRACKER)}`,
        "",
        "To remove it: mini-cc mcp remove tracker -s project",
        "",
      ].join("\n"),
    });
  });

  it("shows when a project server was approved", async () => {
    await box.write(box.projectFile, JSON.stringify({ mcpServers: { tracker: TRACKER } }));
    await box.run(["approve", "tracker"]);
    const run = await box.run(["get", "tracker"]);
    expect(run.stdout).toContain("\n  Approval: approved (2026-05-01T10:00:00.000Z)\n");
  });

  it("shows a project server that changed since its approval", async () => {
    await box.write(box.projectFile, JSON.stringify({ mcpServers: { tracker: TRACKER } }));
    await box.run(["approve", "tracker"]);
    await box.write(box.projectFile, JSON.stringify({ mcpServers: { tracker: { ...TRACKER, args: ["other.js"] } } }));
    const run = await box.run(["get", "tracker"]);
    expect(run.stdout).toContain("\n  Approval: changed since approval (run: mini-cc mcp approve tracker)\n");
  });

  it("shows a remote server's url and headers, and the scope it overrides", async () => {
    await box.run(["add", "-s", "user", "docs", "--", "node", "docs.js"]);
    await box.run(["add", "-t", "http", "-H", "Authorization: Bearer ${T}", "docs", "https://example.com/mcp"]);
    expect(await box.run(["get", "docs"])).toEqual({
      status: 0,
      stderr: "",
      stdout: [
        "docs:",
        `  Scope: local (${box.home.localConfig})`,
        "  Type: http",
        "  URL: https://example.com/mcp",
        "  Headers:",
        "    Authorization: Bearer ${T}",
        `  Overrides: user config (${box.home.userConfig})`,
        "",
        "To remove it: mini-cc mcp remove docs -s local",
        "",
      ].join("\n"),
    });
  });

  it("shows an invalid entry with its reason and exits 1", async () => {
    await box.write(box.home.userConfig, JSON.stringify({ mcpServers: { bad: { type: "ws", url: "x" } } }));
    expect(await box.run(["get", "bad"])).toEqual({
      status: 1,
      stderr: "",
      stdout: [
        "bad:",
        `  Scope: user (${box.home.userConfig})`,
        '  Entry: {"type":"ws","url":"x"}',
        '  Invalid: mcpServers.bad.type: expected "stdio", "http" or "sse", got "ws"',
        "",
        "To remove it: mini-cc mcp remove bad -s user",
        "",
      ].join("\n"),
    });
  });

  it("names the scopes searched for an unknown name", async () => {
    expect(await box.run(["get", "ghost"])).toEqual({
      status: 1,
      stdout: "",
      stderr:
        `mini-cc mcp get: no server named "ghost" in local (${box.home.localConfig}), ` +
        `project (${box.projectFile}) or user (${box.home.userConfig})\n`,
    });
  });

  it("reports a config file that is not valid JSON and still finds the others", async () => {
    await box.write(box.projectFile, "{");
    await box.run(["add", "-s", "user", "docs", "--", "node", "docs.js"]);
    const run = await box.run(["get", "docs"]);
    expect(run.status).toBe(0);
    expect(run.stderr).toBe(`${box.projectFile}:1:2: invalid JSON (Expected property name or '}')\n`);
  });
});
