/**
 * Progress notifications of our own tool calls, delivered without the SDK's
 * per-message work. A server may send thousands a second; through the SDK each
 * costs a zod parse of the line, four zod type guards (three failing, each
 * building an issue list), a microtask, a second zod parse and a timer reset:
 * ~30 µs, enough to slow typing in the TUI during a flood.
 *
 * Calls carry a progress token of ours (not the SDK's onprogress), and a thin
 * layer over the transport's onmessage (installed after the SDK's) hands a
 * notification for one of those tokens straight to its handler when it has
 * exactly the shape the specification allows; anything else, including a
 * progress notification with extra fields or an unknown token, goes to the SDK
 * as before. The SDK no longer sees the call's progress; the call's one
 * deadline (call-deadline.ts) does.
 */
import type { Transport } from "@modelcontextprotocol/client";
import type { Progress, ProgressToken } from "@modelcontextprotocol/client";

/** A `notifications/progress` message as the specification allows it. */
interface ProgressNotificationMessage {
  jsonrpc: "2.0";
  method: "notifications/progress";
  params: Progress & { progressToken: ProgressToken; _meta?: Record<string, unknown> };
}

const PARAM_KEYS = new Set(["progressToken", "progress", "total", "message", "_meta"]);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * True when `value` is exactly a valid progress notification: the checks the
 * SDK's JSONRPCNotificationSchema (strict) and ProgressNotificationSchema make,
 * written out, and false for anything they would not accept unchanged.
 */
export function isProgressNotification(value: unknown): value is ProgressNotificationMessage {
  if (!isPlainObject(value) || value.method !== "notifications/progress" || value.jsonrpc !== "2.0") return false;
  let keys = 0;
  for (const key in value) {
    if (key !== "jsonrpc" && key !== "method" && key !== "params") return false;
    keys++;
  }
  const params = value.params;
  if (keys !== 3 || !isPlainObject(params)) return false;
  for (const key in params) if (!PARAM_KEYS.has(key)) return false;
  const { progressToken, progress, total, message, _meta } = params;
  if (typeof progressToken !== "string" && !Number.isInteger(progressToken)) return false;
  if (typeof progress !== "number") return false;
  if (total !== undefined && typeof total !== "number") return false;
  if (message !== undefined && typeof message !== "string") return false;
  // The SDK's _meta allows more keys, but a progressToken inside must be a token.
  if (_meta !== undefined && (!isPlainObject(_meta) || "progressToken" in _meta)) return false;
  return true;
}

/** Progress tokens of one connection's running calls and their handlers. */
export class ProgressRouter {
  /**
   * The running calls' tokens and handlers, side by side. Arrays, not a Map: a connection runs a
   * few calls at once, and a Map that loses its last entry allocates a new table through a
   * runtime call, which here is once a call.
   */
  readonly #tokens: ProgressToken[] = [];
  readonly #handlers: Array<(progress: Progress) => void> = [];
  #next = 0;

  /**
   * A new token whose progress goes to `handler` until unregister(token). A string, not a number:
   * the v1 SDK's servers check a token against string first and integer second, so a number fails
   * the first check, and builds a zod issue, in each of the parses of the request that read
   * `_meta` (~2 KB and ~1.5 µs of the server's work a call).
   */
  register(handler: (progress: Progress) => void): string {
    const token = `${++this.#next}`;
    this.#tokens.push(token);
    this.#handlers.push(handler);
    return token;
  }

  unregister(token: ProgressToken): void {
    const i = this.#tokens.indexOf(token);
    if (i < 0) return;
    // The last entry takes the freed place.
    const lastToken = this.#tokens.pop()!;
    const lastHandler = this.#handlers.pop()!;
    if (i === this.#tokens.length) return;
    this.#tokens[i] = lastToken;
    this.#handlers[i] = lastHandler;
  }

  #handlerOf(token: ProgressToken): ((progress: Progress) => void) | undefined {
    const i = this.#tokens.indexOf(token);
    return i < 0 ? undefined : this.#handlers[i];
  }

  /** Wraps the transport's onmessage (call after the SDK's connect installed its own). */
  install(transport: Transport): void {
    const sdk = transport.onmessage;
    if (!sdk) return;
    transport.onmessage = (message, extra) => {
      if (isProgressNotification(message)) {
        const handler = this.#handlerOf(message.params.progressToken);
        if (handler) return handler(message.params);
      }
      sdk(message, extra);
    };
  }
}
