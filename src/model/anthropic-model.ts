/**
 * The real model: the Anthropic Messages API through @anthropic-ai/sdk, streamed.
 * Raw stream events are assembled into one assistant message here (text
 * deltas pass straight through); API failures become one-line MiniCcErrors.
 */
import Anthropic, {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
} from "@anthropic-ai/sdk";
import type { RawMessageStreamEvent } from "@anthropic-ai/sdk/resources/messages";
import { buildMessagesRequest } from "./anthropic-request.ts";
import type { AssistantBlock, AssistantMessage, StopReason, Usage } from "./messages.ts";
import { type Model, type ModelEvent, type ModelRequest } from "./model.ts";
import { MiniCcError, type ErrorCode } from "../errors.ts";

/** The newest Sonnet the installed SDK's types list; ANTHROPIC_MODEL overrides it. */
export const DEFAULT_ANTHROPIC_MODEL = "claude-sonnet-5-5";
/** Output budget per response: room for a Write of a large file. */
const DEFAULT_MAX_TOKENS = 16_000;
const DEFAULT_BASE_URL = "https://api.anthropic.com";

export interface AnthropicModelOptions {
  apiKey: string;
  /** Default https://api.anthropic.com (the caller passes ANTHROPIC_BASE_URL). */
  baseURL?: string;
  /** Default DEFAULT_ANTHROPIC_MODEL (the caller passes ANTHROPIC_MODEL). */
  model?: string;
  maxTokens?: number;
  /** The SDK retries 408/409/429/5xx and connection errors with backoff; default 2. */
  maxRetries?: number;
  /** Per-request timeout, ms; the SDK's default is 10 minutes. */
  timeoutMs?: number;
}

/** Streams assistant messages from the Messages API; throws a MiniCcError on any failure. */
export class AnthropicModel implements Model {
  readonly name: string;
  readonly #client: Anthropic;
  readonly #baseURL: string;
  readonly #maxTokens: number;

