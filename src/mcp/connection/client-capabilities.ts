/**
 * What mini-cc's MCP client declares in `initialize` (issue 11): roots with
 * list_changed, sampling, elicitation in both modes, and the Tasks extension
 * unless MINI_CC_DISABLE_MCP_TASKS=1 (issue 35). Declared here once,
 * so every connection says the same; the handlers for sampling and
 * elicitation are installed where the modals are wired, roots in roots.ts.
 */
import type { ClientCapabilities, ServerCapabilities } from "@modelcontextprotocol/client";

export const CLIENT_INFO = { name: "mini-cc", version: "0.1.0" } as const;

export const CLIENT_CAPABILITIES: ClientCapabilities = {
  roots: { listChanged: true },
  sampling: {},
  // applyDefaults: the SDK fills a form's defaults into an accepted answer the user left blank.
  elicitation: { form: { applyDefaults: true }, url: {} },
};

/** The Tasks extension's id (2026-07-28): a tool call may be answered with a task to follow. */
export const TASKS_EXTENSION = "io.modelcontextprotocol/tasks";

/** Whether this run declares and follows tasks: on unless MINI_CC_DISABLE_MCP_TASKS=1. */
export function tasksEnabled(env: Readonly<Record<string, string | undefined>>): boolean {
  return env.MINI_CC_DISABLE_MCP_TASKS !== "1";
}

/** CLIENT_CAPABILITIES, with the Tasks extension declared when `tasks`. */
export function clientCapabilities(tasks: boolean): ClientCapabilities {
  return tasks ? { ...CLIENT_CAPABILITIES, extensions: { [TASKS_EXTENSION]: {} } } : CLIENT_CAPABILITIES;
}

/** The server's capabilities in one line: `tools (listChanged), resources (subscribe, listChanged), logging`. */
export function describeCapabilities(capabilities: ServerCapabilities | undefined): string {
  if (!capabilities) return "none";
  const parts = Object.entries(capabilities).flatMap(([name, value]) => {
    if (value === undefined || value === null) return [];
    const flags =
      typeof value === "object"
        ? Object.entries(value as Record<string, unknown>)
            .filter(([, on]) => on === true)
            .map(([flag]) => flag)
        : [];
    return [flags.length > 0 ? `${name} (${flags.join(", ")})` : name];
  });
  return parts.length > 0 ? parts.join(", ") : "none";
}
