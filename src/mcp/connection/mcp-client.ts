/**
 * The SDK's v2 Client as mini-cc uses it: it speaks 2026-07-28 first (a
 * `server/discover` probe, then per-request `_meta`), and a server that does
 * not answer that probe as a 2026-07-28 server is reached through
 * `initialize` as before (2025-11-25, 2025-06-18, 2025-03-26). A
 * 2026-07-28 server's `input_required` results are answered by the SDK
 * through the same request handlers a 2025 server's requests reach
 * (requests/handlers.ts), at most MAX_INPUT_ROUNDS times. A tools/call
 * answered with a task handle rejects with TaskCreated (task-handles.ts),
 * and the task's questions reach those same handlers (answerInput).
 */
import {
  Client,
  SdkError,
  SdkErrorCode,
  type ClientContext,
  type JSONRPCRequest,
  type ListToolsResult,
  type CacheableRequestOptions,
  type McpSubscription,
  type RequestOptions,
  type Result,
  type ServerCapabilities,
  type Transport,
} from "@modelcontextprotocol/client";
import type { SkippedTool } from "../state/server-state.ts";
import { isMiniCcError, MiniCcError } from "../../errors.ts";
import { terminalSafeLine } from "../../text/terminal-safe.ts";
import { CLIENT_INFO, clientCapabilities } from "./client-capabilities.ts";
import { type ListFreshness, MAX_PAGES, type Page } from "./list-pages.ts";
import { taskAwareCodec } from "./task-handles.ts";

/** How many times one request is sent again with answers before it fails; a server asking forever is cut off. */
export const MAX_INPUT_ROUNDS = 10;

/** The largest requestState sent back: the state is the server's to keep, not a way to make us hold and resend megabytes. */
export const MAX_REQUEST_STATE_BYTES = 1024 * 1024;

/** The paginated lists, each with where its items are and the SDK's reader of it. */
const LISTS = {
  "tools/list": {
    key: "tools",
    read: (client: Client, params?: Cursor, options?: CacheableRequestOptions) => client.listTools(params, options),
  },
  "resources/list": {
    key: "resources",
    read: (client: Client, params?: Cursor, options?: CacheableRequestOptions) => client.listResources(params, options),
  },
  "resources/templates/list": {
    key: "resourceTemplates",
    read: (client: Client, params?: Cursor, options?: CacheableRequestOptions) =>
      client.listResourceTemplates(params, options),
  },
  "prompts/list": {
    key: "prompts",
    read: (client: Client, params?: Cursor, options?: CacheableRequestOptions) => client.listPrompts(params, options),
  },
} as const;
type Cursor = { cursor: string };
export type ListMethod = keyof typeof LISTS;

function pageOf(method: ListMethod, result: Result): Page<unknown> {
  const items = (result as Record<string, unknown>)[LISTS[method].key];
  const nextCursor = (result as { nextCursor?: unknown }).nextCursor;
  const freshness = freshnessOf(result);
  return {
    items: Array.isArray(items) ? items : [],
    ...(typeof nextCursor === "string" ? { nextCursor } : {}),
    ...(freshness ? { freshness } : {}),
  };
}

/** A 2026-07-28 list's `ttlMs` / `cacheScope`; undefined when it has no valid ttl (an older server's). */
function freshnessOf(result: Result): ListFreshness | undefined {
  const { ttlMs, cacheScope } = result as { ttlMs?: unknown; cacheScope?: unknown };
  if (typeof ttlMs !== "number" || !Number.isSafeInteger(ttlMs) || ttlMs < 0) return undefined;
  // The spec's default scope is the cautious one.
  return { ttlMs, cacheScope: cacheScope === "public" ? "public" : "private" };
}

type Handler = (request: JSONRPCRequest, ctx: ClientContext) => Promise<Result>;
type NonComplete = Parameters<Client["_resolveNonCompleteResult"]>;
/** The SDK's own (private, synchronous) filter of tools whose x-mcp-header declaration is invalid. */
type HeaderFilter = { _excludeInvalidXMcpHeaderTools(result: ListToolsResult): void };
/** The SDK's (private) choice of the wire codec a request is sent and read with. */
type CodecChoice = { _resolveOutboundCodec(method: string): { decodeResult(method: string, raw: unknown): unknown } };

