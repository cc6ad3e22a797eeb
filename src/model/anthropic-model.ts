/**
 * The real model: the Anthropic Messages API through @anthropic-ai/sdk,
 * streamed. The adapter survives what the real API does: 429, 529 and 5xx
 * answers, a stream that breaks off, stalls, or reports overloaded mid-way
 * are tried again with backoff on the injected clock (the SDK's own retries
 * are off, so every wait is ours and visible as a `retry` event). The SDK
 * sends the request; the body's events are read by chunk (sse-reader.ts) and
 * assembled into one assistant message (message-assembler.ts).
 */
import Anthropic from "@anthropic-ai/sdk";
import type { MessageCreateParamsStreaming } from "@anthropic-ai/sdk/resources/messages";
import { systemClock, type Clock } from "../clock.ts";
import { buildMessagesRequest } from "./anthropic-request.ts";
import { abortedError, afterRetries, retryableFailure, stalledError, toModelError } from "./anthropic-errors.ts";
import { MessageAssembler, type AssembledMessage } from "./message-assembler.ts";
import { SseReader } from "./sse-reader.ts";
import { DEFAULT_ANTHROPIC_MODEL, modelInfo } from "./model-catalog.ts";
import { type Model, type ModelEvent, type ModelRequest } from "./model.ts";
import { DEFAULT_RETRY_POLICY, retryDelayMs, type RetryableFailure, type RetryPolicy } from "./retry-policy.ts";

/** The output budget of a request when the model allows more: a retry of a cut tool input asks for the model's whole limit. */
const DEFAULT_OUTPUT_BUDGET = 32_000;
const DEFAULT_BASE_URL = "https://api.anthropic.com";
/** A stream that sends no event for this long is given up and tried again (MINI_CC_STREAM_IDLE_MS). */
export const DEFAULT_STREAM_IDLE_MS = 60_000;
/** The API's floor for a thinking budget. */
const MIN_THINKING_TOKENS = 1024;

export interface AnthropicModelOptions {
  apiKey: string;
  /** Default https://api.anthropic.com (the caller passes ANTHROPIC_BASE_URL). */
  baseURL?: string;
  /** Default DEFAULT_ANTHROPIC_MODEL (the caller passes --model or ANTHROPIC_MODEL). */
  model?: string;
  /** The output budget of a request; default the model's output limit, at most 32,000. */
  maxTokens?: number;
  /** Tries after the first; default 10. */
  maxRetries?: number;
  /** The first backoff wait, ms (default 500); tests make it small. */
  retryBaseDelayMs?: number;
  /** Gives up on a stream silent for this long, ms (default 60 s). */
  streamIdleMs?: number;
  /** Per-request timeout, ms; the SDK's default is 10 minutes. */
  timeoutMs?: number;
  /** Extended thinking's budget (--thinking, MAX_THINKING_TOKENS); none when absent. */
  thinkingBudgetTokens?: number;
  /** Yield each raw API event as a `stream_event` (--include-partial-messages). */
  rawEvents?: boolean;
  /** Times the backoff and the idle limit; the system clock by default. */
  clock?: Clock;
  /** Jitter's source, [0, 1); Math.random by default. */
  random?: () => number;
  /** The SDK's fetch; the global one by default (the bench streams from memory). */
  fetch?: typeof fetch;
}

type Attempt =
  | { kind: "done"; final: AssembledMessage }
  | { kind: "failed"; error: unknown; failure: RetryableFailure | undefined };

/** Streams assistant messages from the Messages API; throws a MiniCcError on a failure retries cannot fix. */
export class AnthropicModel implements Model {
  readonly name: string;
  readonly contextWindowTokens: number;
  readonly #client: Anthropic;
  readonly #baseURL: string;
  readonly #maxTokens: number;
  readonly #maxOutputTokens: number;
  readonly #policy: RetryPolicy;
  readonly #idleMs: number;
  readonly #thinking: number | undefined;
  readonly #rawEvents: boolean;
  readonly #clock: Clock;
  readonly #random: () => number;

