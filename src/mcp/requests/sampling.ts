/**
 * A server's `sampling/createMessage` run through the session's Model: its
 * messages become Messages API messages, its system prompt the one system
 * section, no tools. `modelPreferences` is only a hint (shown, not obeyed):
 * the session has one model. The reply's text is what goes back.
 */
import type {
  CreateMessageRequestParams,
  CreateMessageResult,
  SamplingMessageContentBlock as Block,
} from "@modelcontextprotocol/client";
import type { Message, TextBlock, ImageBlock } from "../../model/messages.ts";
import type { Model } from "../../model/model.ts";
import { MiniCcError } from "../../errors.ts";

/** What the approval modal shows of a request: every message as text. */
export interface SamplingView {
  readonly systemPrompt: string;
  readonly messages: readonly { role: "user" | "assistant"; text: string }[];
  readonly maxTokens: number;
  /** The server's model hints and priorities in one line ("" when none). */
  readonly preferences: string;
}

/** The reply as the modal shows it before it is returned. */
export interface SamplingReply {
  readonly text: string;
  readonly model: string;
  readonly stopReason: "endTurn" | "maxTokens" | "stopSequence";
}

type Content = CreateMessageRequestParams["messages"][number]["content"];

const blocksOf = (content: Content): readonly Block[] => (Array.isArray(content) ? content : [content]);

/** A block the Messages API cannot take from a server shown as a note, so nothing is silently dropped. */
function blockText(block: Block): string {
  switch (block.type) {
    case "text":
      return block.text;
    case "image":
      return `[image ${block.mimeType}]`;
    case "audio":
      return `[audio ${block.mimeType}]`;
    default:
      return `[${block.type}]`;
  }
}

export function samplingView(params: CreateMessageRequestParams): SamplingView {
  const prefs = params.modelPreferences;
  const hints = (prefs?.hints ?? []).map((h) => h.name).filter((n): n is string => typeof n === "string");
  const priorities = (["cost", "speed", "intelligence"] as const)
    .filter((k) => typeof prefs?.[`${k}Priority`] === "number")
    .map((k) => `${k} ${prefs?.[`${k}Priority`]}`);
  return {
    systemPrompt: params.systemPrompt ?? "",
    messages: params.messages.map((m) => ({ role: m.role, text: blocksOf(m.content).map(blockText).join("\n") })),
    maxTokens: params.maxTokens,
    preferences: [...(hints.length ? [`hints: ${hints.join(", ")}`] : []), ...priorities].join(" · "),
  };
}

function toMessage(message: CreateMessageRequestParams["messages"][number]): Message {
  if (message.role === "assistant") {
    return {
      role: "assistant",
      content: [{ type: "text", text: blocksOf(message.content).map(blockText).join("\n") }],
    };
  }
  const content: Array<TextBlock | ImageBlock> = blocksOf(message.content).map((block) =>
    block.type === "image"
      ? { type: "image", source: { type: "base64", media_type: block.mimeType, data: block.data } }
      : { type: "text", text: blockText(block) },
  );
  return { role: "user", content };
}

/** Asks the model once; the reply's text blocks joined. Throws a MiniCcError when the model fails. */
export async function runSampling(
  model: Model,
  params: CreateMessageRequestParams,
  signal: AbortSignal,
): Promise<SamplingReply> {
  const system = params.systemPrompt ? [{ id: "sampling", text: params.systemPrompt }] : [];
  for await (const event of model.stream(
    { system, messages: params.messages.map(toMessage), tools: [], maxTokens: params.maxTokens },
    signal,
  )) {
    if (event.type !== "message") continue;
    const text = event.message.content.flatMap((b) => (b.type === "text" ? [b.text] : [])).join("");
    const stopReason =
      event.stopReason === "max_tokens"
        ? "maxTokens"
        : event.stopReason === "stop_sequence"
          ? "stopSequence"
          : "endTurn";
    return { text, model: model.name, stopReason };
  }
  throw new MiniCcError("incomplete-response", "the model ended without a message");
}

/** The reply in the protocol's shape. */
export function samplingResult(reply: SamplingReply): CreateMessageResult {
  return {
    role: "assistant",
    content: { type: "text", text: reply.text },
    model: reply.model,
    stopReason: reply.stopReason,
  };
}
