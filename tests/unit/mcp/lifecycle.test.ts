import { describe, expect, it } from "vitest";
import {
  beginLife,
  HISTORY_LIMIT,
  mayRun,
  step,
  type LifecycleEvent,
  type ServerLife,
} from "../../../src/mcp/state/lifecycle.ts";
import type { McpToolInfo, ServerState } from "../../../src/mcp/state/server-state.ts";

const TOOL: McpToolInfo = { name: "echo", description: "Echo.", inputSchema: { type: "object" }, annotations: {} };
const CONNECTED: ServerState = { status: "connected", tools: [TOOL], instructions: "be nice", connectMs: 40 };
const FAILED: ServerState = { status: "failed", error: "boom", code: "connect-failed" };
const OLD_TOOL: McpToolInfo = { name: "old", description: "Old.", inputSchema: { type: "object" }, annotations: {} };
const CACHED: ServerState = { status: "cached", tools: [TOOL], instructions: "from the cache" };

const EVENTS: Record<LifecycleEvent["type"], LifecycleEvent> = {
  approved: { type: "approved" },
  denied: { type: "denied" },
  "cache-loaded": { type: "cache-loaded", tools: [TOOL], instructions: "from the cache", skippedTools: [] },
  "idle-stopped": { type: "idle-stopped" },
  spawned: { type: "spawned" },
  "still-starting": { type: "still-starting" },
  connected: { type: "connected", tools: [TOOL], instructions: "", skippedTools: [], connectMs: 12 },
  failed: { type: "failed", error: "spawn x ENOENT", code: "command-not-found" },
  lost: { type: "lost", error: "connection closed", code: "connection-lost" },
  "retry-scheduled": { type: "retry-scheduled", attempt: 1 },
  "gave-up": { type: "gave-up", error: "closed — gave up after 3 reconnect attempts", code: "connection-lost" },
  "tools-changed": { type: "tools-changed", tools: [], skippedTools: [] },
  "features-changed": { type: "features-changed", features: { prompts: [] } },
  disabled: { type: "disabled" },
  revoked: { type: "revoked" },
  "approval-asked": { type: "approval-asked" },
  enabled: { type: "enabled", needsApproval: false },
  restarted: { type: "restarted" },
  "needs-auth": { type: "needs-auth", reason: "not logged in" },
  "agent-started": { type: "agent-started" },
  "agents-done": { type: "agents-done" },
};

const STATES: Record<string, ServerState> = {
  "needs-approval": { status: "needs-approval" },
  pending: { status: "pending" },
  connected: CONNECTED,
  cached: CACHED,
  failed: FAILED,
  reconnecting: { status: "reconnecting", attempt: 2 },
  "needs-auth": { status: "needs-auth", reason: "not logged in" },
  "disabled (declined)": { status: "disabled", reason: "declined by user", cause: "declined" },
  "disabled (not-approved)": { status: "disabled", reason: "not approved", cause: "not-approved" },
  "disabled (user)": { status: "disabled", reason: "disabled by user", cause: "user" },
  standby: { status: "standby" },
};

/** Every state × event pair this lifecycle allows, with the status it leads to. */
const LEGAL: Record<string, Partial<Record<LifecycleEvent["type"], string>>> = {
  "needs-approval": { approved: "pending", denied: "disabled", disabled: "disabled", "agents-done": "standby" },
  pending: {
    "agents-done": "standby",
    "approval-asked": "needs-approval",
    "cache-loaded": "cached",
    spawned: "pending",
    "still-starting": "pending",
    connected: "connected",
    failed: "failed",
    "needs-auth": "needs-auth",
    disabled: "disabled",
    revoked: "disabled",
    restarted: "pending",
  },
  connected: {
    "agents-done": "standby",
    "approval-asked": "needs-approval",
    "idle-stopped": "cached",
    lost: "failed",
    "needs-auth": "needs-auth",
    "tools-changed": "connected",
    "features-changed": "connected",
    disabled: "disabled",
    revoked: "disabled",
    restarted: "pending",
  },
  cached: {
    "agents-done": "standby",
    "approval-asked": "needs-approval",
    spawned: "cached",
    connected: "connected",
    failed: "failed",
    "needs-auth": "needs-auth",
    disabled: "disabled",
    revoked: "disabled",
    restarted: "pending",
  },
  failed: {
    "agents-done": "standby",
    "approval-asked": "needs-approval",
    "retry-scheduled": "reconnecting",
    "gave-up": "failed",
    "needs-auth": "needs-auth",
    disabled: "disabled",
    revoked: "disabled",
    restarted: "pending",
  },
  reconnecting: {
    "agents-done": "standby",
    "approval-asked": "needs-approval",
    spawned: "reconnecting",
    connected: "connected",
    failed: "failed",
    "needs-auth": "needs-auth",
    disabled: "disabled",
    revoked: "disabled",
    restarted: "pending",
  },
  // Waits for a login: `mcp login` restarts it; it may be switched off; never retried on a timer.
  "needs-auth": {
    "agents-done": "standby",
    "approval-asked": "needs-approval",
    "needs-auth": "needs-auth",
    disabled: "disabled",
    revoked: "disabled",
    restarted: "pending",
  },
  "disabled (declined)": { "approval-asked": "needs-approval", approved: "pending", disabled: "disabled" },
  "disabled (not-approved)": { "approval-asked": "needs-approval", approved: "pending", disabled: "disabled" },
  "disabled (user)": { enabled: "pending" },
  // Agent-scoped, needed by no running agent: an agent starts it; it is never restarted by itself.
  standby: {
    "agent-started": "pending",
    "approval-asked": "needs-approval",
    disabled: "disabled",
    revoked: "disabled",
  },
};

