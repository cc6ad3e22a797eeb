import { systemClock } from "../../../../src/clock.ts";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mcpCommand } from "../../../../components/slash/mcp-command.ts";
import { BUILTIN_COMMANDS } from "../../../../components/slash/command-registry.ts";
import type { ServerView } from "../../../../src/mcp/state/server-state.ts";
import { connected, RecordingMcp, server, toolInfo, TRACKER_TOOLS } from "../../../helpers/tui-fixtures.ts";

const SERVERS: ServerView[] = [
  server("tracker", connected(TRACKER_TOOLS), "project"),
  server("memory", { status: "pending" }, "user"),
  server("broken", { status: "failed", error: "spawn nope ENOENT\nstack", code: "command-not-found" }, "local"),
  server("off", { status: "disabled", reason: "not approved", cause: "not-approved" }, "project"),
  server("new", { status: "needs-approval" }, "project"),
  server("flaky", { status: "reconnecting", attempt: 3 }, "flag"),
];

const run = async (args: string[], mcp = new RecordingMcp(SERVERS)) =>
  mcpCommand.run(args, { mcp, commands: BUILTIN_COMMANDS, clock: systemClock });

describe("/mcp", () => {
  it("lists each server with status, source and tool count or reason, aligned", async () => {
    expect(await run([])).toEqual({
      kind: "output",
      isError: false,
      focusPanel: true,
      lines: [
        "MCP 1/6 connected · 3 tools",
        "tracker  connected       project  3 tools",
        "memory   pending         user     connecting…",
        "broken   failed          local    spawn nope ENOENT",
        "off      disabled        project  not approved",
        "new      needs-approval  project  waiting for your approval",
        "flaky    reconnecting    flag     reconnecting (attempt 3)",
      ],
    });
  });

  it("shows a server offered from the tool cache as ready (cached) with its tools under -v, and a changed live list's note", async () => {
    const servers = [
      server("tracker", { status: "cached", tools: TRACKER_TOOLS, instructions: "" }, "user"),
      server(
        "memory",
        {
          status: "connected",
          tools: [toolInfo("ping")],
          instructions: "",
          connectMs: 5,
          cacheNote: "tools changed since cached: removed pong",
        },
        "user",
      ),
    ];
    const result = await run(["-v"], new RecordingMcp(servers));
    expect(result).toMatchObject({
      lines: [
        "MCP 1/2 · 1 cached · 4 tools",
        "tracker  cached     user  ready (cached) · 3 tools",
        "    mcp__tracker__list_issues  (read-only)",
        "    mcp__tracker__get_issue  (read-only)",
        "    mcp__tracker__add_comment",
        "memory   connected  user  1 tool (tools changed since cached: removed pong)",
        "    mcp__memory__ping",
      ],
    });
  });

  it("reads like the seed with one server", async () => {
    const result = await run([], new RecordingMcp([server("tracker", connected(TRACKER_TOOLS))]));
    expect(result).toMatchObject({ lines: ["MCP 1/1 connected · 3 tools", "tracker  connected  project  3 tools"] });
  });

  it("lists each tool under its server with -v by its registry name, with hints and title", async () => {
    const annotated = [
      toolInfo("list_issues", true, { title: "List issues" }),
      toolInfo("add_comment", false, { destructiveHint: false, openWorldHint: true, title: "Add a comment" }),
      toolInfo("drop_all", false, { destructiveHint: true, openWorldHint: false }),
      toolInfo("odd name!"),
    ];
    const mcp = new RecordingMcp([server("my.tracker", connected(annotated)), server("off", { status: "pending" })]);
    expect(await run(["-v"], mcp)).toMatchObject({
      lines: [
        "MCP 1/2 connected · 4 tools",
        "my.tracker  connected  project  4 tools",
        "    mcp__my_tracker__list_issues  (read-only) — List issues",
        "    mcp__my_tracker__add_comment  (non-destructive, open-world) — Add a comment",
        "    mcp__my_tracker__drop_all  (destructive, closed-world)",
        "    mcp__my_tracker__odd_name_",
        "off         pending    project  connecting…",
      ],
    });
  });

  it("shows with -v the tools a server listed that the model is not offered, and why", async () => {
    const state = {
      ...connected([toolInfo("ok")]),
      skippedTools: [{ name: "deep", reason: "input schema nested deeper than 64 levels" }],
    };
    expect(await run(["-v"], new RecordingMcp([server("srv", state)]))).toMatchObject({
      lines: [
        "MCP 1/1 connected · 1 tool",
        "srv  connected  project  1 tool",
        "    mcp__srv__ok",
        "    deep  (skipped: input schema nested deeper than 64 levels)",
      ],
    });
  });

  it("shows the registry's collision suffixes rather than recomputing names", async () => {
    const mcp = new RecordingMcp([
      server("a.b", connected([toolInfo("t")])),
      server("a_b", connected([toolInfo("t")])),
    ]);
    expect(await run(["-v"], mcp)).toMatchObject({
      lines: [
        "MCP 2/2 connected · 2 tools",
        "a.b  connected  project  1 tool",
        "    mcp__a_b__t_3907e3",
        "a_b  connected  project  1 tool",
        "    mcp__a_b__t_98090c",
      ],
    });
  });

  it("says how to add a server when none is configured", async () => {
    expect(await run([], new RecordingMcp([]))).toMatchObject({
      lines: ["No MCP servers configured. Declare them in .mcp.json, or add one with `mini-cc mcp add`."],
    });
  });

  it("asks the approval question again for a project server declined earlier", async () => {
    const mcp = new RecordingMcp(SERVERS);
    expect(await run(["approve", "off"], mcp)).toEqual({
      kind: "output",
      isError: false,
      lines: ["Approving off: answer its approval question (sandboxed or with full access)."],
    });
    expect(mcp.actions).toEqual(["ask off"]);
    expect(mcp.decisions).toEqual([]);
  });

  it("asks the approval question for a project server kept for agents, on standby until an agent needs it", async () => {
    const mcp = new RecordingMcp([{ ...server("qa-db", { status: "standby" }, "project"), forAgents: { agents: [] } }]);
    expect(await run(["approve", "qa-db"], mcp)).toMatchObject({
      lines: ["Approving qa-db: answer its approval question (sandboxed or with full access)."],
    });
    expect(mcp.actions).toEqual(["ask qa-db"]);
  });

  it("refuses to approve what needs no approval, and names the servers for an unknown one", async () => {
    const mcp = new RecordingMcp(SERVERS);
    expect(await run(["approve", "memory"], mcp)).toMatchObject({
      isError: true,
      lines: ["memory is a user server: only project servers need approval."],
    });
    expect(await run(["approve", "tracker"], mcp)).toMatchObject({
      isError: false,
      lines: ["tracker is already approved (connected)."],
    });
    expect(await run(["approve", "nope"], mcp)).toMatchObject({
      isError: true,
      lines: [expect.stringContaining('No MCP server named "nope". Servers: tracker,')],
    });
    expect(mcp.decisions).toEqual([]);
  });

  it("restarts a server and reports its new state", async () => {
    const mcp = new RecordingMcp(SERVERS);
    expect(await run(["restart", "memory"], mcp)).toEqual({
      kind: "output",
      isError: false,
      lines: ["Restarted memory: connected, 3 tools."],
    });
    expect(mcp.restarts).toEqual(["memory"]);
  });

  it("reports a restart that ends failed as an error", async () => {
    const mcp = new RecordingMcp(SERVERS);
    mcp.restartTo = { status: "failed", error: "spawn nope ENOENT", code: "command-not-found" };
    expect(await run(["restart", "broken"], mcp)).toEqual({
      kind: "output",
      isError: true,
      lines: ["broken failed to restart: spawn nope ENOENT"],
    });
  });

  it("names the known servers when asked to restart an unknown one", async () => {
    const mcp = new RecordingMcp(SERVERS.slice(0, 2));
    expect(await run(["restart", "nope"], mcp)).toEqual({
      kind: "output",
      isError: true,
      lines: ['No MCP server named "nope". Servers: tracker, memory.'],
    });
    expect(mcp.restarts).toEqual([]);
  });

  it("reports a restart that throws", async () => {
    const mcp = new RecordingMcp(SERVERS);
    mcp.restart = async () => {
      throw new Error("manager closed");
    };
    expect(await run(["restart", "tracker"], mcp)).toMatchObject({
      isError: true,
      lines: ["Restarting tracker failed: manager closed"],
    });
  });

  it("shows usage for anything else", async () => {
    expect(await run(["-x"])).toEqual({
      kind: "output",
      isError: true,
      lines: [
        "Usage: /mcp [-v]  |  /mcp restart [NAME]  |  /mcp approve NAME  |  /mcp login NAME  |  /mcp logout NAME",
      ],
    });
    expect(await run(["restart", "a", "b"])).toMatchObject({ isError: true });
  });

  it("restarts every server that is not disabled or waiting for approval with /mcp restart", async () => {
    const mcp = new RecordingMcp(SERVERS);
    expect(await run(["restart"], mcp)).toEqual({
      kind: "output",
      isError: false,
      lines: [
        "Restarted tracker: connected, 3 tools.",
        "Restarted memory: connected, 3 tools.",
        "Restarted broken: connected, 3 tools.",
        "Restarted flaky: connected, 3 tools.",
      ],
    });
    expect(mcp.restarts).toEqual(["tracker", "memory", "broken", "flaky"]);
  });
});

