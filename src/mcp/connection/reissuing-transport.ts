/**
 * Streamable HTTP with the 2026-07-28 rule for a broken response stream: a
 * request whose SSE response stream ends before its response is sent again
 * with a new id (the spec's stateless servers keep nothing to resume). The
 * SDK's transport resumes a stream that carried event ids itself (GET with
 * Last-Event-ID) and tells us only once that too ends without the response.
 *
 * The transport is wrapped rather than subclassed: the SDK calls its own
 * `onmessage`, and so do the wrappers installed after connect (progress
 * router, deep-schema guard); the answer to a re-issued request must reach
 * them under the id the SDK is waiting for.
 */
import {
  type JSONRPCErrorResponse,
  type JSONRPCMessage,
  type JSONRPCRequest,
  PROTOCOL_VERSION_META_KEY,
  type RequestId,
  type StreamableHTTPClientTransport,
  type Transport,
  type TransportSendOptions,
} from "@modelcontextprotocol/client";

/**
 * How many times one request is sent again after its stream broke: twice. One retry covers a
 * dropped connection; a stream that breaks three times in a row is a server that cannot answer
 * it, and sending a tool call a fourth time would only repeat its side effects.
 */
export const MAX_REISSUES = 2;

/** The JSON-RPC code of the error a request ends with once its re-issues are used up. */
const STREAM_BROKEN = -32000;

export class ReissuingHttpTransport implements Transport {
  readonly #inner: StreamableHTTPClientTransport;
  /** Ids sent whose response has not come, with the id the SDK waits under. */
  readonly #waiting = new Map<RequestId, RequestId>();
  #reissues = 0;
  onmessage?: Transport["onmessage"];
  onclose?: () => void;
  onerror?: (error: Error) => void;

  constructor(inner: StreamableHTTPClientTransport) {
    this.#inner = inner;
    inner.onmessage = (message: JSONRPCMessage) => this.onmessage?.(this.#answered(message));
    inner.onclose = () => this.onclose?.();
    inner.onerror = (error) => this.onerror?.(error);
  }

  get sessionId(): string | undefined {
    return this.#inner.sessionId;
  }

  get hasPerRequestStream(): boolean {
    return this.#inner.hasPerRequestStream;
  }

  /** How many requests were sent again (for tests and the log). */
  get reissues(): number {
    return this.#reissues;
  }

  start(): Promise<void> {
    return this.#inner.start();
  }

  close(): Promise<void> {
    this.#waiting.clear();
    return this.#inner.close();
  }

  setProtocolVersion(version: string): void {
    this.#inner.setProtocolVersion(version);
  }

  get protocolVersion(): string | undefined {
    return this.#inner.protocolVersion;
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    if (!isReissuable(message)) return this.#inner.send(message, options);
    return this.#post(message, options, 0);
  }

  /** Sends `request` (again, with a new id, when `round` > 0), and again if its stream breaks before the answer. */
  async #post(request: JSONRPCRequest, options: TransportSendOptions | undefined, round: number): Promise<void> {
    const id = round === 0 ? request.id : `${request.id}:reissue-${round}`;
    this.#waiting.set(id, request.id);
    options?.requestSignal?.addEventListener("abort", () => this.#waiting.delete(id), { once: true });
    const broke = () => {
      options?.onRequestStreamEnd?.();
      if (!this.#waiting.delete(id) || options?.requestSignal?.aborted) return;
      if (round >= MAX_REISSUES) return this.#gaveUp(request.id, round + 1);
      this.#reissues++;
      this.#post(request, options, round + 1).catch((error: unknown) => this.onerror?.(asError(error)));
    };
    try {
      await this.#inner.send(round === 0 ? request : { ...request, id }, { ...options, onRequestStreamEnd: broke });
    } catch (error) {
      this.#waiting.delete(id);
      throw error;
    }
  }

  /** A response to a request we sent: no longer waited for, and under the id the SDK knows it by. */
  #answered(message: JSONRPCMessage): JSONRPCMessage {
    if (!("id" in message) || "method" in message || message.id === undefined) return message;
    const original = this.#waiting.get(message.id);
    if (original === undefined) return message;
    this.#waiting.delete(message.id);
    return original === message.id ? message : { ...message, id: original };
  }

  /** The request ends as an error the caller reads: its stream broke every time. */
  #gaveUp(id: RequestId, times: number): void {
    const error: JSONRPCErrorResponse = {
      jsonrpc: "2.0",
      id,
      error: { code: STREAM_BROKEN, message: `the response stream broke before the response ${times} times` },
    };
    this.onmessage?.(error);
  }
}

/**
 * A 2026-07-28 request (its `_meta` carries the protocol version): sent again when its stream
 * breaks. Not subscriptions/listen, whose stream the SDK itself settles, nor a 2025 session's
 * request, which the SDK resumes by event id within its session.
 */
function isReissuable(message: JSONRPCMessage): message is JSONRPCRequest {
  if (!("method" in message) || !("id" in message) || message.method === "subscriptions/listen") return false;
  const meta = (message.params as { _meta?: Record<string, unknown> } | undefined)?._meta;
  return typeof meta?.[PROTOCOL_VERSION_META_KEY] === "string";
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
