import { existsSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import {
  cliForTestFile,
  initOf,
  markedServerEntry,
  mcpConfig,
  scriptedStreamRun,
  toolResultsById,
  toolUse,
  type CliSandbox,
} from "../helpers/cli-sandbox.ts";

// An organisation's managed policy (MINI_CC_MANAGED_DIR stands for /etc/claude-code), read by
// the real CLI: its server lists refuse servers of every scope and --mcp-config before they
// start, managed-mcp.json's servers start without asking, its rules and hook policy win, and a
// policy that cannot be read fails closed.

const cli = cliForTestFile();
let box: CliSandbox;
let env: Record<string, string>;
const marker = (name: string) => join(box.root, `${name}.started`);
beforeEach(async () => {
  box = await cli.sandbox();
  env = { MINI_CC_MANAGED_DIR: join(box.root, "managed") };
});

const run = (flags: string[] = []) => scriptedStreamRun(box, [[{ type: "text", text: "ok" }]], flags, { env });

describe("managed policy", () => {
  it("a managed deny list keeps a user-scope server from starting, shown as blocked by policy; mcp add of it writes nothing", async () => {
    await box.write("managed/managed-settings.json", { deniedMcpServers: [{ serverName: "one" }] });
    await box.write(
      "home/mcp.json",
      mcpConfig({ one: markedServerEntry(marker("one")), two: markedServerEntry(marker("two")) }),
    );
    const result = await run();
    expect(existsSync(marker("one"))).toBe(false);
    expect(existsSync(marker("two"))).toBe(true);
    expect(initOf(result.lines)?.mcp_servers).toEqual([
      { name: "one", status: "disabled" },
      { name: "two", status: "connected" },
    ]);
    expect(result.stderr).toContain("mini-cc: MCP server one (user) is off: blocked by policy (deniedMcpServers)");

    const list = await box.run(["mcp", "list"], { env });
    expect(list.stdout).toContain("blocked by policy (deniedMcpServers)");

    const get = await box.run(["mcp", "get", "one"], { env });
    expect(get.stdout).toContain("blocked by policy (deniedMcpServers)");
    expect(existsSync(marker("one"))).toBe(false);

    const add = await box.run(["mcp", "add", "one", "--", "node", "x.js"], { env });
    expect(add.code).not.toBe(0);
    expect(add.stderr).toContain("one is blocked by policy (deniedMcpServers): nothing was written");
    expect(existsSync(join(box.project, ".mcp.json"))).toBe(false);
  });

  it("an allowlist by command refuses the rest, --mcp-config included; managed-mcp.json's servers start without approval", async () => {
    const allowed = markedServerEntry(marker("allowed"));
    await box.write("managed/managed-settings.json", {
      allowedMcpServers: [{ serverCommand: [allowed["command"], ...(allowed["args"] as string[])] }],
    });
    await box.write("managed/managed-mcp.json", mcpConfig({ corp: markedServerEntry(marker("corp")) }));
    await box.write("project/.mcp.json", mcpConfig({ proj: { command: "node", args: ["proj.js"] } }));
    const result = await run([
      "--mcp-config",
      mcpConfig({ flagged: { command: "node", args: ["other.js"] }, ok: allowed }),
    ]);
    expect(existsSync(marker("corp"))).toBe(true);
    expect(existsSync(marker("allowed"))).toBe(true);
    expect(result.stderr).toContain("MCP server flagged (flag) is off: blocked by policy (not in allowedMcpServers)");
    expect(result.stderr).toContain("MCP server proj (project) is off: blocked by policy (not in allowedMcpServers)");
  });

  it("a managed-settings.json that is not JSON fails closed: no server starts, no hook runs, the reason is shown", async () => {
    await box.write("managed/managed-settings.json", "{ not json");
    await box.write("home/mcp.json", mcpConfig({ one: markedServerEntry(marker("one")) }));
    await box.write("project/.claude/settings.local.json", {
      hooks: { SessionStart: [{ hooks: [{ type: "command", command: `touch ${marker("hook")}` }] }] },
    });
    const result = await run();
    expect(existsSync(marker("one"))).toBe(false);
    expect(existsSync(marker("hook"))).toBe(false);
    expect(result.stderr).toContain(`${join(box.root, "managed/managed-settings.json")}:1:`);
    expect(result.stderr).toContain("no MCP server starts and no hook runs until it is fixed");
    expect(result.stderr).toContain("MCP server one (user) is off: blocked by policy: managed policy unreadable");
  });

  it("a bad server list names the file and the field", async () => {
    await box.write("managed/managed-settings.json", { deniedMcpServers: [{ serverNam: "typo" }] });
    const result = await run();
    expect(result.stderr).toContain(
      `${join(box.root, "managed/managed-settings.json")}: deniedMcpServers[0]: expected {serverName}, {serverCommand: [command, ...args]} or {serverUrl}`,
    );
  });

  it("its deny rules win over a local allow; allowManagedHooksOnly runs only its own hooks", async () => {
    const local = join(box.root, "local-hook");
    const managed = join(box.root, "managed-hook");
    await box.write("managed/managed-settings.json", {
      permissions: { deny: ["Bash(echo:*)"] },
      allowManagedHooksOnly: true,
      hooks: { SessionStart: [{ hooks: [{ type: "command", command: `touch ${managed}` }] }] },
    });
    await box.write("project/.claude/settings.local.json", {
      permissions: { allow: ["Bash"] },
      hooks: { SessionStart: [{ hooks: [{ type: "command", command: `touch ${local}` }] }] },
    });
    const result = await scriptedStreamRun(
      box,
      [[toolUse("b1", "Bash", { command: "echo hi" })], [{ type: "text", text: "ok" }]],
      [],
      { env },
    );
    expect(toolResultsById(result.lines)["b1"]).toEqual({
      content: "Permission to use Bash has been denied by a rule.",
      is_error: true,
    });
    expect(existsSync(managed)).toBe(true);
    expect(existsSync(local)).toBe(false);
  });
});
