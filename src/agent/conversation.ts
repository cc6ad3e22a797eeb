/**
 * The session's messages, kept valid for the next request whatever happened:
 * roles alternate (a prompt after an error or abort joins the pending user
 * message), every tool_use is answered by a tool_result, and the images
 * together stay within what one request may carry (image-budget.ts).
 */
import type { AssistantMessage, ImageBlock, Message, TextBlock, ToolResultBlock, UserBlock } from "../model/messages.ts";
import { withinImageBudget } from "./image-budget.ts";

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

  /**
   * Adds the model's reply; an empty one is left out because the API refuses
   * it. A reply that continues a paused one (pause_turn) joins it.
   */
  addAssistant(message: AssistantMessage): void {
    if (message.content.length === 0) return;
    const last = this.#messages.at(-1);
    if (last?.role === "assistant") {
      this.#messages = [...this.#messages.slice(0, -1), { role: "assistant", content: [...last.content, ...message.content] }];
      return;
    }
    this.#messages = [...this.#messages, message];
  }

  /** Adds a line of text to the user side: a note the model should read with the next prompt ("[Request interrupted by user]"). */
  addUserText(text: string): void {
    this.#addUserBlocks([textBlock(text)]);
  }

  /** Goes back to messages this conversation held earlier (a refused turn is not sent again). */
  rewind(to: readonly Message[]): void {
    this.#messages = to;
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

function textBlock(text: string): TextBlock {
  return { type: "text", text };
}
