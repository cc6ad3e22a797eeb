/**
 * A server's lifecycle as one pure reducer: `(life, event) → life` over
 * tagged events (DESIGN.md, "Server state"). McpManager runs the effects
 * (spawning, connecting, timers) and reports each outcome here as an event;
 * this file alone decides which state follows, and refuses transitions that
 * cannot happen (a tools list from a server that is not connected, a restart
 * of a server the user never approved). Health figures (history, reconnects)
 * ride along, so every view (panel, `/mcp`, `mcp get`) reads one record.
 */
import type { ErrorCode } from "../../errors.ts";
import type { ServerEntry } from "../../config/types.ts";
import {
  USER_DISABLED,
  type StartupSilence,
  type McpToolInfo,
  type ReadOnlyTools,
  type ServerFeatures,
  type ServerHealth,
  type ServerState,
  type SkippedTool,
} from "./server-state.ts";
import { toolListChange } from "./tool-list-change.ts";

export type LifecycleEvent =
  /** The user approved a project server (or undid a "don't start"): it may run. */
  | { type: "approved" }
  /** The user answered "don't start" in the approval modal. */
  | { type: "denied" }
  /** A pending server's tool list, instructions and capabilities were found in the tool cache: offered before it connects. */
  | {
      type: "cache-loaded";
      tools: readonly McpToolInfo[];
      instructions: string;
      skippedTools: readonly SkippedTool[];
      features?: ServerFeatures;
    }
  /** A lazy server sat idle past its idleTimeoutMs: its process stopped, its tools stay offered from what it last listed. */
  | { type: "idle-stopped" }
  /** A connection attempt began (first connect or a reconnect attempt); changes nothing, but only pending, cached or reconnecting may spawn. */
  | { type: "spawned" }
  /** A first connect ran past the connect timeout: it goes on in the background, and nobody waits for it any more. */
  | { type: "still-starting"; silence?: StartupSilence }
  /** `connectMs`: from the attempt's spawn to the end of the handshake and tools/list. */
  | {
      type: "connected";
      tools: readonly McpToolInfo[];
      instructions: string;
      skippedTools: readonly SkippedTool[];
      connectMs: number;
      /** Negotiated capabilities, resources, templates and prompts. */
      features?: ServerFeatures;
    }
  /** A connection attempt failed; a retry-scheduled or gave-up may follow in the same dispatch. */
  | { type: "failed"; error: string; code: ErrorCode }
  /** A connected server went away by itself; a retry-scheduled or gave-up follows in the same dispatch. */
  | { type: "lost"; error: string; code: ErrorCode }
  /** After a failure or loss: the next reconnect attempt waits on a timer. */
  | { type: "retry-scheduled"; attempt: number }
  /** After a failure or loss: no attempts left; `error` says so. */
  | { type: "gave-up"; error: string; code: ErrorCode }
  | { type: "tools-changed"; tools: readonly McpToolInfo[]; skippedTools: readonly SkippedTool[] }
  /**
   * The server answered 401 and no stored token (or refresh) got past it: it
   * waits for `mcp login`. Ends an attempt (pending, cached, reconnecting), a session
   * whose token stopped working (connected), or a failure (after a logout).
   */
  | { type: "needs-auth"; reason: string }
  /** A connected server's resources, templates or prompts were fetched again, or its recent warnings changed. */
  | { type: "features-changed"; features: ServerFeatures }
  /** The user switched the server off (`mcp disable`, the panel). */
  | { type: "disabled" }
  /** The user took back a project server's approval: it stops, and asks again only when approved anew. */
  | { type: "revoked" }
  /**
   * The approval question asks (again): the user asked to approve a project server not approved for good
   * (the panel's a), or an agent needs an agent-scoped one; `previous`: its entry as approved before, when changed.
   */
  | { type: "approval-asked"; readOnlyTools?: ReadOnlyTools; previous?: ServerEntry }
  /** The user switched it back on; a project server not approved for its entry asks again. */
  | { type: "enabled"; needsApproval: boolean }
  /** The user asked for a fresh connect. */
  | { type: "restarted" }
  /** An agent that needs this agent-scoped server started: it may connect now. */
  | { type: "agent-started" }
  /** No running agent needs this agent-scoped server any more: it stops (a question about it is withdrawn). */
  | { type: "agents-done" };

export type LifecycleEventType = LifecycleEvent["type"];

/** A server's state and the health figures that go with it. */
export interface ServerLife {
  readonly state: ServerState;
  readonly health: ServerHealth;
}

export const HISTORY_LIMIT = 50;

export type Step = { ok: true; life: ServerLife } | { ok: false; reason: string };

/** The life a server begins with, in the state its entry and approvals give it. */
export function beginLife(state: ServerState, at = 0): ServerLife {
  return { state, health: { history: [{ status: state.status, at }], reconnects: 0 } };
}

/** Whether a server in this state may have a process or connection (approved, not switched off, not on standby for agents). */
export function mayRun(state: ServerState): boolean {
  return state.status !== "needs-approval" && state.status !== "disabled" && state.status !== "standby";
}

/**
 * The life after `event` at time `at`, or why the event cannot happen now.
 * An event that changes nothing (the same tool list again) returns the same object.
 */
export function step(life: ServerLife, event: LifecycleEvent, at: number): Step {
  const state = nextState(life.state, event);
  if (state === undefined) return { ok: false, reason: `${event.type} is impossible while ${life.state.status}` };
  const health = nextHealth(life.health, event, at, state === life.state ? undefined : state);
  if (state === life.state && health === life.health) return { ok: true, life };
  return { ok: true, life: { state, health } };
}

