/**
 * Builds the Messages API request body from the loop's request: a pure
 * function, so what we send (and where the cache breakpoints sit) is tested
 * without a network.
 */
import type {
  ContentBlockParam,
  ImageBlockParam,
  MessageCreateParamsStreaming,
  MessageParam,
  TextBlockParam,
  Tool,
  UserMessageParam,
} from "@anthropic-ai/sdk/resources/messages";
import type { Message, UserBlock } from "./messages.ts";
import type { SystemSection, ToolSpec } from "./model.ts";

export interface MessagesRequestInput {
  model: string;
  maxTokens: number;
  system: SystemSection[];
  tools: ToolSpec[];
  messages: Message[];
}

/**
 * The streaming request body. Cache breakpoints (the API allows 4; we use at
 * most 3): the last tool and the last system block, so the stable prefix
 * tools + system is reused across turns, and the last user message's last
 * block, so each round of a tool loop reads the conversation so far from cache.
 */
export function buildMessagesRequest(input: MessagesRequestInput): MessageCreateParamsStreaming {
  const system = withLastMarked(
    input.system.filter((section) => section.text.trim() !== "").map((s): TextBlockParam => ({ type: "text", text: s.text })),
  );
  const tools = withLastMarked(input.tools.map(toToolParam));
  const messages = input.messages.map(toMessageParam);
  const lastUser = findLastIndex(messages, (m) => m.role === "user");
  if (lastUser >= 0) messages[lastUser] = markLastBlock(messages[lastUser] as UserMessageParam);

  return {
    model: input.model,
    max_tokens: input.maxTokens,
    ...(system.length > 0 ? { system } : {}),
    ...(tools.length > 0 ? { tools } : {}),
    messages,
    stream: true,
  };
}

/** A tool as the request carries it (tokens are counted on this exact shape, src/mcp/tool-tokens.ts). */
export function toToolParam(spec: ToolSpec): Tool {
  return {
    name: spec.name,
    ...(spec.description !== "" ? { description: spec.description } : {}),
    // MCP and built-in schemas are JSON Schema objects; the API checks them.
    input_schema: spec.input_schema as Tool.InputSchema,
  };
}

function toMessageParam(message: Message): MessageParam {
  if (message.role === "assistant") {
    return {
      role: "assistant",
      content: message.content.map((block) =>
        block.type === "text"
          ? { type: "text", text: block.text }
          : { type: "tool_use", id: block.id, name: block.name, input: block.input },
      ),
    };
  }
  if (typeof message.content === "string") return { role: "user", content: message.content };
  return { role: "user", content: message.content.map(toUserBlockParam) };
}

function toUserBlockParam(block: UserBlock): ContentBlockParam {
  switch (block.type) {
    case "text":
      return { type: "text", text: block.text };
    case "image":
      return toImageParam(block);
    case "tool_result":
      return {
        type: "tool_result",
        tool_use_id: block.tool_use_id,
        content:
          typeof block.content === "string"
            ? block.content
            : block.content.map((part) => (part.type === "text" ? { type: "text", text: part.text } : toImageParam(part))),
        ...(block.is_error ? { is_error: true } : {}),
      };
  }
}

function toImageParam(block: Extract<UserBlock, { type: "image" }>): ImageBlockParam {
  const source = block.source;
  return {
    type: "image",
    // MCP servers report the media type as a plain string; the API rejects unsupported ones itself.
    source: { type: "base64", media_type: source.media_type as "image/png", data: source.data },
  };
}

function withLastMarked<T extends { cache_control?: unknown }>(items: T[]): T[] {
  const last = items.at(-1);
  if (last === undefined) return items;
  return [...items.slice(0, -1), { ...last, cache_control: { type: "ephemeral" } }];
}

// The API refuses cache_control on an empty text block, so such a message gets no breakpoint.
function markLastBlock(message: UserMessageParam): UserMessageParam {
  const blocks: ContentBlockParam[] =
    typeof message.content === "string" ? [{ type: "text", text: message.content }] : [...message.content];
  const last = blocks.at(-1);
  if (last === undefined || (last.type === "text" && last.text === "")) return message;
  blocks[blocks.length - 1] = { ...last, cache_control: { type: "ephemeral" } } as ContentBlockParam;
  return { ...message, content: blocks };
}

function findLastIndex<T>(items: T[], predicate: (item: T) => boolean): number {
  for (let i = items.length - 1; i >= 0; i--) if (predicate(items[i] as T)) return i;
  return -1;
}
