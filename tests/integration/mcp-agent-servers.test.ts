import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { ServerConfig, StdioEntry } from "../../src/config/types.ts";
import type { Tool } from "../../src/tools/tool.ts";
import { McpManager } from "../../src/mcp/manager.ts";
import { serverApprovalNote } from "../../components/approval/server-approval-body.ts";
import { gone, MemoryApprovals, stateOf, stdioServer, waitForSnapshot } from "../helpers/mcp-fixtures.ts";

// Agent-scoped servers against real servers in subprocesses: the tracker example and the pid-writing test server.
const ROOT = resolve(import.meta.dirname, "../..");
const TEST_SERVER = join(ROOT, "tests/helpers/mcp-test-server.mjs");
const tracker: StdioEntry = { command: process.execPath, args: [join(ROOT, "examples/mcp_tracker_server.ts")] };

let dir: string;
let manager: McpManager | undefined;

function setUp(options: { interactive?: boolean; approvals?: MemoryApprovals } = {}): McpManager {
  dir = mkdtempSync(join(tmpdir(), "agent-servers-"));
  manager = new McpManager({
    projectDir: dir,
    approvals: options.approvals ?? new MemoryApprovals(),
    logDir: join(dir, "logs"),
    env: process.env,
    interactive: options.interactive ?? true,
  });
  return manager;
}

afterEach(async () => {
  await manager?.close();
  manager = undefined;
  rmSync(dir, { recursive: true, force: true });
});

/** The test server writing its pid to `pidFile` when it starts. */
function pidServer(pidFile: string, extra: Partial<StdioEntry> = {}): StdioEntry {
  return { command: process.execPath, args: [TEST_SERVER], env: { MCP_TEST_PID_FILE: pidFile }, ...extra };
}

const toolNames = (tools: readonly { name: string }[]) => tools.map((tool) => tool.name);

/** Runs one of the agent's tools as the loop would. */
function run(tools: readonly Tool[], name: string, input: Record<string, unknown>) {
  const tool = tools.find((candidate) => candidate.name === name);
  if (!tool) throw new Error(`no tool ${name}`);
  return tool.run(input, { cwd: dir, signal: new AbortController().signal });
}

/** A server's status, "absent" until it is listed. */
const statusOf = (mcp: McpManager, name: string) =>
  mcp.getSnapshot().servers.find((view) => view.name === name)?.state.status ?? "absent";

describe('a "scope": "agents" server', () => {
  it("is not started at launch, starts for the agent that names it, is offered to it alone, and stops on release", async () => {
    const mcp = setUp();
    const pidFile = join(dir, "helper.pid");
    const helper = stdioServer("helper", pidServer(pidFile, { scope: "agents" }));
    const main = stdioServer("tracker", tracker);
    await mcp.start([main, helper]);

    expect(stateOf(mcp, "tracker").status).toBe("connected");
    expect(stateOf(mcp, "helper").status).toBe("standby");
    expect(existsSync(pidFile)).toBe(false);
    expect(toolNames(mcp.tools()).some((name) => name.startsWith("mcp__helper__"))).toBe(false);

    const servers = await mcp.serversForAgent({ name: "qa", projectInput: false, mcpServers: ["helper"] });
    expect(servers.failures).toEqual([]);
    expect(toolNames(servers.tools)).toEqual(["mcp__helper__echo", "mcp__helper__slow", "mcp__helper__die"]);
    expect(stateOf(mcp, "helper").status).toBe("connected");
    const pid = Number(readFileSync(pidFile, "utf8"));
    // The main conversation's list is as it was: the tracker's three tools only.
    expect(toolNames(mcp.tools())).toEqual([
      "mcp__tracker__list_issues",
      "mcp__tracker__get_issue",
      "mcp__tracker__add_comment",
    ]);
    expect(mcp.instructionsSection()).not.toContain("helper");
    const result = await run(servers.tools, "mcp__helper__echo", { text: "from the agent" });
    expect(JSON.stringify(result)).toContain("from the agent");
    expect(mcp.getSnapshot().servers.find((view) => view.name === "helper")?.forAgents).toEqual({ agents: ["qa"] });

    servers.release();
    expect(stateOf(mcp, "helper").status).toBe("standby");
    expect(await gone(pid)).toBe(true);
  });

  it("stays up while another running agent still holds it", async () => {
    const mcp = setUp();
    const pidFile = join(dir, "helper.pid");
    await mcp.start([stdioServer("helper", pidServer(pidFile, { scope: "agents" }))]);
    const [first, second] = await Promise.all([
      mcp.serversForAgent({ name: "qa", projectInput: false, mcpServers: ["helper"] }),
      mcp.serversForAgent({ name: "api", projectInput: false, mcpServers: ["helper"] }),
    ]);
    const pid = Number(readFileSync(pidFile, "utf8"));
    first.release();
    first.release(); // a second release of the same agent changes nothing
    expect(stateOf(mcp, "helper").status).toBe("connected");
    expect(mcp.getSnapshot().servers[0]?.forAgents).toEqual({ agents: ["qa", "api"] });
    second.release();
    expect(stateOf(mcp, "helper").status).toBe("standby");
    expect(await gone(pid)).toBe(true);
  });

  it("stops after its idle timeout while its agent runs, and starts again on the next call", async () => {
    const mcp = setUp();
    const pidFile = join(dir, "helper.pid");
    await mcp.start([stdioServer("helper", pidServer(pidFile, { scope: "agents", idleTimeoutMs: 300 }))]);
    const servers = await mcp.serversForAgent({ name: "qa", projectInput: false, mcpServers: ["helper"] });
    const pid = Number(readFileSync(pidFile, "utf8"));
    await waitForSnapshot(mcp, () => stateOf(mcp, "helper").status === "cached");
    expect(await gone(pid)).toBe(true);
    const result = await run(servers.tools, "mcp__helper__echo", { text: "again" });
    expect(JSON.stringify(result)).toContain("again");
    expect(Number(readFileSync(pidFile, "utf8"))).not.toBe(pid);
    servers.release();
  });
});

