/**
 * The images a whole request may carry. The Messages API refuses a request
 * with more than 100 images or larger than 32 MB, and each tool result is
 * already capped on its own (src/mcp/content.ts), but many results add up
 * over a session. Past the budget the oldest images become short notes, so
 * the newest (what the model is looking at now) stay and the session goes on.
 * Dropping rewrites earlier messages, which costs the prompt cache from there
 * on; so once over, it drops down to a share of the budget, and the next
 * images fit without rewriting anything again.
 */
import type { ImageBlock, Message, TextBlock, ToolResultBlock, UserBlock } from "../model/messages.ts";

export interface ImageBudget {
  readonly maxImages: number;
  /** Base64 characters of all images together. */
  readonly maxBase64Chars: number;
  /** Once over the budget, drop down to this share of it (default 1: just within). */
  readonly keepShare?: number;
}

/** Below the API's 100 images and 32 MB a request, leaving room for the text; a drop makes room for a quarter more. */
export const REQUEST_IMAGE_BUDGET: ImageBudget = { maxImages: 100, maxBase64Chars: 24 * 1024 * 1024, keepShare: 0.75 };

type Located = { message: number; block: number; inner?: number; chars: number };

/** `messages` with the oldest images replaced by notes until the rest fit `budget`; the same array when they already do. */
export function withinImageBudget(
  messages: readonly Message[],
  budget: ImageBudget = REQUEST_IMAGE_BUDGET,
): readonly Message[] {
  const images = locateImages(messages);
  let count = images.length;
  let chars = images.reduce((sum, image) => sum + image.chars, 0);
  if (count <= budget.maxImages && chars <= budget.maxBase64Chars) return messages;
  const share = budget.keepShare ?? 1;
  const keepImages = Math.floor(budget.maxImages * share);
  const keepChars = budget.maxBase64Chars * share;
  const dropped = new Set<string>();
  for (const image of images) {
    if (count <= keepImages && chars <= keepChars) break;
    dropped.add(key(image));
    count--;
    chars -= image.chars;
  }
  return messages.map((message, m) => {
    if (message.role !== "user" || typeof message.content === "string") return message;
    const content = message.content.map((block, b): UserBlock => {
      if (block.type === "image") return dropped.has(key({ message: m, block: b })) ? note(block) : block;
      if (block.type !== "tool_result" || typeof block.content === "string") return block;
      const inner = block.content.map((part, i) =>
        part.type === "image" && dropped.has(key({ message: m, block: b, inner: i })) ? note(part) : part,
      );
      return { ...block, content: inner } satisfies ToolResultBlock;
    });
    return { ...message, content };
  });
}

/** Every image in the user messages, oldest first. */
function locateImages(messages: readonly Message[]): Located[] {
  const found: Located[] = [];
  messages.forEach((message, m) => {
    if (message.role !== "user" || typeof message.content === "string") return;
    message.content.forEach((block, b) => {
      if (block.type === "image") found.push({ message: m, block: b, chars: block.source.data.length });
      if (block.type === "tool_result" && typeof block.content !== "string") {
        block.content.forEach((part, i) => {
          if (part.type === "image") found.push({ message: m, block: b, inner: i, chars: part.source.data.length });
        });
      }
    });
  });
  return found;
}

function key(at: { message: number; block: number; inner?: number }): string {
  return `${at.message}.${at.block}.${at.inner ?? -1}`;
}

function note(image: ImageBlock): TextBlock {
  return {
    type: "text",
    text: `[Earlier image (${image.source.media_type}) dropped: a request carries at most ${REQUEST_IMAGE_BUDGET.maxImages} images and ${REQUEST_IMAGE_BUDGET.maxBase64Chars / 1024 / 1024} MB of them.]`,
  };
}
