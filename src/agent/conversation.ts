/**
 * The session's messages, kept valid for the next request whatever happened:
 * roles alternate (a prompt after an error or abort joins the pending user
 * message), every tool_use is answered by a tool_result, and the images
 * together stay within what one request may carry (image-budget.ts).
 */
import type {
  AssistantMessage,
  ImageBlock,
  Message,
  PromptContent,
  TextBlock,
  ToolResultBlock,
  Usage,
  UserBlock,
} from "../model/messages.ts";
import type { FileExcerpt } from "../tools/file-excerpt.ts";
import { withinImageBudget } from "./image-budget.ts";
import { summaryMessages } from "./compaction.ts";

/**
 * One change to the conversation, as the agent reports it (the saved session
 * is these, one a line): replaying them through `replay` gives the same messages.
 */
export type ConversationEntry =
  | { type: "prompt"; content: PromptContent }
  /** `usage` is what the API reported for the whole request; absent for a reply it never finished (and in lines other writers left). */
  | { type: "assistant"; message: AssistantMessage; usage?: Usage; model: string }
  /** `changes`: per call id, the part of the file an Edit or Write changed (not sent: the resumed transcript's diff). */
  | { type: "tool_results"; content: readonly ToolResultBlock[]; changes?: Readonly<Record<string, FileExcerpt>> }
  /** A line for the model on the user side: the user interrupted, or "go on" after max_tokens (agent/stop-reasons.ts). */
  | { type: "note"; text: string }
  /** The model refused the turn: the conversation goes back to before its prompt. */
  | { type: "refused" }
  /**
   * The conversation was replaced by a summary (compaction.ts); `keptPrompt`:
   * the turn's prompt (the last `prompt` line before this one) follows it as written.
   */
  | {
      type: "compaction";
      summary: string;
      trigger: "manual" | "auto";
      tokensBefore: number;
      tokensAfter: number;
      keptPrompt?: true;
    }
  | { type: "clear" }
  /**
   * A tool call became a task on its MCP server (the Tasks extension), or (`ended`) the task's
   * following ended: one never ended says on resume it was still running there (unfinished-tasks.ts).
   * No change to the messages.
   */
  | { type: "task"; toolUseId: string; server: string; taskId: string; ended?: true }
  /**
   * A piece of a reply's text as it streams in (streamed-reply.ts): no change
   * to the messages, superseded by the line after it; left last, a reply
   * mini-cc was killed while receiving. `restart`: the request was retried (what
   * came before is void); `end`: it failed.
   */
  | { type: "partial"; text: string; restart?: true; end?: true }
  /**
   * A change to a subagent's own conversation, run by the Agent call `parentId`: saved beside, never replayed
   * into this one. (Not `subagent`: saved-sessions.ts tells entry lines from the header by their first letter.)
   */
  | { type: "agent_entry"; parentId: string; agent: string; entry: ConversationEntry };

/** An append-only list of immutable messages. */
export class Conversation {
  #stored: readonly Message[] = [];
  /** A saved conversation not replayed yet (replayOnFirstUse). */
  #pending: (() => void) | undefined;

  /** Every read settles a pending replay first; a write replaces whatever was pending. */
  get #messages(): readonly Message[] {
    this.#settle();
    return this.#stored;
  }

  set #messages(next: readonly Message[]) {
    this.#pending = undefined;
    this.#stored = next;
  }

  /** The messages so far; a new array after each change, never mutated. */
  get messages(): readonly Message[] {
    return this.#messages;
  }

  /** Adds the user's prompt (text, or blocks), joining a user message that is still waiting for its answer. */
  addPrompt(prompt: PromptContent): void {
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
      this.#messages = [
        ...this.#messages.slice(0, -1),
        { role: "assistant", content: [...last.content, ...message.content] },
      ];
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

  /** Continues from a summary of everything so far (compaction), then the turn's `prompt` as written when one is kept. */
  replaceWithSummary(summary: string, prompt?: PromptContent): void {
    this.#messages = summaryMessages(summary, prompt);
    // The kept prompt may bring images.
    if (prompt !== undefined && typeof prompt !== "string") this.#messages = withinImageBudget(this.#messages);
  }

  /**
   * Replays `entries()` the first time the messages are read, then runs
   * `then`: a resumed session's first frame does not wait for its 500 turns.
   */
  replayOnFirstUse(entries: () => readonly ConversationEntry[], then?: () => void): void {
    this.#settle();
    this.#pending = () => {
      this.replay(entries());
      then?.();
    };
  }

  #settle(): void {
    const pending = this.#pending;
    this.#pending = undefined;
    pending?.();
  }

  /** Applies recorded changes in order (a resumed session). */
  replay(entries: readonly ConversationEntry[]): void {
    if (!entries.some((entry) => holdsImage(entry) || entry.type === "refused")) {
      this.#messages = replayedWithoutImages(this.#messages, entries);
      return;
    }
    let beforePrompt = this.#messages;
    let prompt: PromptContent | undefined;
    for (const entry of entries) {
      if (entry.type === "prompt") {
        beforePrompt = this.#messages;
        prompt = entry.content;
        this.addPrompt(entry.content);
      } else if (entry.type === "note") this.addUserText(entry.text);
      else if (entry.type === "refused") this.rewind(beforePrompt);
      else if (entry.type === "assistant") this.addAssistant(entry.message);
      else if (entry.type === "tool_results") this.addToolResults(entry.content);
      else if (entry.type === "compaction")
        this.replaceWithSummary(entry.summary, entry.keptPrompt ? prompt : undefined);
      else if (entry.type === "clear") this.clear();
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
  if (entry.type === "prompt")
    return typeof entry.content !== "string" && entry.content.some((b) => b.type === "image");
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
  let prompt: PromptContent | undefined;
  for (const entry of entries) {
    if (entry.type === "prompt") {
      prompt = entry.content;
      addUser(typeof entry.content === "string" ? [textBlock(entry.content)] : entry.content);
    } else if (entry.type === "note") addUser([textBlock(entry.text)]);
    else if (entry.type === "refused" || entry.type === "partial")
      continue; // refused: never here, replay takes the other path
    else if (entry.type === "assistant") {
      const last = messages.at(-1);
      // A reply continuing a paused one (pause_turn) joins it, as addAssistant does.
      if (entry.message.content.length > 0 && last?.role === "assistant")
        messages[messages.length - 1] = { role: "assistant", content: [...last.content, ...entry.message.content] };
      else if (entry.message.content.length > 0) messages.push(entry.message);
    } else if (entry.type === "tool_results") {
      if (entry.content.length > 0) addUser(entry.content);
    } else if (entry.type === "compaction")
      messages.splice(0, messages.length, ...summaryMessages(entry.summary, entry.keptPrompt ? prompt : undefined));
    else if (entry.type === "clear") messages.length = 0;
  }
  return messages;
}

function textBlock(text: string): TextBlock {
  return { type: "text", text };
}
