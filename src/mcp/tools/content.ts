/**
 * An MCP CallToolResult turned into what the Messages API accepts in a
 * tool_result: text and base64 images within the API's image limits and
 * MAX_MCP_OUTPUT_TOKENS. Everything else becomes a short text note, so the
 * model always learns that something came back.
 */
import type { CallToolResult } from "@modelcontextprotocol/client";
import type { ImageBlock, TextBlock } from "../../model/messages.ts";
import type { ToolResult } from "../../tools/tool.ts";
import { MAX_LINE_CHARS as READ_MAX_LINE_CHARS } from "../../tools/read.ts";
import type { SavedOutput } from "./output-files.ts";
import type { Env } from "../../env.ts";

/** MAX_MCP_OUTPUT_TOKENS when unset (Claude Code's default). */
const DEFAULT_MAX_OUTPUT_TOKENS = 25_000;
/** The rough characters-per-token used to turn the token cap into characters. */
const CHARS_PER_TOKEN = 4;
/**
 * What one image costs against MAX_MCP_OUTPUT_TOKENS: the API scales a large image
 * down to about 1.15 megapixels, which it bills at about 1,600 tokens.
 */
const IMAGE_TOKENS = 1600;
const IMAGE_CHARS = IMAGE_TOKENS * CHARS_PER_TOKEN;
/** The API refuses an image whose base64 data is over 5 MB. */
const MAX_IMAGE_BASE64_CHARS = 5 * 1024 * 1024;
/** The API refuses a request with too many images; one tool result gets at most this many. */
const MAX_IMAGES_PER_RESULT = 20;

type Block = TextBlock | ImageBlock;
type McpContent = CallToolResult["content"][number];

/** The image media types the Messages API accepts. */
const API_IMAGE_TYPES: ReadonlySet<string> = new Set(["image/jpeg", "image/png", "image/gif", "image/webp"]);

const text = (value: string): TextBlock => ({ type: "text", text: value });

/** Decoded size of a base64 string, without decoding it. */
function base64Bytes(data: string): number {
  const padding = data.endsWith("==") ? 2 : data.endsWith("=") ? 1 : 0;
  return Math.max(0, Math.floor((data.length * 3) / 4) - padding);
}

/** One MCP content block as an Anthropic block (or a note saying what it was). */
function convertBlock(block: McpContent): Block {
  switch (block.type) {
    case "text":
      return text(block.text);
    case "image": {
      // The API refuses any other type, and the refused block would stay in the conversation, failing every later request.
      const mediaType = block.mimeType.toLowerCase();
      if (!API_IMAGE_TYPES.has(mediaType)) {
        return text(
          `[Image (${block.mimeType}, ${base64Bytes(block.data)} bytes) omitted: the model takes only JPEG, PNG, GIF and WebP images.]`,
        );
      }
      if (block.data.length > MAX_IMAGE_BASE64_CHARS) {
        return text(
          `[Image (${block.mimeType}, ${base64Bytes(block.data)} bytes) omitted: the model takes images of at most 5 MB (base64).]`,
        );
      }
      return { type: "image", source: { type: "base64", media_type: mediaType, data: block.data } };
    }
    case "audio":
      return text(
        `[Audio (${block.mimeType}, ${base64Bytes(block.data)} bytes) omitted: the model cannot receive audio.]`,
      );
    case "resource": {
      const { resource } = block;
      if ("text" in resource) return text(resource.text);
      const kind = resource.mimeType ?? "binary";
      return text(
        `[Resource ${resource.uri} (${kind}, ${base64Bytes(resource.blob)} bytes): binary content not shown.]`,
      );
    }
    case "resource_link":
      return text(`Resource link: ${block.name} <${block.uri}>`);
    default:
      return text(`[Unsupported MCP content type: ${String((block as { type?: unknown }).type)}]`);
  }
}

/** What a block costs against the output cap, in characters. */
const cost = (block: Block) => (block.type === "text" ? block.text.length : IMAGE_CHARS);

/** What fitting blocks into the cap kept and left out. */
interface Fitted {
  out: Block[];
  textTotal: number;
  textShown: number;
  /** Images past MAX_IMAGES_PER_RESULT, and past the budget. */
  pastCount: number;
  pastBudget: number;
}

function fitBlocks(blocks: readonly Block[], maxChars: number): Fitted {
  const out: Block[] = [];
  let left = maxChars;
  let textTotal = 0;
  let textShown = 0;
  let imagesSeen = 0;
  let pastCount = 0;
  let pastBudget = 0;
  for (const block of blocks) {
    if (block.type === "image") {
      imagesSeen++;
      if (imagesSeen > MAX_IMAGES_PER_RESULT) pastCount++;
      else if (IMAGE_CHARS > left) pastBudget++;
      else {
        out.push(block);
        left -= IMAGE_CHARS;
      }
      continue;
    }
    textTotal += block.text.length;
    const shown = Math.min(left, block.text.length);
    if (shown > 0) out.push(text(block.text.slice(0, shown)));
    textShown += shown;
    left -= shown;
  }
  return { out, textTotal, textShown, pastCount, pastBudget };
}

