/**
 * Folds the Messages API's raw stream events into one assistant message, its
 * stop reason and usage. Thinking blocks keep their signature (and redacted
 * ones their data) byte for byte: the API checks them when they come back.
 */
import type { RawMessageStreamEvent } from "@anthropic-ai/sdk/resources/messages";
import type { AssistantBlock, AssistantMessage, StopReason, Usage } from "./messages.ts";
import { MiniCcError } from "../errors.ts";

interface OpenBlock {
  type: "text" | "tool_use" | "thinking" | "redacted_thinking";
  /** Text, or thinking text. */
  text: string;
  id: string;
  name: string;
  /** input_json_delta fragments, joined; parsed when the message ends. */
  json: string;
  initialInput: Record<string, unknown>;
  /** A thinking block's signature; a redacted one's data. */
  signature: string;
}

export interface AssembledMessage {
  message: AssistantMessage;
  stopReason: StopReason;
  usage: Usage;
  /** The API's message id and model, from message_start. */
  id?: string;
  model?: string;
}

export class MessageAssembler {
  readonly #blocks: OpenBlock[] = [];
  #usage: Usage = { input_tokens: 0, output_tokens: 0 };
  #stopReason: string | null = null;
  #stopped = false;
  #id: string | undefined;
  #model: string | undefined;

  /** Whether message_stop arrived: a stream that ended without it was cut. */
  get complete(): boolean {
    return this.#stopped;
  }

  /** Takes one event; returns the text it adds, if any. */
  push(event: RawMessageStreamEvent): string | undefined {
    switch (event.type) {
      case "content_block_delta": {
        const open = this.#blocks[event.index];
        if (open === undefined) return undefined;
        const delta = event.delta;
        if (delta.type === "text_delta") {
          open.text += delta.text;
          return delta.text;
        }
        if (delta.type === "input_json_delta") open.json += delta.partial_json;
        else if (delta.type === "thinking_delta") open.text += delta.thinking;
        else if (delta.type === "signature_delta") open.signature += delta.signature;
        return undefined;
      }
      case "content_block_start":
        return this.#start(event.index, event.content_block);
      case "message_start":
        this.#id = event.message.id;
        this.#model = event.message.model;
        this.#mergeUsage(event.message.usage);
        return undefined;
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

  #start(
    index: number,
    block: Extract<RawMessageStreamEvent, { type: "content_block_start" }>["content_block"],
  ): string | undefined {
    switch (block.type) {
      case "text": {
        const text = present(block.text);
        this.#blocks[index] = { ...emptyBlock("text"), text };
        return text === "" ? undefined : text;
      }
      case "tool_use":
        this.#blocks[index] = {
          ...emptyBlock("tool_use"),
          id: block.id,
          name: block.name,
          initialInput: asObject(block.input),
        };
        return undefined;
      case "thinking":
        this.#blocks[index] = {
          ...emptyBlock("thinking"),
          text: present(block.thinking),
          signature: present(block.signature),
        };
        return undefined;
      case "redacted_thinking":
        this.#blocks[index] = { ...emptyBlock("redacted_thinking"), signature: present(block.data) };
        return undefined;
      default:
        // Server-tool blocks are not part of our conversation types.
        return undefined;
    }
  }

  /**
   * The whole message; throws a MiniCcError when the stream ended early or a
   * tool input is not JSON. A tool input cut at max_tokens is not an error:
   * the call comes back with what parsed ({} otherwise) for the loop, which
   * never runs a call from a cut message.
   */
  finish(): AssembledMessage {
    if (!this.#stopped) {
      throw new MiniCcError("incomplete-response", "Anthropic API stream ended before the message was complete");
    }
    const stopReason = toStopReason(this.#stopReason);
    const content: AssistantBlock[] = [];
    for (const block of this.#blocks) {
      if (block === undefined) continue;
      switch (block.type) {
        case "text":
          // The API rejects empty text blocks when the message is sent back.
          if (block.text !== "") content.push({ type: "text", text: block.text });
          break;
        case "thinking":
          content.push({ type: "thinking", thinking: block.text, signature: block.signature });
          break;
        case "redacted_thinking":
          content.push({ type: "redacted_thinking", data: block.signature });
          break;
        case "tool_use":
          content.push({ type: "tool_use", id: block.id, name: block.name, input: parseToolInput(block, stopReason) });
          break;
      }
    }
    return {
      message: { role: "assistant", content },
      stopReason,
      usage: { ...this.#usage },
      ...(this.#id !== undefined ? { id: this.#id } : {}),
      ...(this.#model !== undefined ? { model: this.#model } : {}),
    };
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
    if (typeof usage.cache_creation_input_tokens === "number")
      next.cache_creation_input_tokens = usage.cache_creation_input_tokens;
    if (typeof usage.cache_read_input_tokens === "number") next.cache_read_input_tokens = usage.cache_read_input_tokens;
    this.#usage = next;
  }
}

function emptyBlock(type: OpenBlock["type"]): OpenBlock {
  return { type, text: "", id: "", name: "", json: "", initialInput: {}, signature: "" };
}

/**
 * A start event's string field; "" when left out. The API always sends them (empty), but some
 * gateways leave `signature` out, and the deltas that follow are appended to what this returns.
 */
function present(value: string | undefined): string {
  return typeof value === "string" ? value : "";
}

function parseToolInput(block: OpenBlock, stopReason: StopReason): Record<string, unknown> {
  if (block.json.trim() === "") return block.initialInput;
  try {
    const value: unknown = JSON.parse(block.json);
    if (value !== null && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // reported below
  }
  if (stopReason === "max_tokens") return {};
  throw new MiniCcError("invalid-response", `Anthropic API returned an incomplete input for tool ${block.name}`);
}

function asObject(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

const STOP_REASONS: ReadonlySet<string> = new Set([
  "end_turn",
  "tool_use",
  "max_tokens",
  "stop_sequence",
  "refusal",
  "pause_turn",
]);

function toStopReason(reason: string | null): StopReason {
  if (reason === "model_context_window_exceeded") return "max_tokens";
  return reason !== null && STOP_REASONS.has(reason) ? (reason as StopReason) : "end_turn";
}