describe('a project "scope": "agents" server', () => {
  it("asks when its agent starts, not at launch; approved ahead from the panel (a), it goes back to standby unstarted", async () => {
    const approvals = new MemoryApprovals();
    const mcp = setUp({ approvals });
    const pidFile = join(dir, "helper.pid");
    const helper = { ...stdioServer("helper", pidServer(pidFile, { scope: "agents" }), "project") };
    await mcp.start([helper]);
    expect(stateOf(mcp, "helper").status).toBe("standby");

    await mcp.askApproval("helper");
    expect(stateOf(mcp, "helper").status).toBe("needs-approval");
    await mcp.decide("helper", "remember");
    expect(stateOf(mcp, "helper").status).toBe("standby");
    expect(existsSync(pidFile)).toBe(false);
    expect(await approvals.status(dir, helper)).toBe("approved");

    // Approved now: the agent's start asks nothing.
    const servers = await mcp.serversForAgent({ name: "qa", projectInput: true, mcpServers: ["helper"] });
    expect(servers.failures).toEqual([]);
    expect(existsSync(pidFile)).toBe(true);
    servers.release();
  });

  it("not approved: the agent's start asks, and the agent waits for the answer", async () => {
    const mcp = setUp();
    const pidFile = join(dir, "helper.pid");
    await mcp.start([stdioServer("helper", pidServer(pidFile, { scope: "agents" }), "project")]);
    const asked = mcp.serversForAgent({ name: "qa", projectInput: true, mcpServers: ["helper"] });
    await waitForSnapshot(mcp, () => statusOf(mcp, "helper") === "needs-approval");
    expect(existsSync(pidFile)).toBe(false);
    await mcp.decide("helper", "once");
    expect(toolNames((await asked).tools)).toContain("mcp__helper__echo");
  });
});

