/**
 * What `mcp add-from-claude-desktop` and `mcp import --from claude-code`
 * share: reading another app's config file, checking each server on its own
 * (one bad entry is skipped with its reason, never stops the others), writing
 * the rest to one scope in one atomic write, and saying what was added,
 * renamed (a name with other characters, or one the scope already has) or
 * skipped.
 */
import { parseJsonText, readSmallTextFile } from "../../fs/json-file.ts";
import { describeJsonType, formatJsonPath, isJsonObject } from "../../fs/json-path.ts";
import { validateEntry } from "../../config/schema.ts";
import type { ServerEntry } from "../../config/types.ts";
import type { WritableScope } from "../../config/scope-files.ts";
import { MiniCcError } from "../../errors.ts";
import { scopeLabel, type McpCommandContext } from "./command.ts";

/** Claude Code keeps its history in ~/.claude.json: far bigger than a config of ours may be. */
const MAX_FOREIGN_CONFIG_BYTES = 64 * 1024 * 1024;

/** One server as another app's file declares it: `path` locates it there, for messages. */
export interface FoundServer {
  readonly name: string;
  readonly entry: unknown;
  readonly path: readonly PropertyKey[];
}

/** A found server that can be written, under the name it will ask for. */
export interface ImportCandidate {
  readonly name: string;
  /** The name in the other app, when it had to change. */
  readonly original: string;
  readonly entry: ServerEntry;
}

export interface CheckedServers {
  readonly candidates: ImportCandidate[];
  readonly skipped: { name: string; reason: string }[];
}

/** Reads and parses another app's JSON config; a missing, unreadable or broken file is a failure naming it. */
export async function readForeignConfig(file: string, app: string): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = await readSmallTextFile(file, MAX_FOREIGN_CONFIG_BYTES);
  } catch (error) {
    const err = error as NodeJS.ErrnoException;
    if (err.code === "ENOENT") throw new MiniCcError("command-failed", `no ${app} config at ${file}`, { file });
    throw new MiniCcError("unreadable", `${file}: cannot read (${err.message})`, { file });
  }
  const parsed = parseJsonText(text);
  if (!parsed.ok)
    throw new MiniCcError("invalid-json", `${file}:${parsed.line}:${parsed.column}: invalid JSON (${parsed.message})`, {
      file,
    });
  if (!isJsonObject(parsed.value))
    throw new MiniCcError(
      "invalid-shape",
      `${file}: expected a JSON object at the top level, got ${describeJsonType(parsed.value)}`,
      { file },
    );
  return parsed.value;
}

/** The servers of an `mcpServers` object at `path` in `doc` (none when absent); a non-object there is a failure naming the file. */
export function serversAt(file: string, doc: Record<string, unknown>, path: readonly string[]): FoundServer[] {
  let current: unknown = doc;
  for (const key of path) {
    if (!isJsonObject(current) || !Object.hasOwn(current, key)) return [];
    current = current[key];
  }
  if (!isJsonObject(current))
    throw new MiniCcError(
      "invalid-shape",
      `${file}: ${formatJsonPath(path)}: expected object, got ${describeJsonType(current)}`,
      { file },
    );
  return Object.entries(current).map(([name, entry]) => ({ name, entry, path: [...path, name] }));
}

/** Validates each found server on its own and makes its name one we accept (other characters become "-"). */
export function checkServers(found: readonly FoundServer[]): CheckedServers {
  const candidates: ImportCandidate[] = [];
  const skipped: { name: string; reason: string }[] = [];
  for (const server of found) {
    const valid = validateEntry(server.entry, server.path);
    const name = server.name.replace(/[^A-Za-z0-9_-]/g, "-");
    if (!valid.ok) skipped.push({ name: server.name, reason: valid.error });
    else if (!/[A-Za-z0-9]/.test(name)) skipped.push({ name: server.name, reason: "the name has no letter or digit" });
    else candidates.push({ name, original: server.name, entry: server.entry as ServerEntry });
  }
  return { candidates, skipped };
}

/** Writes `chosen` to `scope` and reports each server; `source` names the app and file ("Claude Desktop (path)"). */
export async function writeImported(
  context: McpCommandContext,
  scope: WritableScope,
  source: string,
  chosen: readonly ImportCandidate[],
  skipped: CheckedServers["skipped"],
): Promise<void> {
  let names: string[] = [];
  if (chosen.length > 0) {
    const written = await context.editor.addServersRenaming(scope, chosen);
    names = written.names;
    const count = `${chosen.length} MCP server${chosen.length === 1 ? "" : "s"}`;
    context.print(`Imported ${count} from ${source} to ${scopeLabel(scope)} (${written.file}):`);
  } else {
    context.print(`Imported no MCP server from ${source}.`);
  }
  chosen.forEach((server, i) => {
    const name = names[i]!;
    if (name === server.original) context.print(`  added    ${name}`);
    else
      context.print(
        `  renamed  ${server.original} → ${name} (${name === server.name ? "a name may hold letters, digits, _ and - only" : "the scope already has that name"})`,
      );
  });
  for (const { name, reason } of skipped) context.print(`  skipped  ${name}: ${reason}`);
}
