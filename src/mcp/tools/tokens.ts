/**
 * What a tool's definition costs in every model request: its name,
 * description and input schema serialized exactly as the request builder
 * sends them (anthropic-request.ts), at about 4 characters a token (the
 * estimate MAX_MCP_OUTPUT_TOKENS uses too; the real tokenizer is not offline).
 */
import { toToolParam } from "../../model/anthropic-request.ts";
import { mcpToolDescription } from "./mcp-tool.ts";
import type { McpToolInfo } from "../state/server-state.ts";

export const CHARS_PER_TOKEN = 4;

/** Estimated tokens of one MCP tool under its registry name `name` (`mcp__server__tool`). */
export function toolTokens(name: string, server: string, info: McpToolInfo): number {
  const param = toToolParam({ name, description: mcpToolDescription(info, server), input_schema: info.inputSchema });
  return Math.ceil(JSON.stringify(param).length / CHARS_PER_TOKEN);
}
