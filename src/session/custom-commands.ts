/**
 * Custom slash commands in Claude Code's layout: each `.md` file under the
 * project's `.claude/commands/` or the user's `~/.claude/commands/` is a
 * command (`/name`, a subfolder's as `/folder:name`) whose body is the prompt,
 * `$ARGUMENTS` and `$1`… replaced by what follows the name. Frontmatter
 * `description` and `argument-hint` show in /help and completion. A command
 * whose name a built-in or a server prompt (`mcp__…`) already has is
 * shadowed, with a note; a project command shadows a user one.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { splitArguments } from "../mcp/features/prompts.ts";
import { errorText } from "../errors.ts";

/** One command file. */
export interface CustomCommand {
  /** Typed after the slash, as written (`frontend:review`). */
  readonly name: string;
  readonly description: string;
  readonly argumentHint?: string;
  /** The prompt, frontmatter removed. */
  readonly body: string;
  readonly file: string;
  readonly scope: "project" | "user";
}

export interface CustomCommandPlaces {
  readonly cwd: string;
  readonly userHome: string;
  /** Built-in command names (lower case): such a file is shadowed. */
  readonly reserved?: readonly string[];
}

/** Files deeper than this, or more than this many, are not looked at (a stray node_modules). */
const MAX_DEPTH = 4;
const MAX_FILES = 500;
const MAX_BYTES = 256 * 1024;

/** Every command, project ones first; notes say which files were shadowed or unreadable. */
export function loadCustomCommands(places: CustomCommandPlaces): { commands: CustomCommand[]; notes: string[] } {
  const reserved = new Set((places.reserved ?? []).map((name) => name.toLowerCase()));
  const notes: string[] = [];
  const commands: CustomCommand[] = [];
  const taken = new Map<string, CustomCommand>();
  const scopes = [
    { scope: "project" as const, dir: join(places.cwd, ".claude", "commands") },
    { scope: "user" as const, dir: join(places.userHome, ".claude", "commands") },
  ];
  for (const { scope, dir } of scopes) {
    for (const file of markdownFiles(dir)) {
      const name = relative(dir, file).slice(0, -".md".length).split(sep).join(":");
      const key = name.toLowerCase();
      if (!/^[\w:.-]+$/.test(name)) {
        notes.push(`${file}: /${name} is not a command name (letters, digits, _ - . and folders only); not offered`);
        continue;
      }
      if (reserved.has(key) || key.startsWith("mcp__")) {
        notes.push(
          `${file}: /${name} is shadowed by mini-cc's own /${key.startsWith("mcp__") ? "mcp__… server prompts" : name}; not offered`,
        );
        continue;
      }
      const earlier = taken.get(key);
      if (earlier) {
        notes.push(`${file}: /${name} is shadowed by the ${earlier.scope} command in ${earlier.file}`);
        continue;
      }
      let text: string;
      try {
        if (statSync(file).size > MAX_BYTES) throw new Error(`larger than ${MAX_BYTES / 1024} KiB`);
        text = readFileSync(file, "utf8");
      } catch (error) {
        notes.push(`${file}: cannot read (${errorText(error)}); /${name} not offered`);
        continue;
      }
      const { fields, body } = frontmatter(text);
      const command: CustomCommand = {
        name,
        description: fields["description"] || firstLine(body) || `Custom command from ${scope}`,
        ...(fields["argument-hint"] ? { argumentHint: fields["argument-hint"] } : {}),
        body,
        file,
        scope,
      };
      taken.set(key, command);
      commands.push(command);
    }
  }
  return { commands, notes };
}

/** `/name <hint>` as /help shows it. */
export function customCommandUsage(command: CustomCommand): string {
  return command.argumentHint ? `/${command.name} ${command.argumentHint}` : `/${command.name}`;
}

/** The command a typed line runs, if any (names match without regard to case). */
export function customCommandFor(
  line: string,
  commands: readonly CustomCommand[],
): { command: CustomCommand; rest: string } | undefined {
  const match = /^\/(\S+)(?:\s+([\s\S]*))?$/.exec(line.trim());
  if (!match) return undefined;
  const typed = match[1]!.toLowerCase();
  const command = commands.find((c) => c.name.toLowerCase() === typed);
  return command ? { command, rest: (match[2] ?? "").trim() } : undefined;
}

/**
 * The prompt a typed line becomes: the body with `$ARGUMENTS` (all of it)
 * and `$1`…`$9` (the words, quotes keeping spaces) replaced; a body that uses
 * neither gets the arguments appended, as Claude Code does.
 */
export function expandCustomCommand(command: CustomCommand, rest: string): string {
  const words = splitArguments(rest);
  const uses = /\$ARGUMENTS|\$[1-9]/.test(command.body);
  const body = command.body.replace(/\$ARGUMENTS|\$([1-9])/g, (token, n: string | undefined) =>
    n === undefined ? rest : (words[Number(n) - 1] ?? ""),
  );
  return uses || rest === "" ? body.trim() : `${body.trim()}\n\nARGUMENTS: ${rest}`;
}

function markdownFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string, depth: number) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (found.length >= MAX_FILES) return;
      const path = join(dir, entry.name);
      if (entry.isDirectory() && depth < MAX_DEPTH && !entry.name.startsWith(".")) walk(path, depth + 1);
      else if (entry.isFile() && entry.name.endsWith(".md")) found.push(path);
    }
  };
  walk(root, 0);
  return found;
}

/** `---` key: value lines `---` at the top, and the rest. */
function frontmatter(text: string): { fields: Record<string, string>; body: string } {
  const match = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(text);
  if (!match) return { fields: {}, body: text };
  const fields: Record<string, string> = {};
  for (const line of match[1]!.split(/\r?\n/)) {
    const field = /^([A-Za-z][\w-]*)\s*:\s*(.*)$/.exec(line);
    if (field) fields[field[1]!.toLowerCase()] = field[2]!.trim().replace(/^(["'])(.*)\1$/, "$2");
  }
  return { fields, body: text.slice(match[0].length) };
}

function firstLine(text: string): string {
  const line =
    text
      .split("\n")
      .find((l) => l.trim() !== "")
      ?.trim() ?? "";
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}
