/**
 * `@server:uri` in a prompt: each mentioned resource of a connected server is
 * read and attached to the message after the typed text. A mention of an
 * unknown server is left as typed (`@` is common in prose and e-mail
 * addresses); a failed read attaches its reason, so the model knows.
 */
import { isUserContent, type ImageBlock, type TextBlock } from "../../model/messages.ts";
import { readResource, resourceServers, type ResourceSource } from "./resources.ts";
import type { Env } from "../../env.ts";

/** A mention as typed: `@tracker:issues://BUG-101`. */
export interface ResourceMention {
  readonly server: string;
  readonly uri: string;
}

const MENTION = /(?:^|\s)@([A-Za-z0-9_.-]+):(\S+)/g;

/** The mentions of servers in `servers`, in order, each once. */
export function findMentions(text: string, servers: readonly string[]): ResourceMention[] {
  const seen = new Set<string>();
  const found: ResourceMention[] = [];
  for (const match of text.matchAll(MENTION)) {
    const [server, uri] = [match[1] as string, match[2] as string];
    const key = `${server}:${uri}`;
    if (!servers.includes(server) || seen.has(key)) continue;
    seen.add(key);
    found.push({ server, uri });
  }
  return found;
}

/** The typed text, then each mentioned resource's contents under a line naming it. */
export async function attachMentions(
  text: string,
  source: ResourceSource,
  env: Env,
  signal?: AbortSignal,
): Promise<string | Array<TextBlock | ImageBlock>> {
  const mentions = findMentions(text, resourceServers(source.getSnapshot()));
  if (mentions.length === 0) return text;
  const blocks: Array<TextBlock | ImageBlock> = [{ type: "text", text }];
  for (const { server, uri } of mentions) {
    const result = await readResource(source, server, uri, env, signal);
    blocks.push({
      type: "text",
      text: `Contents of @${server}:${uri}${result.isError ? " (could not be read)" : ""}:`,
    });
    if (typeof result.content === "string") blocks.push({ type: "text", text: result.content });
    else blocks.push(...result.content.filter(isUserContent));
  }
  return blocks;
}
