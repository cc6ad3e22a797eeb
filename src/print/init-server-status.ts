/**
 * A server's status in stream-json's `system/init`, in Claude Code's words
 * (`connected`, `failed`, `needs-auth`, `pending`), so scripts written for
 * `claude -p` read it unchanged; where mini-cc's own state says more (a
 * server answered from the tool cache reads `connected`), it is added as
 * `mini_cc_status`. A disabled server keeps mini-cc's word: Claude Code has none.
 */
import type { ServerView } from "../mcp/state/server-state.ts";

export interface InitServer {
  readonly name: string;
  readonly status: string;
  readonly mini_cc_status?: string;
}

const CLAUDE_CODE_STATUS: Readonly<Record<ServerView["state"]["status"], string>> = {
  connected: "connected",
  cached: "connected",
  failed: "failed",
  "needs-auth": "needs-auth",
  pending: "pending",
  reconnecting: "pending",
  "needs-approval": "pending",
  disabled: "disabled",
  // Agent-scoped and not started: Claude Code has no word for it either.
  standby: "standby",
};

export function initServer(server: ServerView): InitServer {
  const { state } = server;
  if (state.status === "pending" && state.stillStarting)
    return { name: server.name, status: "pending", mini_cc_status: "still-starting" };
  const own = state.status;
  const status = CLAUDE_CODE_STATUS[own];
  return status === own ? { name: server.name, status } : { name: server.name, status, mini_cc_status: own };
}
