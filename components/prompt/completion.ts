/**
 * Prompt completion, React-free: `/` at the start of the prompt offers slash
 * commands (built-ins and server prompts, with their descriptions); a word
 * starting with `@` offers the project's files (file-match.ts) and connected
 * servers' resources as `@server:uri`, by what follows the `@`. The menu is
 * derived from the field, the file list and the MCP snapshot each time, so a
 * list_changed refresh shows at once.
 */
import type { McpSnapshot } from "../../src/mcp/state/server-state.ts";
import { conversationServers } from "../../src/mcp/state/snapshot-views.ts";
import { terminalSafeLine } from "../../src/text/terminal-safe.ts";
import { matchFiles } from "./file-match.ts";

/** One offered completion: what it shows and what it puts in the field. */
export interface CompletionItem {
  readonly label: string;
  readonly description: string;
  readonly insert: string;
}

/** The items for the word from `start` to `end` (the cursor). */
export interface CompletionMenu {
  readonly start: number;
  readonly end: number;
  readonly items: readonly CompletionItem[];
}

export interface MentionableResource {
  readonly server: string;
  readonly uri: string;
  readonly name: string;
  readonly description?: string;
}

export interface CompletionSources {
  readonly commands: readonly {
    readonly name: string;
    readonly description: string;
    readonly usage?: readonly string[];
  }[];
  readonly resources: readonly MentionableResource[];
  /** The project's files, relative, `/`-separated (project-files.ts). */
  readonly files?: readonly string[];
}

/** Items shown at once. */
export const MAX_COMPLETIONS = 8;

/** Every connected (or cached) server's listed resources, in declaration order. */
export function mentionableResources(snapshot: McpSnapshot): MentionableResource[] {
  return conversationServers(snapshot).flatMap((view) =>
    view.state.status === "connected" || view.state.status === "cached"
      ? (view.state.resources ?? []).map((r) => ({
          server: view.name,
          uri: r.uri,
          name: r.title ?? r.name,
          ...(r.description ? { description: r.description } : {}),
        }))
      : [],
  );
}

/** The menu for the field as it stands; null when nothing is being completed or nothing matches. */
export function completionMenu(
  value: string,
  cursor: number,
  sources: CompletionSources,
  max = MAX_COMPLETIONS,
): CompletionMenu | null {
  const before = value.slice(0, cursor);
  const slash = /^\/(\S*)$/.exec(before);
  if (slash) {
    const typed = (slash[1] as string).toLowerCase();
    const items = sources.commands
      .filter((command) => command.name.toLowerCase().startsWith(typed))
      .slice(0, max)
      .map((command) => ({
        label: terminalSafeLine(command.usage?.[0] ?? `/${command.name}`),
        description: terminalSafeLine(command.description),
        insert: `/${command.name} `,
      }));
    return items.length > 0 && !(items.length === 1 && items[0]?.insert.trim() === before)
      ? { start: 0, end: cursor, items }
      : null;
  }
  const mention = /(?:^|\s)@(\S*)$/.exec(before);
  if (!mention) return null;
  const typed = mention[1] as string;
  const query = typed.toLowerCase();
  const resources = sources.resources
    .filter((r) => `${r.server}:${r.uri}`.toLowerCase().includes(query) || r.name.toLowerCase().includes(query))
    .slice(0, max)
    .map((r) => ({
      label: terminalSafeLine(`@${r.server}:${r.uri}`),
      description: terminalSafeLine(r.description ?? r.name),
      insert: `@${r.server}:${r.uri} `,
    }));
  // Files first (what `@` is mostly for), then resources; `server:` in the query asks for resources.
  const files = query.includes(":") ? [] : matchFiles(sources.files ?? [], typed, max).map(fileItem);
  const items = [...files, ...resources].slice(0, max);
  if (items.length === 1 && items[0]!.insert.trim() === `@${typed}`) return null;
  return items.length > 0 ? { start: cursor - typed.length - 1, end: cursor, items } : null;
}

function fileItem(file: string): CompletionItem {
  return { label: terminalSafeLine(`@${file}`), description: "file", insert: `@${file} ` };
}
