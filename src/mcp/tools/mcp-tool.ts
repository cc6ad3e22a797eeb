/**
 * A server's tool as an ordinary Tool: the agent loop cannot tell it from
 * Read or Bash. run() forwards to McpManager.call, which never throws.
 */
import { mcpToolName } from "./naming.ts";
import type { Tool, ToolContext, ToolResult } from "../../tools/tool.ts";
import type { McpToolInfo } from "../state/server-state.ts";
import type { RequestBounds } from "../connection/call-outcome.ts";

/** The one thing McpTool needs from McpManager. */
export interface McpCaller {
  call(server: string, tool: string, args: Record<string, unknown>, bounds: RequestBounds): Promise<ToolResult>;
}

/** Summaries stay short in the transcript. */
const MAX_SUMMARY = 40;

/** The `id` argument, else the first string argument, shortened: `BUG-101`, `Todo`. */
export function summarizeArgs(input: Record<string, unknown>): string {
  const id = input.id;
  const value =
    typeof id === "string" || typeof id === "number"
      ? String(id)
      : (Object.values(input).find((v): v is string => typeof v === "string") ?? "");
  const line = value.replace(/\s+/g, " ").trim();
  return line.length > MAX_SUMMARY ? `${line.slice(0, MAX_SUMMARY - 1)}…` : line;
}

/** The description the model gets: the server's, else its title, else a line naming the server. */
export function mcpToolDescription(info: McpToolInfo, server: string): string {
  return info.description || info.annotations.title || `${info.name} (MCP tool from ${server})`;
}

/** What an McpTool is made of. */
export interface McpToolOptions {
  /** The collision-safe `mcp__server__tool` name. */
  name: string;
  server: string;
  info: McpToolInfo;
  caller: McpCaller;
  /** Whether the server's readOnlyHint is trusted (read-only-trust.ts); trusted when left out. */
  readOnlyHintTrusted?: boolean;
}

/** One MCP tool, named `mcp__<server>__<tool>`. */
export class McpTool implements Tool {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: Record<string, unknown>;
  readonly readOnly: boolean;
  /** The server that provides it. */
  readonly server: string;
  /** Its name on that server. */
  readonly toolName: string;
  /** title, readOnlyHint, destructiveHint, idempotentHint, openWorldHint: for display. */
  readonly annotations: McpToolInfo["annotations"];
  /** The plain `mcp__server__tool` when a name collision gave this tool a suffix. */
  readonly aliases: readonly string[];
  readonly #caller: McpCaller;

  constructor(options: McpToolOptions) {
    const { info } = options;
    this.name = options.name;
    this.server = options.server;
    this.toolName = info.name;
    this.description = mcpToolDescription(info, options.server);
    this.inputSchema = info.inputSchema;
    this.readOnly = info.annotations.readOnlyHint === true && options.readOnlyHintTrusted !== false;
    this.annotations = info.annotations;
    const plain = mcpToolName(options.server, info.name);
    this.aliases = plain === options.name ? [] : [plain];
    this.#caller = options.caller;
  }

  summarize(input: Record<string, unknown>): string {
    return summarizeArgs(input);
  }

  run(input: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult> {
    const bounds: RequestBounds = { signal: ctx.signal, progressKey: ctx.toolUseId };
    if (ctx.moveToBackground) bounds.moveToBackground = ctx.moveToBackground;
    return this.#caller.call(this.server, this.toolName, input, bounds);
  }
}
