import { writeSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { TransportFactory } from "../../../../src/mcp/connection/transports.ts";
import { memoryTransports, serverWith } from "../../../helpers/mcp-fixtures.ts";
import { createSandbox, type CommandSandbox } from "../../../helpers/mcp-command-io.ts";

let box: CommandSandbox;
beforeEach(async () => {
  box = await createSandbox();
});
afterEach(async () => {
  await box.dispose();
});

/** Servers named in `crashes` write that to their stderr log and die before the handshake; the others are in memory. */
const withCrashes =
  (crashes: Record<string, string>, others: TransportFactory): TransportFactory =>
  (config, context) => {
    const stderr = crashes[config.name];
    if (stderr === undefined) return others(config, context);
    if (typeof context.stderr === "number") writeSync(context.stderr, stderr);
    throw new Error("server exited (code 3)");
  };

/** For tests where every server crashes. */
const noOther: TransportFactory = (config) => {
  throw new Error(`unexpected server ${config.name}`);
};

describe("mcp list", () => {
  it("says so when no server is configured", async () => {
    expect(await box.run(["list"])).toEqual({
      status: 0,
      stdout: "No MCP servers configured. Add one with: mini-cc mcp add NAME -- COMMAND [ARGS...]\n",
      stderr: "",
    });
    expect(await box.run(["list", "--json"])).toEqual({ status: 0, stdout: "[]\n", stderr: "" });
  });

  it("shows each connected server with its tool count and exits 0", async () => {
    await box.run(["add", "-s", "user", "one", "--", "node", "one.js"]);
    await box.run(["add", "-t", "http", "web", "https://example.com/mcp"]);
    const { factory } = memoryTransports({ one: serverWith("ping"), web: serverWith("a", "b", "c") });
    expect(await box.run(["list"], { transportFactory: factory })).toEqual({
      status: 0,
      stdout:
        "one: node one.js (user) - ✔ connected · 1 tool\nweb: https://example.com/mcp (http, local) - ✔ connected · 3 tools\n",
      stderr: "",
    });
  });

  it("exits 0 without --strict whatever the servers' states, as Claude Code's mcp list and get do", async () => {
    await box.write(box.projectFile, JSON.stringify({ mcpServers: { tracker: { command: "node", args: ["t.js"] } } }));
    await box.write(box.home.userConfig, JSON.stringify({ mcpServers: { bad: { type: "grpc", url: "x" } } }));
    const { factory } = memoryTransports({ tracker: serverWith("x") });
    expect((await box.run(["list"], { transportFactory: factory })).status).toBe(0);
    expect((await box.run(["list", "--strict"], { transportFactory: factory })).status).toBe(1);
    expect((await box.run(["get", "bad"], { transportFactory: factory })).status).toBe(0);
    expect((await box.run(["get", "--strict", "bad"], { transportFactory: factory })).status).toBe(1);
    expect((await box.run(["get", "nobody"], { transportFactory: factory })).status).toBe(1);
  });

  it("shows an unapproved project server as needing approval, never contacts it, and exits 1", async () => {
    await box.write(box.projectFile, JSON.stringify({ mcpServers: { tracker: { command: "node", args: ["t.js"] } } }));
    const { factory, built } = memoryTransports({ tracker: serverWith("x") });
    expect(await box.run(["list", "--strict"], { transportFactory: factory })).toEqual({
      status: 1,
      stdout: "tracker: node t.js (project) - ? not approved (run: mini-cc mcp approve tracker)\n",
      stderr: "",
    });
    expect(built).toEqual({});
  });

  it("says when a project server hides a user server of the same name", async () => {
    await box.run(["add", "-s", "user", "tracker", "--", "node", "mine.js"]);
    await box.run(["add", "-s", "user", "other", "--", "node", "other.js"]);
    await box.write(box.projectFile, JSON.stringify({ mcpServers: { tracker: { command: "node", args: ["t.js"] } } }));
    const { factory } = memoryTransports({ other: serverWith("x") });
    const run = await box.run(["list"], { transportFactory: factory });
    expect(run.stdout).toBe(
      "other: node other.js (user) - ✔ connected · 1 tool\n" +
        "tracker: node t.js (project, shadows user) - ? not approved (run: mini-cc mcp approve tracker)\n",
    );
    const rows = JSON.parse((await box.run(["list", "--json"], { transportFactory: factory })).stdout) as Array<
      Record<string, unknown>
    >;
    expect(rows.map((row) => [row.name, row.shadows])).toEqual([
      ["other", undefined],
      ["tracker", ["user"]],
    ]);
  });

  it("connects an approved project server", async () => {
    await box.write(box.projectFile, JSON.stringify({ mcpServers: { tracker: { command: "node", args: ["t.js"] } } }));
    await box.run(["approve"]);
    const { factory } = memoryTransports({ tracker: serverWith("x", "y") });
    const run = await box.run(["list"], { transportFactory: factory });
    expect(run.stdout).toBe("tracker: node t.js (project) - ✔ connected · 2 tools\n");
    expect(run.status).toBe(0);
  });

  it("shows a project server whose entry changed since approval", async () => {
    await box.write(box.projectFile, JSON.stringify({ mcpServers: { tracker: { command: "node", args: ["t.js"] } } }));
    await box.run(["approve"]);
    await box.write(
      box.projectFile,
      JSON.stringify({ mcpServers: { tracker: { command: "node", args: ["evil.js"] } } }),
    );
    const { factory, built } = memoryTransports({ tracker: serverWith("x") });
    const run = await box.run(["list"], { transportFactory: factory });
    expect(run.stdout).toBe(
      "tracker: node evil.js (project) - ? changed since approval (run: mini-cc mcp approve tracker)\n",
    );
    expect(built).toEqual({});
  });

  it("shows an invalid entry as failed with its file and reason", async () => {
    await box.write(box.home.userConfig, JSON.stringify({ mcpServers: { bad: { command: "" } } }));
    expect(await box.run(["list", "--strict"])).toEqual({
      status: 1,
      stdout: `bad: invalid entry (user) - ✘ failed: ${box.home.userConfig}: mcpServers.bad.command: must not be empty\n`,
      stderr: "",
    });
  });

  it("prints config warnings and unreadable files on stderr", async () => {
    await box.write(box.projectFile, "[1,");
    await box.run(["add", "-s", "user", "-e", "KEY=${NOT_SET}", "one", "--", "node", "one.js"]);
    const { factory } = memoryTransports({ one: serverWith("ping") });
    expect(await box.run(["list", "--strict"], { transportFactory: factory })).toEqual({
      status: 1,
      stdout: "one: node one.js (user) - ✔ connected · 1 tool\n",
      stderr:
        `${box.projectFile}:1:4: invalid JSON (unexpected end of input)\n` +
        `${box.home.userConfig}: server "one": environment variable NOT_SET is not set; it expands to ""\n`,
    });
  });

  it("does not call a broken config file 'no servers configured'", async () => {
    await box.write(box.projectFile, "[1,");
    expect(await box.run(["list", "--strict"])).toEqual({
      status: 1,
      stdout: "",
      stderr: `${box.projectFile}:1:4: invalid JSON (unexpected end of input)\n`,
    });
  });

  it("prints a JSON array with --json", async () => {
    await box.run(["add", "-s", "user", "one", "--", "node", "one.js"]);
    await box.write(box.projectFile, JSON.stringify({ mcpServers: { web: { type: "sse", url: "http://h/sse" } } }));
    const { factory } = memoryTransports({ one: serverWith("ping") });
    const run = await box.run(["list", "--strict", "--json"], { transportFactory: factory });
    expect(run.status).toBe(1);
    expect(JSON.parse(run.stdout)).toEqual([
      {
        name: "one",
        scope: "user",
        status: "connected",
        type: "stdio",
        command: "node",
        args: ["one.js"],
        tools: ["ping"],
        protocolVersion: "2025-11-25",
        file: box.home.userConfig,
      },
      {
        name: "web",
        scope: "project",
        status: "needs-approval",
        type: "sse",
        url: "http://h/sse",
        tools: [],
        approval: "new",
        file: box.projectFile,
      },
    ]);
  });

  it("shows a server that fails to connect with the reason", async () => {
    await box.run(["add", "one", "--", "node", "one.js"]);
    const factory = () => {
      throw new Error("cannot reach it");
    };
    expect(await box.run(["list", "--strict"], { transportFactory: factory })).toEqual({
      status: 1,
      stdout: "one: node one.js (local) - ✘ failed: cannot reach it\n",
      stderr: "",
    });
  });

  it("points at the log of a failed stdio server, under the home as ~", async () => {
    await box.run(["add", "-s", "user", "one", "--", "node", "one.js"]);
    await box.run(["add", "b", "--", "node", "b.js"]);
    const factory = withCrashes({ b: "Error: no database\n" }, memoryTransports({ one: serverWith("ping") }).factory);
    expect(await box.run(["list", "--strict"], { transportFactory: factory, homedir: box.root })).toEqual({
      status: 1,
      stdout:
        "one: node one.js (user) - ✔ connected · 1 tool\nb: node b.js (local) - ✘ failed: server exited (code 3)\n  log: ~/home/logs/mcp-b.log\n",
      stderr: "",
    });
  });

  it("shows the log's full path when it is not under the user's home", async () => {
    await box.run(["add", "b", "--", "node", "b.js"]);
    const run = await box.run(["list"], { transportFactory: withCrashes({ b: "boom" }, noOther) });
    expect(run.stdout).toBe(
      `b: node b.js (local) - ✘ failed: server exited (code 3)\n  log: ${box.home.logs}/mcp-b.log\n`,
    );
  });

  it("gives the log of a failed stdio server in --json", async () => {
    await box.run(["add", "b", "--", "node", "b.js"]);
    const run = await box.run(["list", "--strict", "--json"], {
      transportFactory: withCrashes({ b: "Error: no database\n" }, noOther),
    });
    expect(run.status).toBe(1);
    expect(JSON.parse(run.stdout)).toEqual([
      {
        name: "b",
        scope: "local",
        status: "failed",
        type: "stdio",
        command: "node",
        args: ["b.js"],
        tools: [],
        error: "server exited (code 3)",
        log: `${box.home.logs}/mcp-b.log`,
        file: box.home.localConfig,
      },
    ]);
  });

  it("points at no log for a server that wrote nothing, a remote server or an invalid entry", async () => {
    await box.run(["add", "quiet", "--", "node", "q.js"]);
    await box.run(["add", "-t", "http", "web", "http://h/mcp"]);
    await box.write(box.home.userConfig, JSON.stringify({ mcpServers: { bad: { command: "" } } }));
    // Logs left with output by earlier runs: only a stdio server that just ran may point at its own.
    for (const name of ["quiet", "web", "bad"])
      await box.write(`${box.home.logs}/mcp-${name}.log`, "Error: from another day\n");
    const factory = withCrashes({ quiet: "", web: "" }, noOther);
    expect(await box.run(["list", "--strict"], { transportFactory: factory })).toEqual({
      status: 1,
      stdout:
        `bad: invalid entry (user) - ✘ failed: ${box.home.userConfig}: mcpServers.bad.command: must not be empty\n` +
        "quiet: node q.js (local) - ✘ failed: server exited (code 3)\n" +
        "web: http://h/mcp (http, local) - ✘ failed: server exited (code 3)\n",
      stderr: "",
    });
  });
});
