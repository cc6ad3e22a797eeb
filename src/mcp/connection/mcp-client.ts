/**
 * The SDK's v2 Client as mini-cc uses it: it speaks 2026-07-28 first (a
 * `server/discover` probe, then per-request `_meta`), and a server that does
 * not answer that probe as a 2026-07-28 server is reached through
 * `initialize` as before (2025-11-25, 2025-06-18, 2025-03-26). A
 * 2026-07-28 server's `input_required` results are answered by the SDK
 * through the same request handlers a 2025 server's requests reach
 * (requests/handlers.ts), at most MAX_INPUT_ROUNDS times.
 */
import { Client, type ClientContext, type JSONRPCRequest, type Result } from "@modelcontextprotocol/client";
import { CLIENT_CAPABILITIES, CLIENT_INFO } from "./client-capabilities.ts";

/** How many times one request is sent again with answers before it fails; a server asking forever is cut off. */
export const MAX_INPUT_ROUNDS = 10;

/** Pages of a list the SDK reads before giving up on a server that paginates forever. */
const MAX_LIST_PAGES = 100;

type Handler = (request: JSONRPCRequest, ctx: ClientContext) => Promise<Result>;

export class McpClient extends Client {
  constructor() {
    super(CLIENT_INFO, {
      capabilities: CLIENT_CAPABILITIES,
      versionNegotiation: { mode: "auto" },
      inputRequired: { maxRounds: MAX_INPUT_ROUNDS },
      listMaxPages: MAX_LIST_PAGES,
    });
  }

  /**
   * elicitation/create reaches our handler unchecked: the SDK answers a form outside the spec's
   * subset with an error, where we decline it and log why (readElicitRequest does the checks).
   */
  protected override _wrapHandler(method: string, handler: Handler): Handler {
    return method === "elicitation/create" ? handler : super._wrapHandler(method, handler);
  }
}
