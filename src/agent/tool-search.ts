/**
 * Tool search (DESIGN.md, "Environment": ENABLE_TOOL_SEARCH): when the MCP
 * tools' definitions would take more than a share of the model's context
 * window, they are sent deferred (defer_loading): the model sees their names
 * in one system section and finds what it needs with ToolSearch. Built-in
 * tools are never deferred. The plan is a pure function of the tools and the
 * conversation, so every request of a session is built the same way.
 */
import { loadedToolNames } from "../model/deferred-tools.ts";
import type { Message } from "../model/messages.ts";
import type { SystemSection, ToolSpec } from "../model/model.ts";
import { TOOL_SEARCH_NAME, ToolSearchTool } from "../tools/tool-search-tool.ts";
import type { Tool } from "../tools/tool.ts";
import type { Env } from "../env.ts";

/** ENABLE_TOOL_SEARCH: `true` always defers MCP tools, `false` never, `auto[:N]` past N% of the context window (10 by default). */
export type ToolSearchSetting = { kind: "on" } | { kind: "off" } | { kind: "auto"; percent: number };

export const DEFAULT_TOOL_SEARCH_PERCENT = 10;
/** When the model does not say. */
export const DEFAULT_CONTEXT_WINDOW_TOKENS = 200_000;
/** The rough characters-per-token used for the threshold (as for MAX_MCP_OUTPUT_TOKENS). */
const CHARS_PER_TOKEN = 4;
/** How much of a description the deferred-tools section shows. */
const SHORT_DESCRIPTION_CHARS = 60;

/** Reads ENABLE_TOOL_SEARCH; an unrecognised value counts as the default, `auto`. */
export function toolSearchSetting(env: Env): ToolSearchSetting {
  const value = (env.ENABLE_TOOL_SEARCH ?? "").trim().toLowerCase();
  if (value === "true" || value === "1") return { kind: "on" };
  if (value === "false" || value === "0") return { kind: "off" };
  const auto = /^auto:(\d+(?:\.\d+)?)$/.exec(value);
  if (auto) return { kind: "auto", percent: Math.min(100, Number(auto[1])) };
  return { kind: "auto", percent: DEFAULT_TOOL_SEARCH_PERCENT };
}

/** What one request offers, and what the loop may run in it. */
export interface ToolPlan {
  /** The request's tools: built-ins (and ToolSearch) first, then MCP tools, deferred ones marked. */
  readonly specs: ToolSpec[];
  /** The tools a call may run now: deferred tools only once loaded. */
  readonly callable: readonly Tool[];
  /** Every deferred tool, loaded or not (empty when tool search is off for this request). */
  readonly deferred: readonly Tool[];
  /** The "Deferred tools" system section, when any tool is deferred. */
  readonly section?: SystemSection;
}

export interface ToolPlanOptions {
  setting: ToolSearchSetting;
  contextWindowTokens?: number;
}

const specOf = (tool: Tool): ToolSpec => ({
  name: tool.name,
  description: tool.description,
  input_schema: tool.inputSchema,
});

/** Characters the tools' definitions take in a request. */
export function definitionChars(tools: readonly Tool[]): number {
  return JSON.stringify(tools.map(specOf)).length;
}

/** Whether this request defers its MCP tools. */
export function shouldDefer(mcpTools: readonly Tool[], options: ToolPlanOptions): boolean {
  const { setting } = options;
  if (mcpTools.length === 0 || setting.kind === "off") return false;
  if (setting.kind === "on") return true;
  const windowChars = (options.contextWindowTokens ?? DEFAULT_CONTEXT_WINDOW_TOKENS) * CHARS_PER_TOKEN;
  return definitionChars(mcpTools) > (windowChars * setting.percent) / 100;
}

/** Plans one request's tools from everything offered and the conversation so far. */
export function planTools(tools: readonly Tool[], messages: readonly Message[], options: ToolPlanOptions): ToolPlan {
  const mcpTools = tools.filter((tool) => tool.server !== undefined);
  const loaded = new Set(loadedToolNames(messages));
  // Once a tool was loaded, the session keeps deferring: flipping back would change the whole prompt.
  const defer =
    shouldDefer(mcpTools, options) || (loaded.size > 0 && mcpTools.length > 0 && options.setting.kind !== "off");
  if (!defer) return { specs: tools.map(specOf), callable: tools, deferred: [] };
  const builtins = tools.filter((tool) => tool.server === undefined && tool.name !== TOOL_SEARCH_NAME);
  const search = new ToolSearchTool(mcpTools);
  return {
    // Deferred tools go last and never change place: loading one changes nothing before the conversation.
    specs: [
      ...builtins.map(specOf),
      specOf(search),
      ...mcpTools.map((tool) => ({ ...specOf(tool), defer_loading: true })),
    ],
    callable: [...builtins, search, ...mcpTools.filter((tool) => loaded.has(tool.name))],
    deferred: mcpTools,
    section: { id: "deferred_tools", text: deferredToolsSection(mcpTools) },
  };
}

/** What the loop answers a call to a deferred tool not loaded yet. */
export function notLoadedMessage(name: string): string {
  return `${name} is deferred and not loaded yet: call ${TOOL_SEARCH_NAME} with select:${name} first, then call it.`;
}

/** The system section naming every deferred tool with the start of its description; loaded or not, so it stays the same. */
export function deferredToolsSection(deferred: readonly Tool[]): string {
  const lines = deferred.map((tool) => {
    const short = shortDescription(tool.description);
    return short === "" ? `- ${tool.name}` : `- ${tool.name}: ${short}`;
  });
  return [
    "# Deferred tools",
    `These MCP tools are available but not loaded. Before calling one, load it with ${TOOL_SEARCH_NAME}: ` +
      `keywords, or select:<name> (comma-separated for several). A loaded tool stays callable.`,
    ...lines,
  ].join("\n");
}

/** The first line of a description, cut to about 60 characters. */
function shortDescription(description: string): string {
  const line = (description.split("\n").find((l) => l.trim() !== "") ?? "").trim().replace(/\s+/g, " ");
  return line.length > SHORT_DESCRIPTION_CHARS ? `${line.slice(0, SHORT_DESCRIPTION_CHARS - 1)}…` : line;
}
