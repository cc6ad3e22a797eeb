/**
 * ToolSearch: finds deferred MCP tools (tool search, DESIGN.md) by keywords
 * or exact names and loads them: its result is a tool_reference block per
 * tool found, which makes the tool callable from then on (the Messages API
 * expands the reference itself, so the cached prompt before it is untouched).
 */
import type { ToolReferenceBlock } from "../model/messages.ts";
import { textResult, type Tool, type ToolResult } from "./tool.ts";

export const TOOL_SEARCH_NAME = "ToolSearch";
const DEFAULT_MAX_RESULTS = 5;
const SELECT = "select:";

/** What search ranks: a deferred tool's name and description. */
export interface SearchableTool {
  readonly name: string;
  readonly description: string;
}

/**
 * The tools a query finds, best first: `select:a,b` names tools exactly;
 * otherwise each keyword scores a tool by its name's parts, its name and its
 * description, and a `+keyword` must match.
 */
export function searchTools<T extends SearchableTool>(
  tools: readonly T[],
  query: string,
  maxResults = DEFAULT_MAX_RESULTS,
): T[] {
  const trimmed = query.trim();
  if (trimmed.toLowerCase().startsWith(SELECT)) {
    const names = trimmed
      .slice(SELECT.length)
      .split(",")
      .map((name) => name.trim())
      .filter(Boolean);
    return names.flatMap((name) => tools.filter((tool) => tool.name === name).slice(0, 1));
  }
  const terms = trimmed.toLowerCase().split(/\s+/).filter(Boolean);
  const required = terms.filter((term) => term.startsWith("+") && term.length > 1).map((term) => term.slice(1));
  const words = terms.map((term) => term.replace(/^\+/, "")).filter(Boolean);
  return tools
    .map((tool, index) => ({ tool, index, score: scoreOf(tool, words, required) }))
    .filter((hit) => hit.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, Math.max(1, maxResults))
    .map((hit) => hit.tool);
}

function scoreOf(tool: SearchableTool, words: readonly string[], required: readonly string[]): number {
  const name = tool.name.toLowerCase();
  const description = tool.description.toLowerCase();
  if (!required.every((word) => name.includes(word) || description.includes(word))) return 0;
  const parts = name.split(/_+|-/);
  let score = 0;
  for (const word of words) {
    if (parts.includes(word)) score += 10;
    else if (name.includes(word)) score += 5;
    if (description.includes(word)) score += 2;
  }
  return score;
}

/** The built-in ToolSearch over the deferred tools of one request. */
export class ToolSearchTool implements Tool {
  readonly name = TOOL_SEARCH_NAME;
  readonly description =
    'Loads deferred tools so they can be called. The system prompt lists them under "Deferred tools" by name only; ' +
    'they cannot be called until found here. Query with keywords ("issue comment"; +word makes a word required) ' +
    'or with exact names: "select:mcp__server__tool" (comma-separated for several). A tool found is callable from then on.';
  readonly inputSchema = {
    type: "object",
    properties: {
      query: { type: "string", description: "Keywords, or select:NAME[,NAME…] for exact names" },
      max_results: {
        type: "integer",
        minimum: 1,
        description: `How many tools at most (default ${DEFAULT_MAX_RESULTS})`,
      },
    },
    required: ["query"],
    additionalProperties: false,
  };
  readonly readOnly = true;
  readonly #deferred: readonly SearchableTool[];

  constructor(deferred: readonly SearchableTool[]) {
    this.#deferred = deferred;
  }

  summarize(input: Record<string, unknown>): string {
    return typeof input.query === "string" ? input.query : "";
  }

  async run(input: Record<string, unknown>): Promise<ToolResult> {
    const { query, max_results: max } = input;
    if (typeof query !== "string" || query.trim() === "")
      return textResult("ToolSearch needs a query: keywords, or select:NAME.", true);
    const found = searchTools(this.#deferred, query, typeof max === "number" ? max : DEFAULT_MAX_RESULTS);
    if (found.length === 0) {
      return textResult(
        `No deferred tool matches "${query}". The deferred tools are listed in the system prompt under "Deferred tools"; ` +
          "tools not listed there (Read, Bash, …) can be called directly.",
      );
    }
    // Only references: the API expands a tool_result of tool_reference blocks into the tools' definitions.
    return {
      content: found.map((tool): ToolReferenceBlock => ({ type: "tool_reference", tool_name: tool.name })),
      isError: false,
    };
  }
}
