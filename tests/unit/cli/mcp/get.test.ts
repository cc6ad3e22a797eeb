import { writeSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ServerConfig, ServerEntry } from "../../../../src/config/types.ts";
import { fingerprint } from "../../../../src/mcp/approvals/fingerprint.ts";
import type { TransportFactory } from "../../../../src/mcp/connection/transports.ts";
import { memoryTransports } from "../../../helpers/mcp-fixtures.ts";
import { createSandbox, type CommandSandbox } from "../../../helpers/mcp-command-io.ts";

let box: CommandSandbox;
beforeEach(async () => {
  box = await createSandbox();
});
afterEach(async () => {
  await box.dispose();
});

/** An in-memory server whose tools are `name` or `name:ro` (read-only). */
const serverWith =
  (...tools: string[]) =>
  () => {
    const server = new McpServer({ name: "fake", version: "1.0.0" });
    for (const tool of tools) {
      const [name = "", ro] = tool.split(":");
      server.registerTool(name, { description: name, annotations: { readOnlyHint: ro === "ro" } }, () => ({
        content: [],
      }));
    }
    return server;
  };

/** A stdio server that writes `stderr` to its log, then dies before the handshake. */
const crashing =
  (stderr: string): TransportFactory =>
  (_config, context) => {
    if (typeof context.stderr === "number") writeSync(context.stderr, stderr);
    throw new Error("server exited (code 3)");
  };

const TRACKER: ServerEntry = {
  command: "node",
  args: ["tracker server.js", "--port", "3"],
  env: { TOKEN: "${TOKEN}", MODE: "dev" },
};

