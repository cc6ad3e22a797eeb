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
  /**
   * A deferred tool (tool search, DESIGN.md): the model does not see it until a
   * tool_reference block in a tool_result names it (deferred-tools.ts).
   */
  defer_loading?: boolean;
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
  /** "compaction": the request asks for the conversation's summary (the scripted model answers it with a `"compaction": true` response). */
  purpose?: "compaction";
}

export type ModelEvent =
  | { type: "text_delta"; text: string }
  /** Always last: the whole assistant message. */
  | { type: "message"; message: AssistantMessage; stopReason: StopReason; usage: Usage };

export interface Model {
  /** Shown in the UI and in stream-json's init event. */
  readonly name: string;
  /** The model's context window in tokens, when known: tool search's threshold is a share of it (default 200,000). */
  readonly contextWindowTokens?: number;
  /** Streams one assistant message. Throws a MiniCcError on failure (the loop reports it). */
  stream(request: ModelRequest, signal: AbortSignal): AsyncIterable<ModelEvent>;
}
