/**
 * Whether a server's `readOnlyHint` lets its tools run without a question (the
 * seed chapter's rule: in every mode, as a read-only built-in does). The hint
 * is the server's own word, so it can be switched off: per entry with
 * `"trustReadOnlyHint": false`, for every server with the user setting
 * `"mcpTrustReadOnlyHints": false`. What that means for one server is said in
 * one line, in the approval modal and `mcp get`.
 */
import type { ServerEntry } from "../../config/types.ts";
import type { McpToolInfo, ReadOnlyTools } from "./server-state.ts";

/** Whether `entry`'s read-only hints are trusted, given the user's setting for all servers. */
export function trustsReadOnlyHint(entry: ServerEntry | undefined, trustedByUser: boolean): boolean {
  return trustedByUser && entry?.trustReadOnlyHint !== false;
}

export function readOnlyTools(tools: readonly McpToolInfo[], trusted: boolean): ReadOnlyTools {
  const hinted = tools.filter((tool) => tool.annotations.readOnlyHint === true).length;
  return { unasked: trusted ? hinted : 0, total: tools.length, trusted };
}

/** "its read-only tools run without asking: 2 of 5", or that every tool asks because the hints are not trusted. */
export function readOnlyToolsText(tools: ReadOnlyTools): string {
  if (!tools.trusted) return `its read-only hints are not trusted: all ${tools.total} tools ask`;
  return `its read-only tools run without asking: ${tools.unasked} of ${tools.total}`;
}
