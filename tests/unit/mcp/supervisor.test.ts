import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { describe, expect, it } from "vitest";
import type { TransportFactory } from "../../../src/mcp/connection/transports.ts";
import type { LifecycleEvent } from "../../../src/mcp/state/lifecycle.ts";
import { ServerSupervisor, type SupervisorOptions } from "../../../src/mcp/supervisor.ts";
import { FakeClock } from "../../helpers/fake-clock.ts";
import { eventually, stdioServer } from "../../helpers/mcp-fixtures.ts";

// A superseded start is told apart by its run and its attempt's signal, not by a counter:
// whatever it finishes late never becomes the server's state, and what it opened is closed.

const config = stdioServer("a", { command: "run-a" });

/** One in-memory server per transport built; with `slowFirst`, the first waits for `answer[0]()` before it takes its side. */
function gatedTransports(slowFirst: boolean) {
  const built: { peer: InMemoryTransport; closed: boolean }[] = [];
  const answer: (() => void)[] = [];
  const factory: TransportFactory = () => {
    const [client, peer] = InMemoryTransport.createLinkedPair();
    const record = { peer, closed: false };
    peer.onclose = () => (record.closed = true);
    built.push(record);
    const server = new McpServer({ name: `a${built.length}`, version: "1.0.0" });
    server.registerTool(`tool${built.length}`, { description: "x" }, () => ({ content: [] }));
    const take = () => void server.connect(peer).then(() => (peer.onclose = () => (record.closed = true)));
    if (slowFirst && built.length === 1) answer.push(take);
    else take();
    return client;
  };
  return { factory, built, answer };
}

function setup(slowFirst: boolean, overrides: Partial<SupervisorOptions> = {}) {
  const events: string[] = [];
  const connectedTools: string[][] = [];
  const transports = gatedTransports(slowFirst);
  const supervisor = new ServerSupervisor({
    projectDir: "/project",
    logDir: join(mkdtempSync(join(tmpdir(), "supervisor-")), "logs"),
    env: {},
    clock: new FakeClock(),
    transportFactory: transports.factory,
    dispatch: (_name: string, ...happened: LifecycleEvent[]) => {
      for (const event of happened) {
        events.push(event.type);
        if (event.type === "connected") connectedTools.push(event.tools.map((tool) => tool.name));
      }
      return true;
    },
    view: () => undefined,
    config: (name) => (name === "a" ? config : undefined),
    ...overrides,
  });
  return { supervisor, events, connectedTools, ...transports };
}

describe("ServerSupervisor: a superseded start", () => {
  it("a restart while the first start still loads: the first never opens a connection, the restart's is the server's", async () => {
    let loaded = () => {};
    const slowFirst = new Promise<boolean>((resolve) => (loaded = () => resolve(false)));
    let asked = 0;
    const { supervisor, events, built, connectedTools } = setup(false, {
      // The first start's approval lookup is slow (its file on a busy disk); the restart's answers at once.
      approvedSandboxed: () => (++asked === 1 ? slowFirst : Promise.resolve(false)),
    });
    const first = supervisor.connect(config);
    await supervisor.stop("a");
    await supervisor.connect(config);
    expect(built.length).toBe(1);
    const current = supervisor.connections.get("a");
    loaded();
    await first;
    expect(built.length).toBe(1);
    expect(events).toEqual(["spawned", "spawned", "connected"]);
    expect(connectedTools).toEqual([["tool1"]]);
    expect(supervisor.connections.get("a")).toBe(current);
    await supervisor.close();
  });

  it("a second connect while the first's handshake hangs: the first's late handshake is dropped and its connection closed", async () => {
    const { supervisor, events, built, answer, connectedTools } = setup(true);
    const first = supervisor.connect(config);
    await eventually(() => built.length === 1);
    await supervisor.connect(config);
    expect(connectedTools).toEqual([["tool2"]]);
    const current = supervisor.connections.get("a");
    answer[0]?.(); // the first server answers at last
    await first;
    await eventually(() => built[0]?.closed === true);
    expect(events).toEqual(["spawned", "spawned", "connected"]);
    expect(connectedTools).toEqual([["tool2"]]);
    expect(supervisor.connections.get("a")).toBe(current);
    expect(built[1]?.closed).toBe(false);
    await supervisor.close();
    await eventually(() => built[1]?.closed === true);
  });
});