/** True when the blocks are within the cap as they are: nothing cut, nothing left out, no note. */
export function fitsCap(blocks: readonly Block[], maxChars: number): boolean {
  let chars = 0;
  let images = 0;
  for (const block of blocks) {
    if (block.type === "image") images++;
    chars += cost(block);
  }
  return chars <= maxChars && images <= MAX_IMAGES_PER_RESULT;
}

/** True when the cap cuts some of the blocks' text (the whole text is then worth saving). */
export function cutsText(blocks: readonly Block[], maxChars: number): boolean {
  const fitted = fitBlocks(blocks, maxChars);
  return fitted.textShown < fitted.textTotal;
}

/** All the text of the blocks, as saved to a file when the cap cuts it. */
export function allText(blocks: readonly Block[]): string {
  return blocks.flatMap((block) => (block.type === "text" ? [block.text] : [])).join("\n");
}

/**
 * Keeps blocks, in order, within `maxChars` (an image counts as IMAGE_TOKENS) and
 * at most MAX_IMAGES_PER_RESULT images; text is cut, images left out, and a note
 * says what was dropped, and where the whole text was saved when it was.
 */
export function capOutput(blocks: readonly Block[], maxChars: number, saved?: SavedOutput): Block[] {
  if (fitsCap(blocks, maxChars)) return [...blocks];
  const { out, textTotal, textShown, pastCount, pastBudget } = fitBlocks(blocks, maxChars);
  if (textShown < textTotal) {
    const tokens = Math.ceil(textTotal / CHARS_PER_TOKEN);
    const head = `[Output truncated: the tool returned ${textTotal} characters (about ${tokens} tokens); only the first ${textShown} are shown.`;
    out.push(
      text(
        saved
          ? `${head} ${savedNote(saved)}]`
          : `${head} Ask the tool for less (filters, pagination) if you need the rest.]`,
      ),
    );
  }
  const reasons = [
    pastCount > 0 ? `${pastCount} past the ${MAX_IMAGES_PER_RESULT} images one result may carry` : "",
    pastBudget > 0 ? `${pastBudget} past MAX_MCP_OUTPUT_TOKENS (an image counts as about ${IMAGE_TOKENS} tokens)` : "",
  ].filter(Boolean);
  if (reasons.length > 0) {
    const omitted = pastCount + pastBudget;
    out.push(
      text(
        `[${omitted} image${omitted === 1 ? "" : "s"} omitted: ${reasons.join("; ")}. Ask the tool for fewer or smaller images.]`,
      ),
    );
  }
  return out;
}

/** Where the whole text is and how to read it in slices. */
function savedNote(saved: SavedOutput): string {
  const longLines =
    saved.longestLine > READ_MAX_LINE_CHARS
      ? ` Read cuts lines at ${READ_MAX_LINE_CHARS} characters and its longest line has ${saved.longestLine}: use Grep on the file for those.`
      : "";
  return (
    `The whole output is saved in ${saved.path} (${saved.chars} characters, ${saved.lines} line${saved.lines === 1 ? "" : "s"}). ` +
    `Read it in slices with the Read tool: file_path "${saved.path}", offset (the 1-based line to start at) and limit (how many lines), ` +
    `for example offset 1 and limit 200.${longLines}`
  );
}

/** The whole result: content blocks (or structuredContent as JSON), capped, isError passed through. */
export function convertToolResult(result: CallToolResult, maxChars: number, saved?: SavedOutput): ToolResult {
  return { content: capOutput(resultBlocks(result), maxChars, saved), isError: result.isError === true };
}

/** The result's content as Anthropic blocks, before the cap. */
export function resultBlocks(result: CallToolResult): Block[] {
  const content = result.content ?? [];
  const converted =
    content.length === 0 && result.structuredContent !== undefined
      ? [text(JSON.stringify(result.structuredContent))]
      : content.map(convertBlock);
  // The API rejects empty text blocks; an empty result still needs one block.
  const blocks = converted.every(isShown) ? converted : converted.filter(isShown);
  return blocks.length > 0 ? blocks : [text("(no content)")];
}

const isShown = (block: Block) => block.type !== "text" || block.text !== "";

/** MAX_MCP_OUTPUT_TOKENS from the environment, as a character budget. */
export function maxOutputChars(env: Env): number {
  const tokens = Number(env.MAX_MCP_OUTPUT_TOKENS);
  const valid = Number.isFinite(tokens) && tokens > 0 ? Math.floor(tokens) : DEFAULT_MAX_OUTPUT_TOKENS;
  return valid * CHARS_PER_TOKEN;
}