/** The state after `event`, undefined when it cannot happen. */
function nextState(state: ServerState, event: LifecycleEvent): ServerState | undefined {
  const { status } = state;
  // Managed policy's refusal is final for the session: no approval, switch or restart starts it.
  if (status === "disabled" && state.cause === "policy") return undefined;
  switch (event.type) {
    case "approved":
      return status === "needs-approval" || (status === "disabled" && state.cause !== "user")
        ? { status: "pending" }
        : undefined;
    case "denied":
      return status === "needs-approval"
        ? { status: "disabled", reason: "declined by user", cause: "declined" }
        : undefined;
    case "cache-loaded":
      return status === "pending"
        ? cachedState(event.tools, event.skippedTools, event.instructions, event.features)
        : undefined;
    case "idle-stopped": {
      if (status !== "connected") return undefined;
      const { logWarnings: _, ...offers } = featuresOf(state);
      return cachedState(state.tools, state.skippedTools ?? [], state.instructions, offers);
    }
    case "spawned":
      return status === "pending" || status === "cached" || status === "reconnecting" ? state : undefined;
    case "still-starting":
      if (status !== "pending" || state.stillStarting) return undefined;
      return event.silence
        ? { status: "pending", stillStarting: true, silence: event.silence }
        : { status: "pending", stillStarting: true };
    case "connected": {
      if (status !== "pending" && status !== "cached" && status !== "reconnecting") return undefined;
      const note = status === "cached" ? toolListChange(state.tools, event.tools) : "";
      return {
        ...connectedState(event.tools, event.skippedTools, event.instructions, event.connectMs, note),
        ...event.features,
      } as ServerState;
    }
    case "failed":
      return status === "pending" || status === "cached" || status === "reconnecting"
        ? { status: "failed", error: event.error, code: event.code }
        : undefined;
    case "lost":
      return status === "connected" ? { status: "failed", error: event.error, code: event.code } : undefined;
    case "retry-scheduled":
      return status === "failed" ? { status: "reconnecting", attempt: event.attempt } : undefined;
    case "gave-up":
      return status === "failed" ? { status: "failed", error: event.error, code: event.code } : undefined;
    case "needs-auth":
      return status === "pending" ||
        status === "cached" ||
        status === "reconnecting" ||
        status === "connected" ||
        status === "failed" ||
        status === "needs-auth"
        ? { status: "needs-auth", reason: event.reason }
        : undefined;
    case "tools-changed":
      if (status !== "connected") return undefined;
      return {
        ...featuresOf(state),
        ...connectedState(event.tools, event.skippedTools, state.instructions, state.connectMs),
      } as ServerState;
    case "features-changed":
      return status === "connected" ? { ...state, ...event.features } : undefined;
    case "disabled":
      return status === "disabled" && state.cause === "user" ? undefined : USER_DISABLED;
    case "revoked":
      return status === "disabled" || status === "needs-approval"
        ? undefined
        : { status: "disabled", reason: "approval revoked", cause: "declined" };
    case "approval-asked":
      if (status === "needs-approval" || (status === "disabled" && state.cause === "user")) return undefined;
      return {
        status: "needs-approval",
        ...(event.readOnlyTools ? { readOnlyTools: event.readOnlyTools } : {}),
        ...(event.previous ? { previous: event.previous } : {}),
      };
    case "enabled":
      if (status !== "disabled" || state.cause !== "user") return undefined;
      return event.needsApproval ? { status: "needs-approval" } : { status: "pending" };
    case "restarted":
      // A server on standby starts only for an agent that needs it.
      return mayRun(state) ? { status: "pending" } : undefined;
    case "agent-started":
      return status === "standby" ? { status: "pending" } : undefined;
    case "agents-done":
      return status === "disabled" || status === "standby" ? undefined : { status: "standby" };
  }
}

function cachedState(
  tools: readonly McpToolInfo[],
  skippedTools: readonly SkippedTool[],
  instructions: string,
  features: ServerFeatures = {},
): ServerState {
  return { status: "cached", tools, instructions, ...(skippedTools.length > 0 ? { skippedTools } : {}), ...features };
}

/** What a connected state holds beyond tools, kept across a tools refresh. */
function featuresOf(state: Extract<ServerState, { status: "connected" }>): ServerFeatures {
  const { protocolVersion, capabilities, resources, resourceTemplates, prompts, logWarnings, listCuts } = state;
  return Object.fromEntries(
    Object.entries({
      protocolVersion,
      capabilities,
      resources,
      resourceTemplates,
      prompts,
      logWarnings,
      listCuts,
    }).filter(([, v]) => v !== undefined),
  );
}

function connectedState(
  tools: readonly McpToolInfo[],
  skippedTools: readonly SkippedTool[],
  instructions: string,
  connectMs: number,
  cacheNote = "",
): ServerState {
  return {
    status: "connected",
    tools,
    instructions,
    connectMs,
    ...(skippedTools.length > 0 ? { skippedTools } : {}),
    ...(cacheNote ? { cacheNote } : {}),
  };
}

/** The health after `event`; `changed`: the new state when the status may have changed. */
function nextHealth(
  health: ServerHealth,
  event: LifecycleEvent,
  at: number,
  changed: ServerState | undefined,
): ServerHealth {
  let next = health;
  if (changed !== undefined && health.history.at(-1)?.status !== changed.status) {
    next = { ...next, history: [...next.history, { status: changed.status, at }].slice(-HISTORY_LIMIT) };
  }
  switch (event.type) {
    case "failed":
    case "lost":
      return { ...next, lastFailure: event.error };
    case "retry-scheduled":
      return { ...next, reconnects: next.reconnects + 1 };
    default:
      return next;
  }
}
