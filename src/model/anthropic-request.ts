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
  ToolReferenceBlockParam,
  UserMessageParam,
} from "@anthropic-ai/sdk/resources/messages";
import type { Message, ToolContent, UserBlock } from "./messages.ts";
import type { SystemSection, ToolSpec } from "./model.ts";

export interface MessagesRequestInput {
  model: string;
  maxTokens: number;
  /** Extended thinking's budget, below maxTokens; no thinking when absent. */
  thinkingBudgetTokens?: number;
  system: SystemSection[];
  tools: ToolSpec[];
  messages: Message[];
}

/**
 * The streaming request body. Cache breakpoints (the API allows 4): the last
 * tool and the last system block, so the stable prefix tools + system is
 * reused across turns; the last user message's last block, so each round of
 * a tool loop reads the conversation so far from cache; and the user message
 * before it, where the previous request put its breakpoint. The API looks
 * back only about 20 blocks from a breakpoint for a cached prefix, so one
 * round of many parallel tool calls would otherwise move the conversation's
 * breakpoint out of reach of everything cached before it.
 */
export function buildMessagesRequest(input: MessagesRequestInput): MessageCreateParamsStreaming {
  const system = withLastMarked(
    input.system
      .filter((section) => section.text.trim() !== "")
      .map((s): TextBlockParam => ({ type: "text", text: s.text })),
  );
  const tools = withToolsBreakpoint(input.tools.map(toToolParam));
  const deferred = new Set(input.tools.filter((tool) => tool.defer_loading).map((tool) => tool.name));
  const messages = input.messages.map((message) => toMessageParam(message, deferred));
  const lastUser = findLastIndex(messages, (m) => m.role === "user");
  if (lastUser >= 0) messages[lastUser] = markLastBlock(messages[lastUser] as UserMessageParam);
  const previousUser = findLastIndex(messages.slice(0, Math.max(0, lastUser)), (m) => m.role === "user");
  // The fourth: tools, system and the last user message hold the other three.
  if (previousUser >= 0) messages[previousUser] = markLastBlock(messages[previousUser] as UserMessageParam);

  return {
    model: input.model,
    max_tokens: input.maxTokens,
    ...(input.thinkingBudgetTokens !== undefined
      ? { thinking: { type: "enabled", budget_tokens: input.thinkingBudgetTokens } }
      : {}),
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
    ...(spec.defer_loading ? { defer_loading: true } : {}),
  };
}

/**
 * The tools' breakpoint goes on the last tool loaded up front: deferred tools
 * are not part of the prompt, so loading one later (a tool_reference in the
 * conversation) leaves everything before this breakpoint as it was.
 */
function withToolsBreakpoint(tools: Tool[]): Tool[] {
  const last = findLastIndex(tools, (tool) => tool.defer_loading !== true);
  if (last < 0) return tools;
  return tools.map((tool, i) => (i === last ? { ...tool, cache_control: { type: "ephemeral" } } : tool));
}

function toMessageParam(message: Message, deferred: ReadonlySet<string>): MessageParam {
  if (message.role === "assistant") {
    return {
      role: "assistant",
      // biome-ignore lint/suspicious/useIterableCallbackReturn: the switch is exhaustive over the block types; tsc checks it.
      content: message.content.map((block): ContentBlockParam => {
        switch (block.type) {
          case "text":
            return { type: "text", text: block.text };
          case "tool_use":
            return { type: "tool_use", id: block.id, name: block.name, input: block.input };
          // Unchanged, signature and all: the API verifies them.
          case "thinking":
            return { type: "thinking", thinking: block.thinking, signature: block.signature };
          case "redacted_thinking":
            return { type: "redacted_thinking", data: block.data };
        }
      }),
    };
  }
  if (typeof message.content === "string") return { role: "user", content: message.content };
  return { role: "user", content: message.content.map((block) => toUserBlockParam(block, deferred)) };
}

function toUserBlockParam(block: UserBlock, deferred: ReadonlySet<string>): ContentBlockParam {
  switch (block.type) {
    case "text":
      return { type: "text", text: block.text };
    case "image":
      return toImageParam(block);
    case "tool_result":
      return {
        type: "tool_result",
        tool_use_id: block.tool_use_id,
        content: typeof block.content === "string" ? block.content : resultContentParam(block.content, deferred),
        ...(block.is_error ? { is_error: true } : {}),
      };
  }
}

/**
 * A result's blocks. A tool_reference may only name a tool the request defers:
 * when its server has since gone, the API would refuse every later request, so
 * such a result is sent as text saying what it loaded (the cache misses once).
 */
function resultContentParam(
  content: Exclude<ToolContent, string>,
  deferred: ReadonlySet<string>,
): Array<TextBlockParam | ImageBlockParam | ToolReferenceBlockParam> {
  const unresolved = content.some((part) => part.type === "tool_reference" && !deferred.has(part.tool_name));
  if (!unresolved) return content.map(toResultPartParam);
  return content.map((part) =>
    part.type === "tool_reference"
      ? {
          type: "text",
          text: `Loaded ${part.tool_name}${deferred.has(part.tool_name) ? "" : " (no longer available)"}.`,
        }
      : toResultPartParam(part),
  );
}

function toResultPartParam(
  part: Exclude<ToolContent, string>[number],
): TextBlockParam | ImageBlockParam | ToolReferenceBlockParam {
  if (part.type === "text") return { type: "text", text: part.text };
  if (part.type === "tool_reference") return { type: "tool_reference", tool_name: part.tool_name };
  return toImageParam(part);
}

function toImageParam(
  block: Extract<UserBlock | Exclude<ToolContent, string>[number], { type: "image" }>,
): ImageBlockParam {
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
