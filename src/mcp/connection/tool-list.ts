/**
 * A server's tools/list as the store keeps it: every page read, each tool's
 * defaults filled and only known annotations kept, and a tool that cannot be
 * offered left out with the reason (the server's other tools still serve).
 */
import type { RequestOptions, Tool, Transport } from "@modelcontextprotocol/client";
import type { McpClient } from "./mcp-client.ts";
import { nestedDeeperThan } from "../../fs/json-path.ts";
import type { McpToolInfo, SkippedTool } from "../state/server-state.ts";
import { type ListFreshness, readPages } from "./list-pages.ts";

/**
 * A server's tools/list: the tools offered to the model, those left out with the reason, what the
 * bound on a server's list cut (list-pages.ts), and how long the server says the list stays fresh.
 */
export interface ToolList {
  tools: McpToolInfo[];
  skippedTools: SkippedTool[];
  cut?: string;
  freshness?: ListFreshness;
}

/**
 * Input schemas nested deeper than this are refused: no real tool needs it, and
 * the recursive code that validates and sends schemas would overflow the stack.
 */
export const MAX_SCHEMA_DEPTH = 64;

/** Marks a schema we replaced because it was nested too deep (see guardDeepSchemas). */
const TOO_DEEP = "x-mini-cc-nested-too-deep";

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/**
 * Wraps the transport's onmessage (after the SDK's connect) so that a tools/list answer reaches the
 * SDK with each schema nested deeper than MAX_SCHEMA_DEPTH replaced by a marked empty one: the SDK's
 * validation of the answer is recursive and would overflow the stack on it, failing the whole server
 * where only that tool must be left out (skipReason reads the mark).
 */
export function guardDeepSchemas(transport: Transport): void {
  const sdk = transport.onmessage;
  if (!sdk) return;
  transport.onmessage = (message, extra) => {
    const result = (message as { result?: unknown }).result;
    if (isObject(result) && Array.isArray(result.tools)) result.tools = result.tools.map(flattenDeepSchemas);
    sdk(message, extra);
  };
}

function flattenDeepSchemas(tool: unknown): unknown {
  if (!isObject(tool)) return tool;
  const deep = (key: string) => nestedDeeperThan(tool[key], MAX_SCHEMA_DEPTH) !== undefined;
  if (!deep("inputSchema") && !deep("outputSchema")) return tool;
  const { outputSchema: _dropped, ...rest } = tool;
  return { ...rest, inputSchema: { type: "object", [TOO_DEEP]: true } };
}

/** Reads the pages of the server's tools/list, up to what one server may offer (list-pages.ts). */
export async function listTools(client: McpClient, options?: RequestOptions): Promise<ToolList> {
  client.excludedTools = [];
  const read = await readPages("tools", (cursor) => client.listPage("tools/list", cursor, options));
  const list: ToolList = {
    tools: [],
    skippedTools: [],
    ...(read.cut ? { cut: read.cut } : {}),
    ...(read.freshness ? { freshness: read.freshness } : {}),
  };
  for (const tool of read.items as Tool[]) {
    const reason = skipReason(tool, client.tasks);
    if (reason === undefined) list.tools.push(toToolInfo(tool));
    else list.skippedTools.push({ name: tool.name, reason });
  }
  // Over streamable HTTP on 2026-07-28 the SDK leaves out a tool whose x-mcp-header is invalid: said, like ours.
  list.skippedTools.push(...client.excludedTools);
  return list;
}

/** Why a listed tool cannot be offered to the model; undefined when it can. */
function skipReason(tool: Tool, tasks: boolean): string | undefined {
  if (
    (tool.inputSchema as Record<string, unknown>)[TOO_DEEP] === true ||
    nestedDeeperThan(tool.inputSchema, MAX_SCHEMA_DEPTH)
  )
    return `input schema nested deeper than ${MAX_SCHEMA_DEPTH} levels`;
  // Offered, it would only fail with -32600: a plain tools/call is refused for it.
  if (tool.execution?.taskSupport === "required" && !tasks)
    return "requires task-based execution (MCP tasks), which MINI_CC_DISABLE_MCP_TASKS=1 turns off";
  return undefined;
}

/** The SDK's Tool as the store keeps it: defaults filled, only known annotations. */
function toToolInfo(tool: Tool): McpToolInfo {
  const a = tool.annotations ?? {};
  const annotations: McpToolInfo["annotations"] = {};
  const title = a.title ?? tool.title;
  if (typeof title === "string") annotations.title = title;
  for (const key of ["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"] as const) {
    if (typeof a[key] === "boolean") annotations[key] = a[key];
  }
  return {
    name: tool.name,
    description: tool.description ?? "",
    inputSchema: (tool.inputSchema as Record<string, unknown> | undefined) ?? { type: "object", properties: {} },
    annotations,
    ...(tool.execution?.taskSupport === "required" ? { runsAsTask: true as const } : {}),
  };
}