describe("an agent's own (inline) servers", () => {
  const AGENT_FILE = "/work/project/.claude/agents/qa.md";

  it("from a project agent file: not started before approval, and the question names the agent file", async () => {
    const approvals = new MemoryApprovals();
    const mcp = setUp({ approvals });
    await mcp.start([]);
    const pidFile = join(dir, "db.pid");
    const entry = pidServer(pidFile);
    const asked = mcp.serversForAgent({
      name: "qa",
      file: AGENT_FILE,
      projectInput: true,
      mcpServers: [{ name: "db", entry }],
    });
    const snapshot = await waitForSnapshot(mcp, () => statusOf(mcp, "db") === "needs-approval");
    const view = snapshot.servers.find((server) => server.name === "db");
    expect(view?.config?.file).toBe(AGENT_FILE);
    expect(serverApprovalNote(view!, 1, 1, "/work/project")).toBe("project · agent qa · .claude/agents/qa.md");
    expect(existsSync(pidFile)).toBe(false);
    expect(mcp.tools()).toEqual([]);

    await mcp.decide("db", "remember");
    const servers = await asked;
    expect(servers.failures).toEqual([]);
    expect(toolNames(servers.tools)).toContain("mcp__db__echo");
    expect(existsSync(pidFile)).toBe(true);
    expect(await approvals.status(dir, { name: "db", entry } as ServerConfig)).toBe("approved");
    expect(toolNames(mcp.tools())).toEqual([]);
    servers.release();
    expect(stateOf(mcp, "db").status).toBe("standby");
  });

  it("an agent stopped while its server waits for approval: told so, and on release the question is withdrawn", async () => {
    const mcp = setUp();
    await mcp.start([]);
    const stop = new AbortController();
    const pidFile = join(dir, "db.pid");
    const asked = mcp.serversForAgent({
      name: "qa",
      file: AGENT_FILE,
      projectInput: true,
      mcpServers: [{ name: "db", entry: pidServer(pidFile) }],
      signal: stop.signal,
    });
    await waitForSnapshot(mcp, () => statusOf(mcp, "db") === "needs-approval");
    stop.abort();
    const servers = await asked;
    expect(servers.failures).toEqual([
      { server: "db", reason: "still waiting for the user's approval when the agent stopped waiting" },
    ]);
    servers.release();
    expect(stateOf(mcp, "db").status).toBe("standby");
    expect(existsSync(pidFile)).toBe(false);
  });

  it("declined: the agent hears that the user declined it", async () => {
    const mcp = setUp();
    await mcp.start([]);
    const asked = mcp.serversForAgent({
      name: "qa",
      file: AGENT_FILE,
      projectInput: true,
      mcpServers: [{ name: "db", entry: pidServer(join(dir, "db.pid")) }],
    });
    await waitForSnapshot(mcp, () => statusOf(mcp, "db") === "needs-approval");
    await mcp.decide("db", "deny");
    expect((await asked).failures).toEqual([{ server: "db", reason: "disabled (declined by user)" }]);
  });

  it("with nobody to ask (print mode): not started, and the failure says how to approve it", async () => {
    const mcp = setUp({ interactive: false });
    await mcp.start([]);
    const pidFile = join(dir, "db.pid");
    const servers = await mcp.serversForAgent({
      name: "qa",
      file: AGENT_FILE,
      projectInput: true,
      mcpServers: [{ name: "db", entry: pidServer(pidFile) }],
    });
    expect(servers.tools).toEqual([]);
    expect(servers.failures).toEqual([
      {
        server: "db",
        reason: `not approved: declared in ${AGENT_FILE}, a project file; approve it with \`mini-cc mcp approve --agents db\` or when the agent first needs it in an interactive session`,
      },
    ]);
    expect(existsSync(pidFile)).toBe(false);
  });

  it("from a user agent: starts without asking", async () => {
    const mcp = setUp();
    await mcp.start([]);
    const servers = await mcp.serversForAgent({
      name: "qa",
      file: "/home/me/.claude/agents/qa.md",
      projectInput: false,
      mcpServers: [{ name: "db", entry: pidServer(join(dir, "db.pid")) }],
    });
    expect(servers.failures).toEqual([]);
    expect(toolNames(servers.tools)).toContain("mcp__db__echo");
    servers.release();
  });
});

describe("what an agent cannot use comes back in failures", () => {
  it("a server that fails to start, a bad inline entry, an unknown name: each with why, the good one still offered", async () => {
    const mcp = setUp();
    await mcp.start([stdioServer("helper", pidServer(join(dir, "helper.pid"), { scope: "agents" }))]);
    const servers = await mcp.serversForAgent({
      name: "qa",
      file: "/home/me/.claude/agents/qa.md",
      projectInput: false,
      mcpServers: [
        "helper",
        { name: "broken", entry: { command: "mini-cc-no-such-command" } },
        { name: "typo", entry: { command: "x", args: "--stdio" } as unknown as StdioEntry },
        "nowhere",
      ],
    });
    expect(toolNames(servers.tools)).toEqual(["mcp__helper__echo", "mcp__helper__slow", "mcp__helper__die"]);
    expect(servers.failures).toEqual([
      { server: "broken", reason: "failed to start: command not found: mini-cc-no-such-command" },
      {
        server: "typo",
        reason: "/home/me/.claude/agents/qa.md: mcpServers.typo.args: expected array, got string",
      },
      { server: "nowhere", reason: expect.stringMatching(/^no MCP server named nowhere \(configured: helper\b/) },
    ]);
    servers.release();
  });

  it("an inline server under a configured server's name with another entry is refused, not swapped in", async () => {
    const mcp = setUp();
    await mcp.start([stdioServer("tracker", tracker)]);
    const servers = await mcp.serversForAgent({
      name: "qa",
      file: "/home/me/.claude/agents/qa.md",
      projectInput: false,
      mcpServers: [{ name: "tracker", entry: { command: "something-else" } }],
    });
    expect(servers.failures).toEqual([
      {
        server: "tracker",
        reason:
          "/home/me/.claude/agents/qa.md declares a server named tracker, but another server of that name is declared in /project/.mcp.json: rename one of them",
      },
    ]);
  });

  it("a main-conversation server named by an agent: its tools, under the parent's names, and it is not held", async () => {
    const mcp = setUp();
    await mcp.start([stdioServer("tracker", tracker)]);
    const servers = await mcp.serversForAgent({ name: "qa", projectInput: false, mcpServers: ["tracker"] });
    expect(toolNames(servers.tools)).toEqual(toolNames(mcp.tools()));
    servers.release();
    expect(stateOf(mcp, "tracker").status).toBe("connected");
  });
});
