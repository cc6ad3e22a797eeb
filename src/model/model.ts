/**
 * The seam between the agent loop and whatever produces assistant messages:
 * the offline ScriptedModel or the Anthropic API. Both stream.
 */
import type { AssistantMessage, Message, StopReason, Usage } from "./messages.ts";

/** A tool as the model sees it. */
export interface ToolSpec {
  name: string;
  description: string;
  input_schema: Record<string, unknown>;
}

/** One titled part of the system prompt (base prompt, instruction files, date, MCP instructions). */
export interface SystemSection {
  id: string;
  text: string;
}

export interface ModelRequest {
  system: SystemSection[];
  messages: Message[];
  tools: ToolSpec[];
  /** A lower cap on the reply's tokens than the model's own (a server's sampling request); the model's when absent. */
  maxTokens?: number;
}

export type ModelEvent =
  | { type: "text_delta"; text: string }
  /** Always last: the whole assistant message. */
  | { type: "message"; message: AssistantMessage; stopReason: StopReason; usage: Usage };

export interface Model {
  /** Shown in the UI and in stream-json's init event. */
  readonly name: string;
  /** Streams one assistant message. Throws a MiniCcError on failure (the loop reports it). */
  stream(request: ModelRequest, signal: AbortSignal): AsyncIterable<ModelEvent>;
}