  constructor(options: AnthropicModelOptions) {
    this.name = options.model ?? DEFAULT_ANTHROPIC_MODEL;
    this.#baseURL = options.baseURL ?? DEFAULT_BASE_URL;
    this.#maxTokens = options.maxTokens ?? DEFAULT_MAX_TOKENS;
    this.#client = new Anthropic({
      apiKey: options.apiKey,
      // Explicit, so the SDK never reads process.env behind the caller's back.
      baseURL: this.#baseURL,
      maxRetries: options.maxRetries ?? 2,
      ...(options.timeoutMs !== undefined ? { timeout: options.timeoutMs } : {}),
      // The SDK logs to stdout by default, which would corrupt print mode's JSON output.
      logLevel: "off",
    });
  }

  async *stream(request: ModelRequest, signal: AbortSignal): AsyncGenerator<ModelEvent> {
    const maxTokens = Math.min(request.maxTokens ?? this.#maxTokens, this.#maxTokens);
    const body = buildMessagesRequest({ model: this.name, ...request, maxTokens });
    const assembler = new MessageAssembler();
    try {
      const events = await this.#client.messages.create(body, { signal });
      for await (const event of events) {
        // Events already buffered keep arriving after an abort; nothing more goes out.
        if (signal.aborted) break;
        const text = assembler.push(event);
        if (text !== undefined) yield { type: "text_delta", text };
      }
    } catch (error) {
      throw toModelError(error, signal, this.#baseURL);
    }
    // The SDK ends the iteration quietly when aborted mid-stream.
    if (signal.aborted) throw abortedError();
    yield { type: "message", ...assembler.finish() };
  }
}

interface OpenBlock {
  type: "text" | "tool_use";
  text: string;
  id: string;
  name: string;
  /** input_json_delta fragments, joined; parsed when the message ends. */
  json: string;
  initialInput: Record<string, unknown>;
}

/** Folds raw stream events into one assistant message, its stop reason and usage. */
export class MessageAssembler {
  readonly #blocks: OpenBlock[] = [];
  #usage: Usage = { input_tokens: 0, output_tokens: 0 };
  #stopReason: string | null = null;
  #stopped = false;

  /** Takes one event; returns the text it adds, if any. */
  push(event: RawMessageStreamEvent): string | undefined {
    switch (event.type) {
      case "message_start":
        this.#mergeUsage(event.message.usage);
        return undefined;
      case "content_block_start": {
        const block = event.content_block;
        if (block.type === "text") {
          this.#blocks[event.index] = { ...emptyBlock("text"), text: block.text };
          return block.text === "" ? undefined : block.text;
        }
        if (block.type === "tool_use") {
          this.#blocks[event.index] = { ...emptyBlock("tool_use"), id: block.id, name: block.name, initialInput: asObject(block.input) };
        }
        // Thinking and server-tool blocks are not part of our conversation types.
        return undefined;
      }
      case "content_block_delta": {
        const open = this.#blocks[event.index];
        if (open === undefined) return undefined;
        if (event.delta.type === "text_delta") {
          open.text += event.delta.text;
          return event.delta.text;
        }
        if (event.delta.type === "input_json_delta") open.json += event.delta.partial_json;
        return undefined;
      }
      case "message_delta":
        this.#stopReason = event.delta.stop_reason ?? this.#stopReason;
        this.#mergeUsage(event.usage);
        return undefined;
      case "message_stop":
        this.#stopped = true;
        return undefined;
      default:
        return undefined;
    }
  }

  /** The whole message; throws a MiniCcError when the stream ended early or a tool input is not JSON. */
  finish(): { message: AssistantMessage; stopReason: StopReason; usage: Usage } {
    if (!this.#stopped) {
      throw new MiniCcError("incomplete-response", "Anthropic API stream ended before the message was complete");
    }
    const stopReason = toStopReason(this.#stopReason);
    const content: AssistantBlock[] = [];
    for (const block of this.#blocks) {
      if (block === undefined) continue;
      if (block.type === "text") {
        // The API rejects empty text blocks when the message is sent back.
        if (block.text !== "") content.push({ type: "text", text: block.text });
        continue;
      }
      content.push({ type: "tool_use", id: block.id, name: block.name, input: parseToolInput(block, stopReason) });
    }
    return { message: { role: "assistant", content }, stopReason, usage: { ...this.#usage } };
  }

  #mergeUsage(usage: {
    input_tokens?: number | null;
    output_tokens?: number | null;
    cache_creation_input_tokens?: number | null;
    cache_read_input_tokens?: number | null;
  }): void {
    const next: Usage = { ...this.#usage };
    if (typeof usage.input_tokens === "number") next.input_tokens = usage.input_tokens;
    // output_tokens in message_delta is cumulative, so it replaces the start value.
    if (typeof usage.output_tokens === "number") next.output_tokens = usage.output_tokens;
    if (typeof usage.cache_creation_input_tokens === "number") next.cache_creation_input_tokens = usage.cache_creation_input_tokens;
    if (typeof usage.cache_read_input_tokens === "number") next.cache_read_input_tokens = usage.cache_read_input_tokens;
    this.#usage = next;
  }
}

function emptyBlock(type: OpenBlock["type"]): OpenBlock {
  return { type, text: "", id: "", name: "", json: "", initialInput: {} };
}

function parseToolInput(block: OpenBlock, stopReason: StopReason): Record<string, unknown> {
  if (block.json.trim() === "") return block.initialInput;
  try {
    const value: unknown = JSON.parse(block.json);
    if (value !== null && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // reported below
  }
  const why = stopReason === "max_tokens" ? " (the response hit max_tokens)" : "";
  throw new MiniCcError("invalid-response", `Anthropic API returned an incomplete input for tool ${block.name}${why}`);
}

function asObject(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

const STOP_REASONS: ReadonlySet<string> = new Set(["end_turn", "tool_use", "max_tokens", "stop_sequence", "refusal", "pause_turn"]);

function toStopReason(reason: string | null): StopReason {
  if (reason === "model_context_window_exceeded") return "max_tokens";
  return reason !== null && STOP_REASONS.has(reason) ? (reason as StopReason) : "end_turn";
}

function abortedError(): MiniCcError {
  return new MiniCcError("aborted", "model request aborted");
}

const HINTS: Record<string, { code: ErrorCode; hint?: string }> = {
  authentication_error: { code: "authentication", hint: "check ANTHROPIC_API_KEY" },
  permission_error: { code: "permission-denied", hint: "this API key may not use this model or feature" },
  not_found_error: { code: "model-not-found", hint: "check ANTHROPIC_MODEL and ANTHROPIC_BASE_URL" },
  rate_limit_error: { code: "rate-limit", hint: "rate limited; wait a moment and try again" },
  overloaded_error: { code: "overloaded", hint: "the API is overloaded; try again shortly" },
  api_error: { code: "server-error", hint: "the API had an internal error; try again" },
  invalid_request_error: { code: "invalid-request" },
};

const TYPE_BY_STATUS: Record<number, string> = {
  401: "authentication_error",
  403: "permission_error",
  404: "not_found_error",
  429: "rate_limit_error",
  529: "overloaded_error",
  400: "invalid_request_error",
};

/** Turns whatever the SDK threw into a one-line MiniCcError the transcript can show. */
export function toModelError(error: unknown, signal: AbortSignal, baseURL: string): MiniCcError {
  if (error instanceof MiniCcError) return error;
  if (error instanceof APIUserAbortError || signal.aborted) return abortedError();
  if (error instanceof APIConnectionTimeoutError) {
    return new MiniCcError("request-timeout", `Anthropic API request to ${baseURL} timed out`);
  }
  if (error instanceof APIConnectionError) {
    return new MiniCcError(
      "connection",
      `cannot reach the Anthropic API at ${baseURL}: ${rootCause(error)} — check your network and ANTHROPIC_BASE_URL`,
    );
  }
  if (error instanceof APIError) {
    const status = typeof error.status === "number" ? error.status : undefined;
    const type = error.type ?? (status !== undefined ? (TYPE_BY_STATUS[status] ?? (status >= 500 ? "api_error" : undefined)) : undefined);
    const known = type !== undefined ? HINTS[type] : undefined;
    const detail = oneLine(error.apiMessage ?? error.message.replace(/^\d+\s+/, ""));
    const label = status !== undefined ? `Anthropic API error ${status}` : "Anthropic API error";
    const hint = known?.hint !== undefined ? ` — ${known.hint}` : "";
    return new MiniCcError(known?.code ?? "api-error", `${label}: ${detail}${hint}`);
  }
  const message = error instanceof Error ? error.message : String(error);
  return new MiniCcError("api-error", `Anthropic API request failed: ${oneLine(message)}`);
}

// fetch wraps the socket error (e.g. "connect ECONNREFUSED 127.0.0.1:9") two causes deep.
function rootCause(error: Error): string {
  let current: unknown = error;
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  return oneLine(current instanceof Error ? current.message : String(current));
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}