const EXCLUDED_BECAUSE = "invalid x-mcp-header declaration — ";

export class McpClient extends Client {
  /** Tools the last tools/list had that the SDK left out for an invalid x-mcp-header, with why (terminal-safe). */
  excludedTools: SkippedTool[] = [];
  /** Declares the Tasks extension and follows task handles (off with MINI_CC_DISABLE_MCP_TASKS=1). */
  readonly tasks: boolean;

  constructor(options: { tasks?: boolean } = {}) {
    const tasks = options.tasks ?? true;
    super(CLIENT_INFO, {
      capabilities: clientCapabilities(tasks),
      versionNegotiation: { mode: "auto" },
      inputRequired: { maxRounds: MAX_INPUT_ROUNDS },
      listMaxPages: MAX_PAGES,
    });
    this.tasks = tasks;
    if (tasks) {
      const choose = (Client.prototype as unknown as CodecChoice)._resolveOutboundCodec;
      (this as unknown as CodecChoice)._resolveOutboundCodec = (method) => {
        const codec = choose.call(this, method);
        return method === "tools/call" ? taskAwareCodec(codec) : codec;
      };
    }
    // The SDK says why it leaves such a tool out with console.warn: server text, raw, on our
    // terminal. The reasons are kept instead, and shown as skipped tools (mcp get, the panel).
    const filter = Client.prototype as unknown as HeaderFilter;
    (this as unknown as HeaderFilter)._excludeInvalidXMcpHeaderTools = (result) => {
      const before = result.tools;
      const reasons: string[] = [];
      const warn = console.warn;
      console.warn = (line: unknown) => reasons.push(String(line));
      try {
        filter._excludeInvalidXMcpHeaderTools.call(this, result);
      } finally {
        console.warn = warn;
      }
      const kept = new Set(result.tools);
      this.excludedTools = before
        .filter((tool) => !kept.has(tool))
        .map((tool, i) => {
          const reason = reasons[i]?.split(EXCLUDED_BECAUSE)[1] ?? "";
          return {
            name: terminalSafeLine(tool.name),
            reason: terminalSafeLine(`invalid x-mcp-header declaration${reason ? `: ${reason}` : ""}`),
          };
        });
    };
  }

  /**
   * One read of a paginated list, for readPages (list-pages.ts). Without a cursor the SDK walks every
   * page itself and keeps the whole list (x-mcp-header mirroring reads it; "refresh": we ask only at
   * connect and on a change notice). A server whose pages never end makes it give up at MAX_PAGES; the
   * list is then read a page at a time, so that readPages keeps what came and says what was cut.
   */
  async listPage(method: ListMethod, cursor: string | undefined, options?: RequestOptions): Promise<Page<unknown>> {
    if (cursor !== undefined) return pageOf(method, await LISTS[method].read(this, { cursor }, options));
    try {
      return pageOf(method, await LISTS[method].read(this, undefined, { ...options, cacheMode: "refresh" }));
    } catch (error) {
      if (!(error instanceof SdkError && error.code === SdkErrorCode.ListPaginationExceeded)) throw error;
      return pageOf(method, await this.request({ method }, options));
    }
  }

  /**
   * One question of a task's input_required state (`tasks/update` carries the answer), put to the
   * handler a server's own request of that kind reaches: the elicitation form or URL screen, the
   * sampling approval, the roots.
   */
  async answerInput(key: string, request: unknown, signal: AbortSignal): Promise<Result> {
    const { method, params } = (request ?? {}) as { method?: unknown; params?: unknown };
    const handler = typeof method === "string" ? this._getRequestHandler(method) : undefined;
    if (!handler || !["elicitation/create", "sampling/createMessage", "roots/list"].includes(method as string))
      throw new MiniCcError("task-failed", `asked for input mini-cc cannot give (${terminalSafeLine(String(method))})`);
    const ctx = this.buildContext({
      sessionId: this.transport?.sessionId,
      mcpReq: {
        id: key,
        method: method as string,
        signal,
        send: () => Promise.reject(new Error("no requests from inside a task's question")),
        notify: () => Promise.resolve(),
      },
    } as unknown as Parameters<Client["buildContext"]>[0]);
    const embedded = { jsonrpc: "2.0" as const, id: key, method: method as string, ...(params ? { params } : {}) };
    return handler(embedded as JSONRPCRequest, ctx);
  }