describe("mcp get", () => {
  it("shows an unapproved project server as written with its fingerprint, needing approval, never started, and exits 0", async () => {
    await box.write(box.projectFile, JSON.stringify({ mcpServers: { tracker: TRACKER } }));
    const { factory, built } = memoryTransports({ tracker: serverWith("x") });
    expect(await box.run(["get", "tracker"], { transportFactory: factory })).toEqual({
      status: 0,
      stderr: "",
      stdout: [
        "tracker:",
        `  Scope: project (${box.projectFile})`,
        "  Type: stdio",
        "  Command: node",
        "  Args: 'tracker server.js' --port 3",
        "  Env:",
        "    TOKEN=${TOKEN}",
        "    MODE=dev",
        "  Approval: not approved (run: mini-cc mcp approve tracker)",
        `  Fingerprint: ${fingerprint(TRACKER)}`,
        "  Status: ? not approved (run: mini-cc mcp approve tracker)",
        "",
        "To remove it: mini-cc mcp remove tracker -s project",
        "",
      ].join("\n"),
    });
    expect(built).toEqual({});
  });

  it("shows when a project server was approved", async () => {
    await box.write(box.projectFile, JSON.stringify({ mcpServers: { tracker: TRACKER } }));
    await box.run(["approve", "tracker"]);
    const run = await box.run(["get", "--no-connect", "tracker"]);
    expect(run.stdout).toContain("\n  Approval: approved (2026-05-01T10:00:00.000Z)\n");
  });

  it("shows a project server that changed since its approval", async () => {
    await box.write(box.projectFile, JSON.stringify({ mcpServers: { tracker: TRACKER } }));
    await box.run(["approve", "tracker"]);
    await box.write(box.projectFile, JSON.stringify({ mcpServers: { tracker: { ...TRACKER, args: ["other.js"] } } }));
    const { factory, built } = memoryTransports({ tracker: serverWith("x") });
    const run = await box.run(["get", "tracker"], { transportFactory: factory });
    expect(run.stdout).toContain("\n  Approval: changed since approval (run: mini-cc mcp approve tracker)\n");
    expect(run.stdout).toContain("\n  Status: ? changed since approval (run: mini-cc mcp approve tracker)\n");
    expect(built).toEqual({});
  });

  it("shows a remote server's url and headers, and the scope it overrides, without connecting with --no-connect", async () => {
    await box.run(["add", "-s", "user", "docs", "--", "node", "docs.js"]);
    await box.run(["add", "-t", "http", "-H", "Authorization: Bearer ${T}", "docs", "https://example.com/mcp"]);
    const { factory, built } = memoryTransports({ docs: serverWith("x") });
    expect(await box.run(["get", "--no-connect", "docs"], { transportFactory: factory })).toEqual({
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
    expect(built).toEqual({});
  });

  it("shows an invalid entry with its reason, starts nothing and exits 1", async () => {
    await box.write(box.home.userConfig, JSON.stringify({ mcpServers: { bad: { type: "grpc", url: "x" } } }));
    const { factory, built } = memoryTransports({ bad: serverWith("x") });
    expect(await box.run(["get", "--strict", "bad"], { transportFactory: factory })).toEqual({
      status: 1,
      stderr: "",
      stdout: [
        "bad:",
        `  Scope: user (${box.home.userConfig})`,
        '  Entry: {"type":"grpc","url":"x"}',
        '  Invalid: mcpServers.bad.type: expected "stdio", "http", "sse" or "ws", got "grpc"',
        "",
        "To remove it: mini-cc mcp remove bad -s user",
        "",
      ].join("\n"),
    });
    expect(built).toEqual({});
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
    const run = await box.run(["get", "--no-connect", "docs"]);
    expect(run.status).toBe(0);
    expect(run.stderr).toBe(`${box.projectFile}:1:2: invalid JSON (Expected property name or '}')\n`);
  });

  it("connects the server, lists its tools with the read-only ones marked, and exits 0", async () => {
    await box.run(["add", "tracker", "--", "node", "t.js"]);
    const { factory } = memoryTransports({ tracker: serverWith("list_issues:ro", "add_comment", "get_issue:ro") });
    expect(await box.run(["get", "tracker"], { transportFactory: factory })).toEqual({
      status: 0,
      stderr: "",
      stdout: [
        "tracker:",
        `  Scope: local (${box.home.localConfig})`,
        "  Type: stdio",
        "  Command: node",
        "  Args: t.js",
        "  Status: ✔ connected · 3 tools",
        "  Protocol: 2025-11-25",
        "  Capabilities: tools (listChanged)",
        "  Read-only hints: its read-only tools run without asking: 2 of 3",
        "    list_issues  (read-only)",
        "    add_comment",
        "    get_issue  (read-only)",
        "",
        "To remove it: mini-cc mcp remove tracker -s local",
        "",
      ].join("\n"),
    });
  });

  it('says every tool asks where "trustReadOnlyHint": false or the user setting turns the hints off', async () => {
    const { factory } = memoryTransports({ tracker: serverWith("list_issues:ro", "add_comment") });
    await box.run([
      "add-json",
      "tracker",
      JSON.stringify({ command: "node", args: ["t.js"], trustReadOnlyHint: false }),
    ]);
    expect((await box.run(["get", "tracker"], { transportFactory: factory })).stdout).toContain(
      "  Read-only hints: its read-only hints are not trusted: all 2 tools ask\n",
    );
    await box.run(["remove", "tracker"]);
    await box.run(["add-json", "tracker", JSON.stringify({ command: "node", args: ["t.js"] })]);
    expect((await box.run(["get", "tracker"], { transportFactory: factory })).stdout).toContain(
      "  Read-only hints: its read-only tools run without asking: 1 of 2\n",
    );
    await writeFile(join(box.home.root, "settings.json"), JSON.stringify({ mcpTrustReadOnlyHints: false }));
    expect((await box.run(["get", "tracker"], { transportFactory: factory })).stdout).toContain(
      "  Read-only hints: its read-only hints are not trusted: all 2 tools ask\n",
    );
  });

  it("shows why a stdio server failed and its log under the home as ~, and exits 1", async () => {
    await box.run(["add", "b", "--", "node", "b.js"]);
    const run = await box.run(["get", "--strict", "b"], {
      transportFactory: crashing("Error: no database\n"),
      homedir: box.root,
    });
    expect(run).toEqual({
      status: 1,
      stderr: "",
      stdout: [
        "b:",
        `  Scope: local (${box.home.localConfig})`,
        "  Type: stdio",
        "  Command: node",
        "  Args: b.js",
        "  Status: ✘ failed: server exited (code 3)",
        "  Log: ~/home/logs/mcp-b.log",
        "",
        "To remove it: mini-cc mcp remove b -s local",
        "",
      ].join("\n"),
    });
    expect(await box.read(`${box.home.logs}/mcp-b.log`)).toMatch(
      /^--- \S+ mini-cc started b: node b.js\nError: no database\n$/,
    );
  });

  it("shows no log for a server that wrote nothing to it", async () => {
    await box.run(["add", "b", "--", "nope-mini-cc-command"]);
    const run = await box.run(["get", "--strict", "b"], { transportFactory: crashing("") });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain("\n  Status: ✘ failed: server exited (code 3)\n\nTo remove it:");
  });

  it("starts nothing with --no-connect and exits 0", async () => {
    await box.run(["add", "tracker", "--", "node", "t.js"]);
    const { factory, built } = memoryTransports({ tracker: serverWith("x") });
    const run = await box.run(["get", "tracker", "--no-connect"], { transportFactory: factory });
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(
      `tracker:\n  Scope: local (${box.home.localConfig})\n  Type: stdio\n  Command: node\n  Args: t.js\n\nTo remove it: mini-cc mcp remove tracker -s local\n`,
    );
    expect(built).toEqual({});
  });

  it("starts the server with its variables expanded and warns about an unset one", async () => {
    await box.run(["add", "-e", "TOKEN=${TOKEN}", "-e", "MISSING=${NOPE}", "tracker", "--", "node", "${DIR}/t.js"]);
    const seen: ServerConfig[] = [];
    const { factory } = memoryTransports({ tracker: serverWith("x") });
    const recording: TransportFactory = (config, context) => (seen.push(config), factory(config, context));
    const run = await box.run(["get", "tracker"], {
      transportFactory: recording,
      env: { ...box.env, TOKEN: "s3cret", DIR: "/srv" },
    });
    expect(run.status).toBe(0);
    expect(run.stderr).toBe(
      `${box.home.localConfig}: server "tracker": environment variable NOPE is not set; it expands to ""\n`,
    );
    expect(seen.map((config) => config.resolved)).toEqual([
      { command: "node", args: ["/srv/t.js"], env: { TOKEN: "s3cret", MISSING: "" } },
    ]);
  });
});
