/**
 * Compaction: the conversation is replaced by a summary the session's own
 * model writes, so a session never dies of its own length. The summary
 * request is the next request with one more user block (same system, same
 * tools: the cached prefix is reused); the "brief" form, for when even that is
 * too long, sends the conversation as plain text instead, its middle left out
 * when it does not fit: the first request and the turn's prompt are kept whole.
 * The turn's prompt then follows the summary as the user wrote it.
 */
import type { Message, PromptContent, TextBlock, UserBlock } from "../model/messages.ts";
import type { ModelRequest } from "../model/model.ts";
import { visibleToolSpecs } from "../model/deferred-tools.ts";

/** The default share of the context window past which a request is compacted first. */
export const DEFAULT_AUTOCOMPACT_PCT = 90;

/** Opens the message the conversation continues from. */
export const SUMMARY_PREFIX =
  "This session is being continued from an earlier conversation that was compacted to save context. Its summary:\n\n";

const SECTIONS = [
  "1. The task: what the user asked for, in their words, and what done looks like.",
  "2. Decisions made and why, and constraints the user set.",
  "3. Files read, created or changed, with what matters about each (paths, functions, exact names).",
  "4. Errors met and how they were solved; problems still open.",
  "5. Where the work stands and the next step.",
  "6. The user's last request, quoted verbatim.",
].join("\n");

/** What the model is asked to write; `focus` is what the user said to keep (`/compact focus`). */
export function compactionInstruction(focus: string | undefined, brief: boolean): string {
  const keep = focus?.trim() ? `\n\nThe user asked that the summary keep in particular: ${focus.trim()}` : "";
  const size = brief ? " Keep it short: at most 300 words." : "";
  return (
    "Stop here and do not call any tool. Write a summary of the conversation so far that lets the work go on " +
    `from the summary alone, under these headings:\n${SECTIONS}${size}${keep}\n\nReply with the summary only.`
  );
}

/** The first compaction's request: the conversation as it is, plus the instruction. */
export function summaryRequest(base: ModelRequest, instruction: string): ModelRequest {
  return { ...base, messages: withUserText(base.messages, instruction), purpose: "compaction" };
}

/** Marks where the brief form leaves part of a text out. */
export const LEFT_OUT = "[… part of the conversation left out …]";

/**
 * The smaller form: the conversation as plain text in one user message
 * (always a valid request, whatever it held), at most about `maxChars`
 * characters. What does not fit is left out of the middle: the first message
 * (the task, in the user's words) and `prompt` (the turn's own request, which
 * follows the summary as written) are kept, each within a quarter of the room,
 * and the conversation's end fills the rest.
 */
export function briefSummaryRequest(
  base: ModelRequest,
  instruction: string,
  maxChars: number,
  prompt?: PromptContent,
): ModelRequest {
  const parts = base.messages.map((message) => messageText(message));
  const whole = parts.join("\n\n");
  let kept = whole;
  const request = prompt === undefined ? "" : headOf(promptText(prompt), Math.floor(maxChars / 4));
  if (whole.length + request.length > maxChars) {
    const first = headOf(parts[0] ?? "", Math.floor(maxChars / 4));
    const rest = parts.slice(1).join("\n\n");
    const room = Math.max(0, maxChars - first.length - request.length);
    kept = `${first}\n\n${LEFT_OUT}\n\n${rest.slice(Math.max(0, rest.length - room))}`;
  }
  const current =
    request === ""
      ? ""
      : `The request being worked on, which follows the summary as the user wrote it:\n\n<request>\n${request}\n</request>\n\n`;
  const content = `Here is the conversation so far, as text:\n\n<conversation>\n${kept}\n</conversation>\n\n${current}${instruction}`;
  return { ...base, messages: [{ role: "user", content: [{ type: "text", text: content }] }], purpose: "compaction" };
}

/** The conversation after compaction: one user message holding the summary, then the turn's prompt as written (when kept). */
export function summaryMessages(summary: string, prompt?: PromptContent): Message[] {
  const kept: UserBlock[] =
    prompt === undefined ? [] : typeof prompt === "string" ? [{ type: "text", text: prompt }] : [...prompt];
  return [{ role: "user", content: [{ type: "text", text: `${SUMMARY_PREFIX}${summary.trim()}` }, ...kept] }];
}

/** About four characters a token, on what the request sends (deferred tools not yet loaded are not sent). */
export function estimateTokens(request: Pick<ModelRequest, "system" | "tools" | "messages">): number {
  const chars =
    request.system.reduce((n, s) => n + s.text.length, 0) +
    JSON.stringify(visibleToolSpecs(request)).length +
    JSON.stringify(request.messages).length;
  return Math.ceil(chars / 4);
}

/** The auto-compact threshold in tokens for a window; undefined when off (`MINI_CC_AUTOCOMPACT_PCT=0`). */
export function autoCompactThreshold(pct: number, windowTokens: number): number | undefined {
  if (pct <= 0) return undefined;
  return Math.floor((windowTokens * Math.min(pct, 100)) / 100);
}

/** MINI_CC_AUTOCOMPACT_PCT: a number from 0 (off) to 100; anything else is an error naming the variable. */
export function autoCompactPct(value: string | undefined): number | { problem: string } {
  if (value === undefined || value.trim() === "") return DEFAULT_AUTOCOMPACT_PCT;
  const pct = Number(value);
  if (!Number.isFinite(pct) || pct < 0 || pct > 100) {
    return {
      problem: `MINI_CC_AUTOCOMPACT_PCT=${value} is not a percentage from 0 (off) to 100; using ${DEFAULT_AUTOCOMPACT_PCT}`,
    };
  }
  return pct;
}

/** The API's answer when the request does not fit the window. */
export function isPromptTooLong(message: string): boolean {
  return /prompt is too long|context.{0,20}(window|length).{0,20}exceed|too many tokens/i.test(message);
}

function withUserText(messages: readonly Message[], text: string): Message[] {
  const block: TextBlock = { type: "text", text };
  const last = messages.at(-1);
  if (last?.role !== "user") return [...messages, { role: "user", content: [block] }];
  const before: UserBlock[] = typeof last.content === "string" ? [{ type: "text", text: last.content }] : last.content;
  return [...messages.slice(0, -1), { role: "user", content: [...before, block] }];
}

/** `text`'s first `max` characters, marked when cut. */
function headOf(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}\n${LEFT_OUT}`;
}

function promptText(prompt: PromptContent): string {
  if (typeof prompt === "string") return prompt;
  return prompt.map((block) => (block.type === "text" ? block.text : "[image]")).join("\n\n");
}

/** One message as text, a paragraph per block. */
function messageText(message: Message): string {
  const who = message.role === "user" ? "User" : "Assistant";
  if (typeof message.content === "string") return `${who}: ${message.content}`;
  const parts: string[] = [];
  for (const block of message.content) {
    if (block.type === "text") parts.push(`${who}: ${block.text}`);
    else if (block.type === "tool_use") parts.push(`${who} called ${block.name} ${JSON.stringify(block.input)}`);
    else if (block.type === "tool_result") {
      const text =
        typeof block.content === "string"
          ? block.content
          : block.content.map((b) => (b.type === "text" ? b.text : `[${b.type}]`)).join("\n");
      parts.push(`Tool result${block.is_error ? " (error)" : ""}: ${text}`);
    } else if (block.type === "image") parts.push(`${who}: [image]`);
  }
  return parts.join("\n\n");
}