describe("the server lifecycle reducer", () => {
  for (const [stateName, state] of Object.entries(STATES)) {
    for (const event of Object.values(EVENTS)) {
      const expected = LEGAL[stateName]?.[event.type];
      it(`${stateName} + ${event.type} → ${expected ?? "refused"}`, () => {
        const result = step(beginLife(state), event, 100);
        if (expected === undefined) {
          expect(result).toEqual({ ok: false, reason: `${event.type} is impossible while ${state.status}` });
        } else {
          expect(result.ok && result.life.state.status).toBe(expected);
        }
      });
    }
  }

  it("marks a pending server still starting once, and connects it from there", () => {
    const slow = step(beginLife({ status: "pending" }), EVENTS["still-starting"], 30_000);
    expect(slow.ok && slow.life.state).toEqual({ status: "pending", stillStarting: true });
    expect(slow.ok && step(slow.life, EVENTS["still-starting"], 30_001)).toEqual({
      ok: false,
      reason: "still-starting is impossible while pending",
    });
    expect(slow.ok && step(slow.life, EVENTS.connected, 90_000).ok).toBe(true);
  });

  it("connects with the tools, instructions and connect time the event carries", () => {
    const result = step(beginLife({ status: "pending" }), EVENTS.connected, 12);
    expect(result.ok && result.life.state).toEqual({
      status: "connected",
      tools: [TOOL],
      instructions: "",
      connectMs: 12,
    });
  });

  it("keeps instructions and connect time when the tool list changes, and lists skipped tools only when there are some", () => {
    const skipped = {
      type: "tools-changed",
      tools: [],
      skippedTools: [{ name: "deep", reason: "schema too deep" }],
    } as const;
    const result = step(beginLife(CONNECTED), skipped, 500);
    expect(result.ok && result.life.state).toEqual({
      status: "connected",
      tools: [],
      instructions: "be nice",
      connectMs: 40,
      skippedTools: skipped.skippedTools,
    });
  });

  it("offers a pending server's cached tools and instructions", () => {
    const result = step(
      beginLife({ status: "pending" }),
      { type: "cache-loaded", tools: [TOOL], instructions: "hi", skippedTools: [{ name: "deep", reason: "too deep" }] },
      3,
    );
    expect(result.ok && result.life.state).toEqual({
      status: "cached",
      tools: [TOOL],
      instructions: "hi",
      skippedTools: [{ name: "deep", reason: "too deep" }],
    });
    expect(result.ok && result.life.health.history).toEqual([
      { status: "pending", at: 0 },
      { status: "cached", at: 3 },
    ]);
  });

  it("connecting after the cache notes how the live tool list differs, and nothing when it is the same", () => {
    const stale: ServerState = { status: "cached", tools: [OLD_TOOL, TOOL], instructions: "" };
    const changed = step(
      beginLife(stale),
      { ...EVENTS.connected, tools: [TOOL, { ...TOOL, name: "new" }] } as LifecycleEvent,
      9,
    );
    expect(changed.ok && changed.life.state).toEqual({
      status: "connected",
      tools: [TOOL, { ...TOOL, name: "new" }],
      instructions: "",
      connectMs: 12,
      cacheNote: "tools changed since cached: added new; removed old",
    });
    const same = step(beginLife(CACHED), EVENTS.connected, 9);
    expect(same.ok && same.life.state).toEqual({ status: "connected", tools: [TOOL], instructions: "", connectMs: 12 });
    const schema = step(
      beginLife(CACHED),
      { ...EVENTS.connected, tools: [{ ...TOOL, inputSchema: { type: "object", required: ["x"] } }] } as LifecycleEvent,
      9,
    );
    expect(schema.ok && schema.life.state.status === "connected" && schema.life.state.cacheNote).toBe(
      "tools changed since cached: changed echo",
    );
  });

  it("an idle stop keeps the connected server's tools and instructions offered, and forgets any cache note", () => {
    const connected: ServerState = {
      ...CONNECTED,
      skippedTools: [{ name: "deep", reason: "too deep" }],
      cacheNote: "tools changed since cached: added echo",
    };
    const result = step(beginLife(connected), EVENTS["idle-stopped"], 50);
    expect(result.ok && result.life.state).toEqual({
      status: "cached",
      tools: [TOOL],
      instructions: "be nice",
      skippedTools: [{ name: "deep", reason: "too deep" }],
    });
  });

  it("keeps a server's features (capabilities, resources, prompts, warnings) across a tool list refresh, and updates them on their own", () => {
    const features = {
      capabilities: { tools: {}, prompts: {} },
      prompts: [{ name: "p", description: "", arguments: [] }],
    };
    const connected = step(beginLife({ status: "pending" }), { ...EVENTS.connected, features } as LifecycleEvent, 1);
    const refreshed = connected.ok
      ? step(connected.life, { type: "tools-changed", tools: [], skippedTools: [] }, 2)
      : connected;
    expect(refreshed.ok && refreshed.life.state).toEqual({
      status: "connected",
      tools: [],
      instructions: "",
      connectMs: 12,
      ...features,
    });
    const warned = refreshed.ok
      ? step(
          refreshed.life,
          { type: "features-changed", features: { logWarnings: [{ level: "error", text: "disk full" }] } },
          3,
        )
      : refreshed;
    expect(warned.ok && warned.life.state).toMatchObject({
      prompts: features.prompts,
      logWarnings: [{ level: "error", text: "disk full" }],
    });
  });

  it("a switched-off server that needs approval asks again when switched on", () => {
    const result = step(
      beginLife(STATES["disabled (user)"] as ServerState),
      { type: "enabled", needsApproval: true },
      1,
    );
    expect(result.ok && result.life.state).toEqual({ status: "needs-approval" });
  });

  it("a loss then a scheduled retry: history, last failure and the reconnect count", () => {
    let life: ServerLife = beginLife({ status: "pending" });
    const apply = (event: LifecycleEvent, at: number) => {
      const result = step(life, event, at);
      if (!result.ok) throw new Error(result.reason);
      life = result.life;
    };
    apply(EVENTS.spawned, 0);
    apply(EVENTS.connected, 412);
    apply(EVENTS.lost, 5000);
    apply({ type: "retry-scheduled", attempt: 1 }, 5000);
    expect(life.health.history).toEqual([
      { status: "pending", at: 0 },
      { status: "connected", at: 412 },
      { status: "failed", at: 5000 },
      { status: "reconnecting", at: 5000 },
    ]);
    expect(life.health.lastFailure).toBe("connection closed");
    expect(life.health.reconnects).toBe(1);
  });

  it("changes nothing (same object) for a spawn, which only checks the state", () => {
    const life = beginLife({ status: "pending" });
    expect(step(life, EVENTS.spawned, 3)).toEqual({ ok: true, life });
    expect((step(life, EVENTS.spawned, 3) as { life: ServerLife }).life).toBe(life);
  });

  it("keeps at most HISTORY_LIMIT transitions", () => {
    let life = beginLife(CONNECTED);
    for (let i = 0; i < HISTORY_LIMIT + 5; i++) {
      for (const event of [EVENTS.restarted, EVENTS.connected]) {
        const result = step(life, event, i);
        if (result.ok) life = result.life;
      }
    }
    expect(life.health.history).toHaveLength(HISTORY_LIMIT);
    expect(life.health.history.at(-1)).toEqual({ status: "connected", at: HISTORY_LIMIT + 4 });
  });

  it("only approved or free servers may run", () => {
    expect(
      Object.entries(STATES)
        .filter(([, s]) => mayRun(s))
        .map(([name]) => name),
    ).toEqual(["pending", "connected", "cached", "failed", "reconnecting", "needs-auth"]);
  });
});

describe("needs-auth", () => {
  it("carries the reason, is kept in the history, and is not a failure (no lastFailure, no reconnect)", () => {
    let life: ServerLife = beginLife({ status: "pending" });
    const next = step(life, { type: "needs-auth", reason: "not logged in" }, 10);
    expect(next.ok && next.life.state).toEqual({ status: "needs-auth", reason: "not logged in" });
    life = next.ok ? next.life : life;
    expect(life.health.history).toEqual([
      { status: "pending", at: 0 },
      { status: "needs-auth", at: 10 },
    ]);
    expect(life.health.lastFailure).toBeUndefined();
    expect(step(life, { type: "retry-scheduled", attempt: 1 }, 11)).toEqual({
      ok: false,
      reason: "retry-scheduled is impossible while needs-auth",
    });
  });

  it("a login restarts it: needs-auth → pending → connected", () => {
    let life: ServerLife = beginLife({ status: "needs-auth", reason: "logged out" });
    for (const event of [{ type: "restarted" }, { type: "spawned" }, EVENTS.connected] as LifecycleEvent[]) {
      const next = step(life, event, 5);
      if (!next.ok) throw new Error(next.reason);
      life = next.life;
    }
    expect(life.state.status).toBe("connected");
  });
});
