/**
 * Reading and listing MCP resources for the model (the ListMcpResources and
 * ReadMcpResource tools) and for `@server:uri` mentions. A read's contents
 * convert as a tool result's do: text stays text, a supported image is an
 * image block, any other blob becomes a note with its type and size.
 */
import type { ReadResourceResult } from "@modelcontextprotocol/client";
import { textResult, type ToolResult } from "../../tools/tool.ts";
import { capText } from "../../tools/output-cap.ts";
import { convertToolResult, maxOutputChars } from "../tools/content.ts";
import { failureReason, type Settled, type RequestOutcome, type RoutedOutcome } from "../connection/call-outcome.ts";
import type { McpSnapshot, ServerState } from "../state/server-state.ts";
import { conversationServers } from "../state/snapshot-views.ts";

import type { Env } from "../../env.ts";

/** The one request a read makes of a server's session. */
interface ResourceReader {
  readResource(uri: string, limits: Settled<"timeoutMs">): Promise<RequestOutcome<ReadResourceResult>>;
}

/** What reading needs from McpManager: the snapshot, and a request on a server's live session (or why there is none). */
export interface ResourceSource {
  getSnapshot(): McpSnapshot;
  request<T>(
    server: string,
    method: string,
    run: (connection: ResourceReader, limits: Settled<"timeoutMs">) => Promise<RequestOutcome<T>>,
    signal?: AbortSignal,
  ): Promise<RoutedOutcome<T>>;
}

/** The image types the model takes: a blob of one of these is shown as an image. */
const IMAGE_TYPES: ReadonlySet<string> = new Set(["image/jpeg", "image/png", "image/gif", "image/webp"]);

/** A read's contents as a tool result, within MAX_MCP_OUTPUT_TOKENS. */
export function convertResourceContents(result: ReadResourceResult, maxChars: number): ToolResult {
  const content = result.contents.map((item) => {
    if ("blob" in item && typeof item.blob === "string" && IMAGE_TYPES.has((item.mimeType ?? "").toLowerCase())) {
      return { type: "image" as const, data: item.blob, mimeType: item.mimeType as string };
    }
    return { type: "resource" as const, resource: item };
  });
  return convertToolResult({ content }, maxChars);
}

/** Servers whose resources can be read: connected and declaring the capability. */
export function resourceServers(snapshot: McpSnapshot): string[] {
  return conversationServers(snapshot).flatMap((view) =>
    offersNow(view.state) && view.state.capabilities?.resources ? [view.name] : [],
  );
}

/** A connected server, or one offered from the tool cache (a read connects it first). */
function offersNow(state: ServerState): state is Extract<ServerState, { status: "connected" | "cached" }> {
  return state.status === "connected" || state.status === "cached";
}

/** Reads `uri` from `server`; never throws. */
export async function readResource(
  source: ResourceSource,
  server: string,
  uri: string,
  env: Env,
  signal?: AbortSignal,
): Promise<ToolResult> {
  const read = await source.request(
    server,
    "resources/read",
    (connection, limits) => connection.readResource(uri, limits),
    signal,
  );
  if (read.kind === "result") return convertResourceContents(read.result, maxOutputChars(env));
  if (read.kind === "unavailable") return textResult(`Cannot read ${uri}: ${read.why}.`, true);
  if (read.kind === "cancelled") return textResult(`Reading ${uri} from ${server} was cancelled.`, true);
  return textResult(`Reading ${uri} from ${server} failed: ${failureReason(read)}`, true);
}

/** Every connected server's resources and templates (or one server's) as JSON the model reads. */
export function listResourcesText(snapshot: McpSnapshot, server?: string): ToolResult {
  const servers = resourceServers(snapshot);
  if (server !== undefined && !servers.includes(server)) {
    return textResult(
      `No connected MCP server named ${server} offers resources. Servers with resources: ${servers.join(", ") || "none"}.`,
      true,
    );
  }
  const entries = conversationServers(snapshot).flatMap((view) => {
    if (!offersNow(view.state) || (server !== undefined && view.name !== server)) return [];
    const resources = (view.state.resources ?? []).map((r) => ({ server: view.name, ...r }));
    const templates = (view.state.resourceTemplates ?? []).map((t) => ({ server: view.name, ...t }));
    return [...resources, ...templates];
  });
  if (entries.length === 0)
    return textResult(server ? `${server} lists no resources.` : "No MCP server lists any resources.");
  // A server listing thousands of resources is cut like a built-in tool's output.
  return textResult(capText(JSON.stringify(entries, null, 2), "Give `server` to list one server's resources."));
}
