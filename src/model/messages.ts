/**
 * Conversation types in the Anthropic Messages API's shapes. The loop, the
 * models and the tools all speak these, so no layer translates between them.
 */
export interface TextBlock {
  type: "text";
  text: string;
}

export interface ImageBlock {
  type: "image";
  source: { type: "base64"; media_type: string; data: string };
}

/**
 * In a tool_result: loads a deferred tool (one sent with defer_loading) into
 * the model's context from here on. ToolSearch returns these.
 */
export interface ToolReferenceBlock {
  type: "tool_reference";
  tool_name: string;
}

export interface ToolUseBlock {
  type: "tool_use";
  id: string;
  name: string;
  input: Record<string, unknown>;
}

export interface ToolResultBlock {
  type: "tool_result";
  tool_use_id: string;
  content: ToolContent;
  is_error?: boolean;
}

/** What a tool may return: plain text, or text and image blocks (ToolSearch: tool references). */
export type ToolContent = string | Array<TextBlock | ImageBlock | ToolReferenceBlock>;

/**
 * Extended thinking (--thinking): the model's reasoning, signed by the API.
 * Sent back byte for byte in later requests: the API checks the signature,
 * and refuses a tool loop whose assistant turn lost its thinking.
 */
export interface ThinkingBlock {
  type: "thinking";
  thinking: string;
  signature: string;
}

/** Thinking the API encrypted: never shown, sent back unchanged. */
export interface RedactedThinkingBlock {
  type: "redacted_thinking";
  data: string;
}

export type AssistantBlock = TextBlock | ToolUseBlock | ThinkingBlock | RedactedThinkingBlock;
export type UserBlock = TextBlock | ImageBlock | ToolResultBlock;

/** What the user sent as one turn: text, or blocks (a server prompt, attached files and resources). */
export type PromptContent = string | readonly (TextBlock | ImageBlock)[];

export interface AssistantMessage {
  role: "assistant";
  content: AssistantBlock[];
}

export interface UserMessage {
  role: "user";
  content: string | UserBlock[];
}

export type Message = AssistantMessage | UserMessage;

export type StopReason = "end_turn" | "tool_use" | "max_tokens" | "stop_sequence" | "refusal" | "pause_turn";

export interface Usage {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens?: number;
  cache_read_input_tokens?: number;
}

/** Text or an image: what a user turn may hold of a tool-style result (a tool_reference answers only ToolSearch). */
export function isUserContent(block: TextBlock | ImageBlock | ToolReferenceBlock): block is TextBlock | ImageBlock {
  return block.type !== "tool_reference";
}