describe("/mcp log hints", () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), "mini-cc-slash-mcp-"));
    await mkdir(join(root, "logs"));
    const header = "--- 2026-05-01T10:00:00.000Z mini-cc started";
    await writeFile(join(root, "logs/mcp-broken.log"), `${header} broken: node broken.js\nError: no database\n`);
    // Output from an earlier start, then a start that wrote nothing (a command not found).
    await writeFile(
      join(root, "logs/mcp-quiet.log"),
      `${header} quiet: node quiet.js\nError: old\n${header} quiet: nope\n`,
    );
    await writeFile(join(root, "logs/mcp-web.log"), "Error: not ours\n");
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  const servers = (): ServerView[] => [
    server("tracker", connected(TRACKER_TOOLS), "project"),
    server("broken", { status: "failed", error: "Error: no database", code: "handshake-failed" }, "local"),
    server("quiet", { status: "failed", error: "command not found: nope", code: "command-not-found" }, "user"),
    server("web", { status: "failed", error: "fetch failed", code: "handshake-failed" }, "user", {
      type: "http",
      url: "http://h/mcp",
    }),
  ];
  const runWithLogs = (args: string[], mcp = new RecordingMcp(servers())) =>
    mcpCommand.run(args, {
      mcp,
      commands: BUILTIN_COMMANDS,
      clock: systemClock,
      serverLogs: { logDir: join(root, "logs"), userHome: root },
    });

  it("shows the log of a failed stdio server that wrote to it, under the home as ~", async () => {
    expect(await runWithLogs([])).toEqual({
      kind: "output",
      isError: false,
      focusPanel: true,
      lines: [
        "MCP 1/4 connected · 3 tools",
        "tracker  connected  project  3 tools",
        "broken   failed     local    Error: no database",
        "    log: ~/logs/mcp-broken.log",
        "quiet    failed     user     command not found: nope",
        "web      failed     user     fetch failed",
      ],
    });
  });

  it("shows the log under the tools with -v", async () => {
    expect(await runWithLogs(["-v"])).toMatchObject({
      lines: [
        "MCP 1/4 connected · 3 tools",
        "tracker  connected  project  3 tools",
        "    mcp__tracker__list_issues  (read-only)",
        "    mcp__tracker__get_issue  (read-only)",
        "    mcp__tracker__add_comment",
        "broken   failed     local    Error: no database",
        "    log: ~/logs/mcp-broken.log",
        "quiet    failed     user     command not found: nope",
        "web      failed     user     fetch failed",
      ],
    });
  });

  it("shows the log of a server that failed to restart", async () => {
    const mcp = new RecordingMcp(servers());
    mcp.restartTo = { status: "failed", error: "Error: no database", code: "handshake-failed" };
    expect(await runWithLogs(["restart", "broken"], mcp)).toEqual({
      kind: "output",
      isError: true,
      lines: ["broken failed to restart: Error: no database", "    log: ~/logs/mcp-broken.log"],
    });
  });
});

