/**
 * `@` mentions in a typed prompt: `@posts.ts` (a project file, or a folder's
 * listing) and `@server:uri` (an MCP resource) are read and attached after the
 * typed text, each under a line naming it. Every mention that looks meant
 * (a path, `server:…`) comes back with what became of it, so the transcript
 * shows `⎿ Attached posts.ts (168 B)` or that nothing matched, rather than
 * sending it silently; a plain `@alice` in prose is left alone.
 */
import { readdir, readFile, realpath, stat } from "node:fs/promises";
import path from "node:path";
import { PathScope } from "../tools/real-paths.ts";
import { isUserContent, type ImageBlock, type TextBlock } from "../model/messages.ts";
import { readResource, resourceServers, type ResourceSource } from "../mcp/features/resources.ts";
import type { Env } from "../env.ts";
import { sizeText } from "../text/size-text.ts";

/** Characters of a file attached at most (as one Read call returns). */
export const MAX_ATTACHED_CHARS = 100_000;
/** Entries of a folder listed at most. */
const MAX_LISTED = 200;

/** What became of one mention: attached (with its size in bytes), or why not. */
export interface MentionOutcome {
  /** As typed, without the `@`. */
  readonly mention: string;
  readonly attached: boolean;
  /** `168 B`, `folder, 3 entries`, or the reason it was not attached. */
  readonly detail: string;
}

export interface MentionContext {
  /** Where a relative mention is resolved. */
  readonly cwd: string;
  /** The folders a file is attached from: the project's, and those added to it (--add-dir, /add-dir). Default: cwd. */
  readonly folders?: PathScope;
  readonly resources: ResourceSource;
  readonly env: Env;
  readonly signal?: AbortSignal;
}

/** The prompt to send, and one outcome per mention. */
export interface MentionedPrompt {
  readonly prompt: string | Array<TextBlock | ImageBlock>;
  readonly outcomes: readonly MentionOutcome[];
}

const MENTION = /(?:^|\s)@([^\s@]+)/g;
const TRAILING_PUNCTUATION = /[.,;:!?)\]}'"`]+$/;

/** Reads every mention in `text`; never throws (what cannot be read says why). */
export async function attachPromptMentions(text: string, context: MentionContext): Promise<MentionedPrompt> {
  const servers = resourceServers(context.resources.getSnapshot());
  const blocks: Array<TextBlock | ImageBlock> = [{ type: "text", text }];
  const outcomes: MentionOutcome[] = [];
  const seen = new Set<string>();
  for (const match of text.matchAll(MENTION)) {
    const typed = match[1] as string;
    if (seen.has(typed)) continue;
    seen.add(typed);
    const outcome = await attachOne(typed, servers, context, blocks);
    if (outcome) outcomes.push(outcome);
  }
  return { prompt: blocks.length === 1 ? text : blocks, outcomes };
}

async function attachOne(
  typed: string,
  servers: readonly string[],
  context: MentionContext,
  blocks: Array<TextBlock | ImageBlock>,
): Promise<MentionOutcome | undefined> {
  const colon = typed.indexOf(":");
  if (colon > 0 && servers.includes(typed.slice(0, colon))) return attachResource(typed, colon, context, blocks);
  for (const candidate of new Set([typed, typed.replace(TRAILING_PUNCTUATION, "")])) {
    if (candidate === "") continue;
    const file = await attachFile(candidate, context.cwd, context.folders ?? new PathScope([context.cwd]), blocks);
    if (file) return file;
  }
  const trimmed = typed.replace(TRAILING_PUNCTUATION, "");
  if (colon > 0 && /^[A-Za-z0-9_.-]+$/.test(typed.slice(0, colon)) && !/^[a-z]+:\/\//i.test(typed)) {
    return {
      mention: trimmed,
      attached: false,
      detail: `no connected MCP server ${typed.slice(0, colon)} offers resources; sent as typed`,
    };
  }
  // Only what looks like a path is worth a word: `@alice` is prose.
  if (/[/\\]|\.[A-Za-z0-9]+$/.test(trimmed))
    return { mention: trimmed, attached: false, detail: "no such file in the project; sent as typed" };
  return undefined;
}

