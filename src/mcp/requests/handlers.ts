/**
 * How servers' requests reach the host's ServerRequestHandlers (server-requests.ts):
 * a 2025 server's elicitation and sampling requests, and the same requests inside a
 * 2026-07-28 server's `input_required` result (the SDK sends them to these handlers).
 * SDK code: loaded with the connection, after the UI's first frame.
 */
import type { CreateMessageRequestParams } from "@modelcontextprotocol/client";
import * as z from "zod/v4";
import type { McpClient } from "../connection/mcp-client.ts";
import type { ServerRequestHandlers } from "./server-requests.ts";

/** Installs the handlers on a client built with CLIENT_CAPABILITIES (client-capabilities.ts). */
export function installServerRequestHandlers(client: McpClient, server: string, handlers: ServerRequestHandlers): void {
  // Any params: the SDK answers a form outside the spec's subset with an error, where we
  // decline it and log why (readElicitRequest checks); McpClient skips its second check.
  client.setRequestHandler("elicitation/create", { params: z.unknown() }, (params, ctx) =>
    handlers.elicit(server, params, ctx.mcpReq.signal),
  );
  client.setRequestHandler("sampling/createMessage", (request, ctx) =>
    handlers.sample(server, request.params as CreateMessageRequestParams, ctx.mcpReq.signal),
  );
}
