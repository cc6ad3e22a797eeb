/**
 * One subagent as Claude Code defines it: a Markdown file whose YAML
 * frontmatter says `name`, `description`, `tools`, `model` and `mcpServers`,
 * and whose body is the agent's system prompt — or the same fields as one
 * entry of `--agents JSON` (the prompt under `prompt`). Checked here, field by
 * field: a broken file is an error naming the file and line, a tool that does
 * not exist a warning (the rest kept), and text shown on screen made harmless.
 */
import { validateEntry } from "../config/schema.ts";
import type { ServerEntry } from "../config/types.ts";
import { isJsonObject } from "../fs/json-path.ts";
import { knownModelId } from "../model/model-catalog.ts";
import { terminalSafeLine } from "../text/terminal-safe.ts";

/** An `mcpServers` item: a server already configured, by name, or an entry in `.mcp.json`'s format. */
export type AgentServer = { kind: "named"; name: string } | { kind: "inline"; name: string; entry: ServerEntry };

/** Where a definition came from; a project file is project input (its servers need approval). */
export type AgentSource = "built-in" | "flag" | "project" | "user";

export interface AgentDefinition {
  readonly name: string;
  /** When the model should use it (the Agent tool lists it); terminal-safe. */
  readonly description: string;
  /** The tools it may use; undefined: every tool the parent has. */
  readonly tools?: readonly string[];
  /** A model id; undefined: the parent's (`inherit`). */
  readonly model?: string;
  readonly mcpServers: readonly AgentServer[];
  /** The system prompt (the file's body). */
  readonly prompt: string;
  readonly source: AgentSource;
  /** The file it was read from (absent for built-in and --agents ones). */
  readonly file?: string;
  /** True for a project file: repository content the user has not vouched for. */
  readonly projectInput: boolean;
}

export type ParsedAgent =
  | { ok: true; definition: AgentDefinition; warnings: string[] }
  | { ok: false; error: string; warnings?: undefined };

/** Agent names as Claude Code takes them: letters, digits, `-` and `_`. */
const NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

export interface ParsePlace {
  source: AgentSource;
  /** The file, or `--agents` for the flag: every message starts with it. */
  where: string;
  /** Every tool name that exists (built-in, Agent); `mcp__` names are kept unchecked, their servers may not be up yet. */
  knownTools: readonly string[];
}

/** One entry of `--agents JSON`: `{description, prompt, tools?, model?, mcpServers?}` under its name. */
export function parseFlagAgent(name: string, value: unknown, knownTools: readonly string[]): ParsedAgent {
  const where = `--agents ${JSON.stringify(terminalSafeLine(name))}`;
  if (!isJsonObject(value)) return { ok: false, error: `${where}: expected an object` };
  if (typeof value["prompt"] !== "string" || value["prompt"].trim() === "")
    return { ok: false, error: `${where}: prompt: expected a non-empty string` };
  return checkFields({ ...value, name }, value["prompt"], {
    source: "flag",
    where,
    knownTools,
    lineOf: () => undefined,
  });
}

export interface FieldPlace extends ParsePlace {
  file?: string;
  /** The line a field is written on, for messages (undefined for JSON). */
  lineOf: (key: string) => number | undefined;
}

/** The fields of a file's frontmatter or of one `--agents` entry, checked one by one. */
export function checkFields(fields: Record<string, unknown>, body: string, place: FieldPlace): ParsedAgent {
  const at = (key: string) => {
    const line = place.lineOf(key);
    return line === undefined ? `${place.where}: ${key}` : `${place.where}:${line}: ${key}`;
  };
  const fail = (key: string, message: string): ParsedAgent => ({ ok: false, error: `${at(key)}: ${message}` });
  const { name, description } = fields;
  if (typeof name !== "string" || name === "") return fail("name", "expected the agent's name");
  if (!NAME.test(name))
    return fail("name", `${JSON.stringify(terminalSafeLine(name))} is not an agent name (letters, digits, - and _)`);
  if (typeof description !== "string" || description.trim() === "")
    return fail("description", "expected a string saying when to use the agent");
  const warnings: string[] = [];
  const tools = toolList(fields["tools"]);
  if (tools === "invalid") return fail("tools", "expected a list of tool names or a comma-separated string");
  const known = tools?.filter((tool) => tool.startsWith("mcp__") || place.knownTools.includes(tool));
  for (const tool of tools ?? [])
    if (!known?.includes(tool))
      warnings.push(`${at("tools")}: no tool named ${JSON.stringify(terminalSafeLine(tool))}; left out`);
  const model = modelOf(fields["model"]);
  if (model === "invalid") return fail("model", "expected inherit, an alias (opus, sonnet, haiku) or a model id");
  const servers = serverList(fields["mcpServers"]);
  if (typeof servers === "string") return fail("mcpServers", servers);
  return {
    ok: true,
    warnings,
    definition: {
      name,
      description: terminalSafeLine(description.trim()),
      ...(known ? { tools: known } : {}),
      ...(model ? { model } : {}),
      mcpServers: servers,
      prompt: body.trim(),
      source: place.source,
      ...(place.file ? { file: place.file } : {}),
      projectInput: place.source === "project",
    },
  };
}

/** A YAML list or `Read, Grep` string; undefined when absent (all tools). */
function toolList(value: unknown): string[] | undefined | "invalid" {
  if (value === undefined || value === null) return undefined;
  const items = typeof value === "string" ? value.split(",") : value;
  if (!Array.isArray(items) || items.some((item) => typeof item !== "string")) return "invalid";
  return (items as string[]).map((item) => item.trim()).filter((item) => item !== "");
}

function modelOf(value: unknown): string | undefined | "invalid" {
  if (value === undefined || value === null || value === "inherit") return undefined;
  if (typeof value !== "string") return "invalid";
  const id = knownModelId(value);
  if (id) return id;
  return /^claude-[a-z0-9.-]+$/.test(value.trim()) ? value.trim() : "invalid";
}

/**
 * `mcpServers`: a list whose items are a configured server's name or `{name: entry}`,
 * or one object `{name: entry}` as in `.mcp.json`. A message naming the item when one is wrong.
 */
function serverList(value: unknown): AgentServer[] | string {
  if (value === undefined || value === null) return [];
  const items: unknown[] = Array.isArray(value)
    ? value
    : isJsonObject(value)
      ? Object.entries(value).map(([name, entry]) => ({ [name]: entry }))
      : [value];
  const servers: AgentServer[] = [];
  for (const [index, item] of items.entries()) {
    if (typeof item === "string" && NAME.test(item)) {
      servers.push({ kind: "named", name: item });
      continue;
    }
    const pairs = isJsonObject(item) ? Object.entries(item) : [];
    if (pairs.length !== 1 || !NAME.test(pairs[0]![0]))
      return `item ${index + 1}: expected a server name or {name: entry}`;
    const [name, raw] = pairs[0]!;
    const checked = validateEntry(raw, ["mcpServers", name]);
    if (!checked.ok) return checked.error;
    servers.push({ kind: "inline", name, entry: checked.entry });
  }
  return servers;
}