  /**
   * elicitation/create reaches our handler unchecked: the SDK answers a form outside the spec's
   * subset with an error, where we decline it and log why (readElicitRequest does the checks).
   */
  protected override _wrapHandler(method: string, handler: Handler): Handler {
    return method === "elicitation/create" ? handler : super._wrapHandler(method, handler);
  }

  /**
   * Connects, asking server/discover first unless `legacyOnly` (the server ended on it before);
   * `probeTimeoutMs`: how long silence to it may last before the server counts as an older one.
   */
  connectNegotiated(
    transport: Transport,
    options: RequestOptions,
    how: { legacyOnly: boolean; probeTimeoutMs?: number },
  ): Promise<void> {
    if (how.probeTimeoutMs !== undefined)
      this.setVersionNegotiation({ mode: "auto", probe: { timeoutMs: how.probeTimeoutMs } });
    return this.connect(transport, { ...options, ...(how.legacyOnly ? { prior: { kind: "legacy" as const } } : {}) });
  }

  /**
   * A 2026-07-28 server sends list changes only on a subscriptions/listen stream: one is opened for
   * what its capabilities say change (the handlers installed for 2025 servers' notices hear it).
   * Undefined on an older session, or when the server refuses.
   */
  listenForChanges(capabilities: ServerCapabilities | undefined): Promise<McpSubscription | undefined> {
    if (this.getProtocolEra() !== "modern") return Promise.resolve(undefined);
    const { tools, prompts, resources } = capabilities ?? {};
    const filter = {
      ...(tools?.listChanged ? { toolsListChanged: true } : {}),
      ...(prompts?.listChanged ? { promptsListChanged: true } : {}),
      ...(resources?.listChanged ? { resourcesListChanged: true } : {}),
    };
    if (Object.keys(filter).length === 0) return Promise.resolve(undefined);
    return this.listen(filter).catch(() => undefined);
  }

  /** An input_required result is answered unless its requestState is too big to send back. */
  protected override _resolveNonCompleteResult(decoded: NonComplete[0], flow: NonComplete[1]): Promise<unknown> {
    const size = decoded.requestState === undefined ? 0 : Buffer.byteLength(decoded.requestState);
    if (size > MAX_REQUEST_STATE_BYTES) {
      const mb = (size / (1024 * 1024)).toFixed(1);
      return Promise.reject(
        new MiniCcError(
          "input-required",
          `sent a requestState of ${mb} MB, past the ${MAX_REQUEST_STATE_BYTES / (1024 * 1024)} MB mini-cc sends back`,
        ),
      );
    }
    return super._resolveNonCompleteResult(decoded, flow);
  }
}

/**
 * What the SDK's refusals of a 2026-07-28 result mean, said of `server`; undefined for any other error.
 * (A requestState refused above already says what it is.)
 */
export function inputRequiredFailure(server: string, error: unknown): MiniCcError | undefined {
  if (isMiniCcError(error, "input-required"))
    return new MiniCcError("input-required", `server ${server} ${error.message}`);
  if (!(error instanceof SdkError)) return undefined;
  if (error.code === SdkErrorCode.InputRequiredRoundsExceeded) {
    return new MiniCcError(
      "input-required",
      `server ${server} still asked for input after ${MAX_INPUT_ROUNDS} rounds; gave up`,
    );
  }
  if (error.code === SdkErrorCode.UnsupportedResultType) {
    const kind = (error.data as { resultType?: unknown } | undefined)?.resultType;
    return new MiniCcError(
      "input-required",
      `server ${server} answered with a result of unknown type ${terminalSafeLine(JSON.stringify(String(kind)))}`,
    );
  }
  return undefined;
}
