/**
 * The session's messages, kept valid for the next request whatever happened:
 * roles alternate (a prompt after an error or abort joins the pending user
 * message), every tool_use is answered by a tool_result, and the images
 * together stay within what one request may carry (image-budget.ts).
 */
import type { AssistantMessage, ImageBlock, Message, TextBlock, ToolResultBlock, Usage, UserBlock } from "../model/messages.ts";
import { withinImageBudget } from "./image-budget.ts";
import { summaryMessages } from "./compaction.ts";

/**
 * One change to the conversation, as the agent reports it (the saved session
 * is these, one a line): replaying them through `replay` gives the same messages.
 */
export type ConversationEntry =
  | { type: "prompt"; content: string | readonly (TextBlock | ImageBlock)[] }
  | { type: "assistant"; message: AssistantMessage; usage: Usage; model: string }
  | { type: "tool_results"; content: readonly ToolResultBlock[] }
  /** The conversation was replaced by a summary (compaction.ts). */
  | { type: "compaction"; summary: string; trigger: "manual" | "auto"; tokensBefore: number; tokensAfter: number }
  | { type: "clear" };

/** An append-only list of immutable messages. */
export class Conversation {
  #messages: readonly Message[] = [];

  /** The messages so far; a new array after each change, never mutated. */
  get messages(): readonly Message[] {
    return this.#messages;
  }

  /** Adds the user's prompt (text, or blocks), joining a user message that is still waiting for its answer. */
  addPrompt(prompt: string | readonly (TextBlock | ImageBlock)[]): void {
    if (typeof prompt === "string") return this.#addUserBlocks([{ type: "text", text: prompt }]);
    this.#addUserBlocks(prompt);
    // A server prompt or an attached resource may bring images too.
    this.#messages = withinImageBudget(this.#messages);
  }

  /** Adds the model's reply; an empty one is left out because the API refuses it. */
  addAssistant(message: AssistantMessage): void {
    if (message.content.length === 0) return;
    this.#messages = [...this.#messages, message];
  }

  /** Adds the results of one round's tool calls, as one user message. */
  addToolResults(results: readonly ToolResultBlock[]): void {
    if (results.length === 0) return;
    this.#addUserBlocks(results);
    // Results add up over a session: the oldest images give way once the whole request would carry too many.
    this.#messages = withinImageBudget(this.#messages);
  }

  /** Forgets everything (/clear). */
  clear(): void {
    this.#messages = [];
  }

  /** Continues from a summary of everything so far (compaction). */
  replaceWithSummary(summary: string): void {
    this.#messages = summaryMessages(summary);
  }

  /** Applies recorded changes in order (a resumed session). */
  replay(entries: readonly ConversationEntry[]): void {
    if (!entries.some(holdsImage)) {
      this.#messages = replayedWithoutImages(this.#messages, entries);
      return;
    }
    for (const entry of entries) {
      if (entry.type === "prompt") this.addPrompt(entry.content);
      else if (entry.type === "assistant") this.addAssistant(entry.message);
      else if (entry.type === "tool_results") this.addToolResults(entry.content);
      else if (entry.type === "compaction") this.replaceWithSummary(entry.summary);
      else this.clear();
    }
  }

  #addUserBlocks(blocks: readonly UserBlock[]): void {
    const last = this.#messages.at(-1);
    if (last?.role !== "user") {
      this.#messages = [...this.#messages, { role: "user", content: [...blocks] }];
      return;
    }
    const before: UserBlock[] = typeof last.content === "string" ? [textBlock(last.content)] : last.content;
    this.#messages = [...this.#messages.slice(0, -1), { role: "user", content: [...before, ...blocks] }];
  }
}

function holdsImage(entry: ConversationEntry): boolean {
  if (entry.type === "prompt") return typeof entry.content !== "string" && entry.content.some((b) => b.type === "image");
  if (entry.type !== "tool_results") return false;
  return entry.content.some((r) => typeof r.content !== "string" && r.content.some((b) => b.type === "image"));
}

/**
 * The messages `entries` lead to, built in one pass: without images the image
 * budget never changes anything, so the steps above reduce to appending and
 * joining user blocks (a 500-turn session replays in a few milliseconds, not O(n²)).
 */
function replayedWithoutImages(start: readonly Message[], entries: readonly ConversationEntry[]): readonly Message[] {
  const messages: Message[] = [...start];
  const addUser = (blocks: readonly UserBlock[]): void => {
    const last = messages.at(-1);
    if (last?.role !== "user") {
      messages.push({ role: "user", content: [...blocks] });
      return;
    }
    const before: UserBlock[] = typeof last.content === "string" ? [textBlock(last.content)] : last.content;
    messages[messages.length - 1] = { role: "user", content: [...before, ...blocks] };
  };
  for (const entry of entries) {
    if (entry.type === "prompt") addUser(typeof entry.content === "string" ? [textBlock(entry.content)] : entry.content);
    else if (entry.type === "assistant") {
      if (entry.message.content.length > 0) messages.push(entry.message);
    } else if (entry.type === "tool_results") {
      if (entry.content.length > 0) addUser(entry.content);
    } else if (entry.type === "compaction") messages.splice(0, messages.length, ...summaryMessages(entry.summary));
    else messages.length = 0;
  }
  return messages;
}

function textBlock(text: string): TextBlock {
  return { type: "text", text };
}