  constructor(options: AnthropicModelOptions) {
    this.name = options.model ?? DEFAULT_ANTHROPIC_MODEL;
    const info = modelInfo(this.name);
    this.contextWindowTokens = info.contextWindowTokens;
    this.#maxOutputTokens = info.maxOutputTokens;
    this.#baseURL = options.baseURL ?? DEFAULT_BASE_URL;
    this.#maxTokens = options.maxTokens ?? Math.min(info.maxOutputTokens, DEFAULT_OUTPUT_BUDGET);
    this.#policy = {
      maxRetries: options.maxRetries ?? DEFAULT_RETRY_POLICY.maxRetries,
      baseDelayMs: options.retryBaseDelayMs ?? DEFAULT_RETRY_POLICY.baseDelayMs,
    };
    this.#idleMs = options.streamIdleMs ?? DEFAULT_STREAM_IDLE_MS;
    this.#thinking = options.thinkingBudgetTokens;
    this.#rawEvents = options.rawEvents ?? false;
    this.#clock = options.clock ?? systemClock;
    this.#random = options.random ?? Math.random;
    this.#client = new Anthropic({
      apiKey: options.apiKey,
      // Explicit, so the SDK never reads process.env behind the caller's back.
      baseURL: this.#baseURL,
      // Every retry is ours: on our clock, told to the user, and covering broken streams too.
      maxRetries: 0,
      ...(options.timeoutMs !== undefined ? { timeout: options.timeoutMs } : {}),
      ...(options.fetch !== undefined ? { fetch: options.fetch } : {}),
      // The SDK logs to stdout by default, which would corrupt print mode's JSON output.
      logLevel: "off",
    });
  }

  async *stream(request: ModelRequest, signal: AbortSignal): AsyncGenerator<ModelEvent> {
    const body = this.#body(request);
    for (let retry = 1; ; retry++) {
      // One try, inline (a nested generator would cost every event a second hop).
      const assembler = new MessageAssembler();
      const controller = new AbortController();
      const onAbort = () => controller.abort();
      signal.addEventListener("abort", onAbort, { once: true });
      const watch = new IdleWatch(this.#clock, this.#idleMs, onAbort);
      let failed: { error: unknown } | undefined;
      let reader: SseReader | undefined;
      try {
        // The SDK sends the request and turns error statuses into APIErrors; the body's events are read here, a chunk at a time.
        reader = new SseReader(await this.#client.messages.create(body, { signal: controller.signal }).asResponse());
        reading: for (let batch = await reader.next(); batch !== undefined; batch = await reader.next()) {
          watch.touch();
          for (const event of batch) {
            // Events already buffered keep arriving after an abort; nothing more goes out.
            if (controller.signal.aborted) break reading;
            if (this.#rawEvents) yield { type: "stream_event", event };
            const text = assembler.push(event);
            if (text !== undefined) yield { type: "text_delta", text };
          }
        }
      } catch (error) {
        failed = { error };
      } finally {
        reader?.cancel();
        watch.stop();
        signal.removeEventListener("abort", onAbort);
      }
      // An abort mid-stream (Esc) is the user's: no retry.
      if (signal.aborted) throw abortedError();
      const outcome = watch.fired
        ? { kind: "failed" as const, error: stalledError(this.#idleMs), failure: { reason: "stalled" as const } }
        : this.#outcome(assembler, failed);
      if (outcome.kind === "done") {
        yield { type: "message", ...outcome.final };
        return;
      }
      const delayMs = outcome.failure && retryDelayMs(outcome.failure, retry, this.#policy, this.#random);
      const error = toModelError(outcome.error, signal, this.#baseURL);
      if (outcome.failure === undefined || delayMs === undefined) throw afterRetries(error, retry - 1);
      yield {
        type: "retry",
        retry: {
          reason: outcome.failure.reason,
          retry,
          maxRetries: this.#policy.maxRetries,
          delayMs,
          message: error.message,
        },
      };
      await this.#sleep(delayMs, signal);
    }
  }

  /** How a try ended: its message, or why it failed and whether a retry may help. */
  #outcome(assembler: MessageAssembler, failed: { error: unknown } | undefined): Attempt {
    if (failed !== undefined)
      return { kind: "failed", error: failed.error, failure: retryableFailure(failed.error, this.#clock.now()) };
    try {
      return { kind: "done", final: assembler.finish() };
    } catch (error) {
      return { kind: "failed", error, failure: retryableFailure(error, this.#clock.now()) };
    }
  }

  /** The request body: the output budget (raised for a retried cut tool input, capped by a server's sampling request) and thinking. */
  #body(request: ModelRequest): MessageCreateParamsStreaming {
    let maxTokens = request.raiseMaxTokens ? this.#maxOutputTokens : this.#maxTokens;
    if (request.maxTokens !== undefined) maxTokens = Math.min(maxTokens, request.maxTokens);
    let thinking: number | undefined;
    // Thinking needs room: its budget must be below max_tokens, and a capped request (sampling) goes without.
    if (this.#thinking !== undefined && request.maxTokens === undefined) {
      thinking = Math.max(MIN_THINKING_TOKENS, this.#thinking);
      if (maxTokens <= thinking) maxTokens = Math.min(this.#maxOutputTokens, thinking + DEFAULT_OUTPUT_BUDGET);
      if (maxTokens <= thinking) thinking = maxTokens - 1 >= MIN_THINKING_TOKENS ? maxTokens - 1 : undefined;
    }
    return buildMessagesRequest({
      model: this.name,
      ...request,
      maxTokens,
      ...(thinking !== undefined ? { thinkingBudgetTokens: thinking } : {}),
    });
  }

  #sleep(ms: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal.aborted) return reject(abortedError());
      const onAbort = () => {
        cancel();
        reject(abortedError());
      };
      const cancel = this.#clock.setTimeout(() => {
        signal.removeEventListener("abort", onAbort);
        resolve();
      }, ms);
      signal.addEventListener("abort", onAbort, { once: true });
    });
  }
}

/**
 * Fires once when `touch()` has not been called for `idleMs` (give or take a
 * quarter). Touching only counts, so an event costs an increment, not a
 * clock reading; a timer every quarter of the limit looks whether the count moved.
 */
class IdleWatch {
  readonly #clock: Clock;
  readonly #checkMs: number;
  readonly #onIdle: () => void;
  #touches = 0;
  #seen = 0;
  #quietChecks = 0;
  #cancel: (() => void) | undefined;
  fired = false;

  constructor(clock: Clock, idleMs: number, onIdle: () => void) {
    this.#clock = clock;
    this.#checkMs = idleMs / 4;
    this.#onIdle = onIdle;
    // 0 (or less) turns the limit off.
    if (idleMs > 0 && Number.isFinite(idleMs)) this.#arm();
  }

  touch(): void {
    this.#touches++;
  }

  stop(): void {
    this.#cancel?.();
    this.#cancel = undefined;
  }

  #arm(): void {
    this.#cancel = this.#clock.setTimeout(() => {
      if (this.#touches !== this.#seen) {
        this.#seen = this.#touches;
        this.#quietChecks = 0;
      } else if (++this.#quietChecks >= 4) {
        this.fired = true;
        this.#onIdle();
        return;
      }
      this.#arm();
    }, this.#checkMs);
  }
}
