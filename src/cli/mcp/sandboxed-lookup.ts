/**
 * Whether a listed server runs in the sandbox, for `mcp list` and `mcp get`:
 * its entry's `"sandbox"`, else the choice stored with its approval.
 */
import { runsSandboxed } from "../../sandbox/run-mode.ts";
import type { ServerView } from "../../mcp/state/server-state.ts";
import type { McpCommandContext } from "./command.ts";

/** The `sandboxedOf` lookup of listRows, reading the approvals of `context`'s project. */
export function sandboxedLookup(context: McpCommandContext): (view: ServerView) => Promise<boolean> {
  return async (view) => {
    if (!view.config) return false;
    const approved =
      view.source === "project"
        ? (await context.approvals.previous(context.projectDir, view.name).catch(() => undefined))?.sandboxed === true
        : false;
    return runsSandboxed(view.config, approved);
  };
}
