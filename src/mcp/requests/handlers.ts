/**
 * What the client declares and how servers' requests reach the host's
 * ServerRequestHandlers (server-requests.ts). SDK code: loaded with the
 * connection, after the UI's first frame.
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { Protocol } from "@modelcontextprotocol/sdk/shared/protocol.js";
import { CreateMessageRequestSchema, ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import * as z from "zod/v4";
import type { ServerRequestHandlers } from "./server-requests.ts";

/** What the client declares: sampling, and elicitation forms (defaults filled in for the server) and URLs. */
// Any elicitation/create: the SDK Client's own handler answers a schema outside the spec's subset with an
// InvalidParams error, but a schema we cannot render must get `decline` and a logged reason (readElicitRequest).
const AnyElicitRequestSchema = ElicitRequestSchema.extend({ params: z.unknown() });

/** Installs the handlers on a client built with CLIENT_CAPABILITIES (client-capabilities.ts). */
export function installServerRequestHandlers(client: Client, server: string, handlers: ServerRequestHandlers): void {
  Protocol.prototype.setRequestHandler.call(client, AnyElicitRequestSchema, (request, extra) =>
    handlers.elicit(server, request.params, extra.signal),
  );
  client.setRequestHandler(CreateMessageRequestSchema, (request, extra) => handlers.sample(server, request.params, extra.signal));
}