describe("/mcp login and /mcp logout", () => {
  const waiting = () => new RecordingMcp([server("notes", { status: "needs-auth", reason: "not logged in" }, "user")]);

  it("shows the login page lines at once, then says the server connected", async () => {
    const mcp = waiting();
    const notices: string[] = [];
    mcp.login = async (name, show) => {
      show(`Open this page to log in to ${name}:`);
      show("http://127.0.0.1:9/authorize?x=1");
      mcp.set(name, connected(TRACKER_TOOLS));
    };
    const result = await mcpCommand.run(["login", "notes"], {
      mcp,
      commands: BUILTIN_COMMANDS,
      clock: systemClock,
      notice: (line) => notices.push(line),
    });
    expect(notices).toEqual(["Open this page to log in to notes:", "http://127.0.0.1:9/authorize?x=1"]);
    expect(result).toEqual({ kind: "output", isError: false, lines: ["Logged in to notes: connected, 3 tools."] });
  });

  it("a failed login is one error line; the server stays as it was", async () => {
    const mcp = waiting();
    mcp.login = async () => {
      throw new Error("notes: client registration failed: registration is closed");
    };
    expect(await run(["login", "notes"], mcp)).toEqual({
      kind: "output",
      isError: true,
      lines: ["Login failed: notes: client registration failed: registration is closed"],
    });
    expect(mcp.store.getSnapshot().servers[0]?.state.status).toBe("needs-auth");
  });

  it("/mcp shows a server waiting for a login and how to log in", async () => {
    expect(await run([], waiting())).toMatchObject({
      lines: [
        "MCP 0/1 connected · 0 tools",
        "notes  needs-auth  user  needs authentication (not logged in) — run: /mcp login notes",
      ],
    });
  });

  it("logout forgets the tokens", async () => {
    const mcp = new RecordingMcp([server("notes", connected(TRACKER_TOOLS), "user")]);
    const loggedOut: string[] = [];
    mcp.logout = async (name) => void loggedOut.push(name);
    expect(await run(["logout", "notes"], mcp)).toEqual({
      kind: "output",
      isError: false,
      lines: ["Logged out of notes: its tokens are forgotten."],
    });
    expect(loggedOut).toEqual(["notes"]);
  });
});
