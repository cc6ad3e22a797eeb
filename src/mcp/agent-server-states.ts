/**
 * What an agent-scoped server's state means to the agent that needs it: the
 * standby it waits in, waiting for it to settle, and the reason an agent
 * cannot use it, said in the agent's tool result.
 */
import type { ReadableStore } from "../store.ts";
import { beginLife } from "./state/lifecycle.ts";
import type { McpSnapshot, ServerState, ServerView } from "./state/server-state.ts";
import { serverView } from "./state/snapshot-views.ts";
import { needsAuthText } from "./state/status-table.ts";

/**
 * An agent-scoped server as listed: one that could start (or would ask for
 * approval) waits on standby instead, asked about only when an agent needs it;
 * one switched off, refused by policy or invalid keeps that state.
 */
export function onStandby(view: ServerView): ServerView {
  const { status } = view.state;
  const forAgents = view.forAgents ?? { agents: [] };
  if (status !== "pending" && status !== "needs-approval") return { ...view, forAgents };
  return { ...view, ...beginLife({ status: "standby" }), forAgents };
}

/** Statuses an agent waits through: a start under way, the user's answer to the approval question. */
function unsettled(view: ServerView | undefined): boolean {
  return view?.state.status === "pending" || view?.state.status === "needs-approval";
}

/** The server's view once it has settled (or `signal` aborted: then as it stands). */
export function settledView(
  servers: ReadableStore<McpSnapshot>,
  name: string,
  signal?: AbortSignal,
): Promise<ServerView | undefined> {
  const now = () => serverView(servers.getSnapshot(), name);
  if (!unsettled(now()) || signal?.aborted) return Promise.resolve(now());
  return new Promise((resolve) => {
    const done = () => {
      unsubscribe();
      signal?.removeEventListener("abort", done);
      resolve(now());
    };
    const unsubscribe = servers.subscribe(() => {
      if (!unsettled(now())) done();
    });
    signal?.addEventListener("abort", done, { once: true });
  });
}

/** Why an agent cannot use a server in `state`, or undefined when it offers its tools. */
export function agentServerProblem(name: string, state: ServerState, lastFailure?: string): string | undefined {
  switch (state.status) {
    case "connected":
    case "cached":
      return undefined;
    case "failed":
      return `failed to start: ${state.error}`;
    case "disabled":
      return state.cause === "not-approved" ? state.reason : `disabled (${state.reason})`;
    case "needs-auth":
      return needsAuthText(`mini-cc mcp login ${name}`, state.reason);
    case "reconnecting":
      return `reconnecting (attempt ${state.attempt})${lastFailure ? `; last failure: ${lastFailure}` : ""}`;
    case "needs-approval":
      return "still waiting for the user's approval when the agent stopped waiting";
    case "pending":
      return "still starting when the agent stopped waiting";
    case "standby":
      return "stopped before it was ready";
  }
}
