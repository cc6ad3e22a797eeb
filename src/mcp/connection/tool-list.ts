/**
 * A server's tools/list as the store keeps it: every page read, each tool's
 * defaults filled and only known annotations kept, and a tool that cannot be
 * offered left out with the reason (the server's other tools still serve).
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { RequestOptions } from "@modelcontextprotocol/sdk/shared/protocol.js";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { nestedDeeperThan } from "../../fs/json-path.ts";
import type { McpToolInfo, SkippedTool } from "../state/server-state.ts";
import { readPages } from "./list-pages.ts";

/** A server's tools/list: the tools offered to the model, those left out with the reason, and what the bound on a server's list cut (list-pages.ts). */
export interface ToolList {
  tools: McpToolInfo[];
  skippedTools: SkippedTool[];
  cut?: string;
}

/**
 * Input schemas nested deeper than this are refused: no real tool needs it, and
 * the recursive code that validates and sends schemas would overflow the stack.
 */
export const MAX_SCHEMA_DEPTH = 64;

/** Reads the pages of the server's tools/list, up to what one server may offer. */
export async function listTools(client: Client, options?: RequestOptions): Promise<ToolList> {
  const read = await readPages("tools", async (cursor) => {
    const result = await client.listTools(cursor === undefined ? undefined : { cursor }, options);
    return { items: result.tools, nextCursor: result.nextCursor };
  });
  const list: ToolList = { tools: [], skippedTools: [], ...(read.cut ? { cut: read.cut } : {}) };
  for (const tool of read.items) {
    const reason = skipReason(tool);
    if (reason === undefined) list.tools.push(toToolInfo(tool));
    else list.skippedTools.push({ name: tool.name, reason });
  }
  return list;
}

/** Why a listed tool cannot be offered to the model; undefined when it can. */
function skipReason(tool: Tool): string | undefined {
  if (nestedDeeperThan(tool.inputSchema, MAX_SCHEMA_DEPTH)) return `input schema nested deeper than ${MAX_SCHEMA_DEPTH} levels`;
  // Offered, it would only fail with -32600: a plain tools/call is refused for it.
  if (tool.execution?.taskSupport === "required") return "requires task-based execution (MCP tasks), which mini-cc does not run";
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
  };
}
