/**
 * What a session holds once its handshake is done: the tool list, instructions, the
 * protocol version, capabilities, resources, templates and prompts, and what the server
 * said of itself. Read right after connect (server-connection.ts).
 */
import type { RequestOptions } from "@modelcontextprotocol/client";
import type { ServerFeatures } from "../state/server-state.ts";
import { fetchLists } from "./feature-lists.ts";
import type { McpClient } from "./mcp-client.ts";
import { listTools, type ToolList } from "./tool-list.ts";

/** What a successful handshake yields. */
export interface ConnectedServer extends ToolList {
  instructions: string;
  /** Negotiated capabilities, resources, templates and prompts. */
  features: ServerFeatures;
  /** What the server said of itself in initialize or server/discover (kept in the tool cache). */
  serverInfo?: { name: string; version: string };
}

/** Lists tools and the other features together, with what the handshake learned. */
export async function readSession(client: McpClient, options: RequestOptions): Promise<ConnectedServer> {
  const [{ cut, ...list }, lists] = await Promise.all([listTools(client, options), fetchLists(client, options)]);
  const listCuts = [...(cut ? [cut] : []), ...(lists.listCuts ?? [])];
  const capabilities = client.getServerCapabilities();
  const info = client.getServerVersion();
  const protocolVersion = client.getNegotiatedProtocolVersion();
  return {
    ...list,
    instructions: client.getInstructions() ?? "",
    features: {
      ...(protocolVersion ? { protocolVersion } : {}),
      ...(capabilities ? { capabilities } : {}),
      ...lists,
      ...(listCuts.length > 0 ? { listCuts } : {}),
    },
    ...(info ? { serverInfo: { name: info.name, version: info.version } } : {}),
  };
}