async function attachResource(
  typed: string,
  colon: number,
  context: MentionContext,
  blocks: Array<TextBlock | ImageBlock>,
): Promise<MentionOutcome> {
  const [server, uri] = [typed.slice(0, colon), typed.slice(colon + 1)];
  const result = await readResource(context.resources, server, uri, context.env, context.signal);
  blocks.push({ type: "text", text: `Contents of @${typed}${result.isError ? " (could not be read)" : ""}:` });
  const content =
    typeof result.content === "string"
      ? [{ type: "text" as const, text: result.content }]
      : result.content.filter(isUserContent);
  blocks.push(...content);
  if (result.isError) return { mention: typed, attached: false, detail: `could not be read: ${firstText(content)}` };
  const bytes = content.reduce(
    (sum, block) =>
      sum + (block.type === "text" ? Buffer.byteLength(block.text) : Math.floor((block.source.data.length * 3) / 4)),
    0,
  );
  return { mention: typed, attached: true, detail: sizeText(bytes) };
}

function firstText(content: ReadonlyArray<TextBlock | ImageBlock>): string {
  const first = content.find((block) => block.type === "text");
  return (first?.type === "text" ? first.text : "").split("\n", 1)[0] ?? "";
}

/** A file's text (or a folder's listing) after the prompt; undefined when nothing is there. */
async function attachFile(
  typed: string,
  cwd: string,
  folders: PathScope,
  blocks: Array<TextBlock | ImageBlock>,
): Promise<MentionOutcome | undefined> {
  const absolute = path.resolve(cwd, typed);
  const info = await stat(absolute).catch(() => undefined);
  if (!info) return undefined;
  // An attachment goes to the model unasked, so only from the folders file tools may read without asking,
  // judged by where the path really leads: a link named notes.md that points at ~/.ssh is not attached.
  const real = await realpath(absolute).catch(() => absolute);
  if (!folders.contains(real))
    return {
      mention: typed,
      attached: false,
      detail: "outside the project, not attached (ask for a Read: it asks first)",
    };
  if (info?.isDirectory()) {
    const entries = await readdir(absolute, { withFileTypes: true }).catch(() => []);
    const names = entries.slice(0, MAX_LISTED).map((entry) => (entry.isDirectory() ? `${entry.name}/` : entry.name));
    const more = entries.length > MAX_LISTED ? [`… and ${entries.length - MAX_LISTED} more`] : [];
    blocks.push({
      type: "text",
      text: `Listing of @${typed} (folder ${absolute}):\n${[...names, ...more].join("\n")}`,
    });
    return {
      mention: typed,
      attached: true,
      detail: `folder, ${entries.length} ${entries.length === 1 ? "entry" : "entries"}`,
    };
  }
  if (!info?.isFile()) return undefined;
  const bytes = await readFile(absolute).catch((error: NodeJS.ErrnoException) => error.code ?? "unreadable");
  if (typeof bytes === "string")
    return { mention: typed, attached: false, detail: `could not be read (${bytes}); sent as typed` };
  if (bytes.subarray(0, 8192).includes(0))
    return { mention: typed, attached: false, detail: `a binary file (${sizeText(bytes.length)}), not attached` };
  const whole = bytes.toString("utf8");
  const cut = whole.length > MAX_ATTACHED_CHARS;
  const shown = cut ? whole.slice(0, whole.lastIndexOf("\n", MAX_ATTACHED_CHARS) + 1 || MAX_ATTACHED_CHARS) : whole;
  const note = cut
    ? `\n[cut at ${shown.length.toLocaleString("en-US")} of ${whole.length.toLocaleString("en-US")} characters: Read the rest with offset and limit]`
    : "";
  blocks.push({ type: "text", text: `Contents of @${typed} (${absolute}):\n${shown}${note}` });
  return {
    mention: typed,
    attached: true,
    detail: cut
      ? `${sizeText(bytes.length)}, first ${sizeText(Buffer.byteLength(shown))} attached`
      : sizeText(bytes.length),
  };
}
