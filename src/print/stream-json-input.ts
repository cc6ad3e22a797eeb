/**
 * `--input-format stream-json`: user messages as JSON lines on standard
 * input, in claude's shape — `{"type":"user","message":{"role":"user",
 * "content":"…" | [text and image blocks]}}`. Each becomes one turn; blank
 * lines are skipped; a line that is not such a message stops the run with
 * its line number.
 */
import { MiniCcError } from "../errors.ts";
import type { ImageBlock, TextBlock } from "../model/messages.ts";

export type UserInputBlock = TextBlock | ImageBlock;

/** A turn's input: text (which may be a slash command or carry @mentions) or blocks. */
export async function* userMessages(lines: AsyncIterable<string>): AsyncGenerator<string | UserInputBlock[]> {
  let n = 0;
  for await (const line of lines) {
    n += 1;
    if (line.trim() === "") continue;
    yield parseUserLine(line, n);
  }
}

export function parseUserLine(line: string, n: number): string | UserInputBlock[] {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    throw new MiniCcError("invalid-json", `standard input line ${n}: not JSON (${(error as Error).message})`);
  }
  const bad = (what: string) => new MiniCcError("invalid-shape", `standard input line ${n}: ${what}`);
  if (!isObject(value) || value["type"] !== "user") throw bad('expected {"type":"user","message":{…}}');
  const message = value["message"];
  if (!isObject(message) || (message["role"] !== undefined && message["role"] !== "user"))
    throw bad('"message" must be a user message');
  const content = message["content"];
  if (typeof content === "string") return content;
  if (!Array.isArray(content) || content.length === 0) throw bad('"message.content" must be text or a list of blocks');
  return content.map((block, i) => {
    if (isObject(block) && block["type"] === "text" && typeof block["text"] === "string")
      return { type: "text", text: block["text"] };
    const source = isObject(block) ? block["source"] : undefined;
    if (
      isObject(block) &&
      block["type"] === "image" &&
      isObject(source) &&
      typeof source["data"] === "string" &&
      typeof source["media_type"] === "string"
    ) {
      return { type: "image", source: { type: "base64", media_type: source["media_type"], data: source["data"] } };
    }
    throw bad(`"message.content[${i}]" must be a text block or a base64 image block`);
  });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
