/**
 * Looking a server up in an McpSnapshot. Pure functions of the snapshot, so
 * a view changes only when it does. What is derived from it further lives
 * with its kind: the tools as Tools (tools/offered-tools.ts), the
 * instructions section (features/instructions.ts).
 */
import type { McpSnapshot, ServerState, ServerView } from "./server-state.ts";

/** The server named `name`, if the snapshot lists it. */
export function serverView(snapshot: McpSnapshot, name: string): ServerView | undefined {
  return snapshot.servers.find((view) => view.name === name);
}

/**
 * The servers of the main conversation: every one but those kept for agents,
 * whose tools, instructions, resources and prompts reach only the agents
 * that run them (agent-servers.ts). Whatever the main conversation is offered reads this.
 */
export function conversationServers(snapshot: McpSnapshot): readonly ServerView[] {
  return snapshot.servers.filter((view) => view.forAgents === undefined);
}

/** A connected server, or one offered from the tool cache (its calls wait for the live connect). */
export function offersTools(state: ServerState): state is Extract<ServerState, { status: "connected" | "cached" }> {
  return state.status === "connected" || state.status === "cached";
}
