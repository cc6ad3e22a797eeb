/**
 * Allow/deny rules by tool name, as given to `--allowedTools` / `--disallowedTools`.
 *
 * Accepted forms:
 * - `Bash`, `mcp__tracker__add_comment` — one tool by exact name;
 * - `mcp__tracker__*`, `*` — `*` matches any run of characters;
 * - `mcp__tracker` — Claude Code's shorthand for every tool of that server;
 * - `Bash(git status:*)`, `Bash(npm test)`, `Edit(src/*)` — Claude Code's specifier
 *   form: for a shell command, matched against each simple command in it
 *   (command-rules.ts); else against the target path relative to cwd, where
 *   `*` is a wildcard.
 *
 * MCP tools are matched by server and tool identity, not only by their
 * sanitised, 64-character name: `mcp__srv` and `mcp__srv__*` cover every tool
 * of srv even when its name holds `__`, is cut, is empty or collides.
 * A deny rule that cannot tell whether it covers a command makes the call ask.
 */
import { MiniCcError } from "../errors.ts";
import { commandSpec, matchCommand, type CommandMatch, type CommandSpec } from "./command-rules.ts";
import { analyseCommand, type CommandAnalysis } from "./shell-commands.ts";
import type { ShellParser } from "./shell-parser.ts";

/** A parsed rule: a name pattern and, optionally, a specifier for the call's command or path. */
export interface ToolRule {
  /** The rule as written. */
  readonly source: string;
  /** The name part as written (`mcp__tracker__*`). */
  readonly nameText: string;
  readonly name: RegExp;
  /** The specifier as a path pattern. */
  readonly specifier?: RegExp;
  /** The specifier as a shell command pattern. */
  readonly command?: CommandSpec;
}

/** An MCP tool's identity: its server's name and its own, as the server gave them. */
export interface McpIdentity {
  server: string;
  tool: string;
}

/** What a rule is matched against. */
export interface RuleCall {
  name: string;
  /** Set for MCP tools. */
  mcp?: McpIdentity;
  /** The target path relative to cwd, when the call has one. */
  subject?: string;
  /** The analysed command line, for a shell tool. */
  command?: CommandAnalysis;
}

const RULE_SHAPE = /^([A-Za-z0-9_*-]+)(?:\((.*)\))?$/s;

/** Parses one rule string, throwing MiniCcError "invalid-tool-rule", naming the rule and what is wrong, when it is malformed. */
export function parseToolRule(text: string): ToolRule {
  const source = text.trim();
  if (source === "") throw invalidRule(text, "empty rule");
  const match = RULE_SHAPE.exec(source);
  if (!match) {
    throw invalidRule(
      source,
      "expected a tool name of letters, digits, _ and - with optional * wildcards, like mcp__tracker__* or Bash(git status:*)",
    );
  }
  const name = match[1] ?? "";
  const spec = match[2];
  if (spec !== undefined && spec.trim() === "") throw invalidRule(source, "empty specifier in ()");
  return {
    source,
    nameText: name,
    name: namePattern(name),
    ...(spec === undefined ? {} : { specifier: specifierPattern(spec.trim()), command: commandSpec(spec.trim()) }),
  };
}

/** Parses a list of rules; the first malformed one throws. */
export function parseToolRules(texts: readonly string[]): ToolRule[] {
  return texts.map(parseToolRule);
}

/** Whether a deny rule covers a call: a command is covered when any of its simple commands is. */
export function denyMatch(rule: ToolRule, call: RuleCall): CommandMatch {
  if (!nameMatches(rule, call, "deny")) return "no";
  if (!rule.specifier) return "match";
  if (call.command) {
    if (call.command.kind === "unclear") return "unclear";
    const results = call.command.commands.map((command) => matchCommand(rule.command!, command, "deny"));
    return results.includes("match") ? "match" : results.includes("unclear") ? "unclear" : "no";
  }
  return call.subject !== undefined && rule.specifier.test(call.subject) ? "match" : "no";
}

/**
 * Whether allow rules let a call through: a rule naming the tool, or for a
 * command, every simple command in it matched by some rule (and no output
 * into files); `npm test:*` never lets `npm test; rm -rf x` through.
 */
export function allowedBy(rules: readonly ToolRule[], call: RuleCall): boolean {
  const named = rules.filter((rule) => nameMatches(rule, call, "allow"));
  if (named.some((rule) => !rule.specifier)) return true;
  if (named.length === 0) return false;
  if (call.command) {
    const analysis = call.command;
    if (analysis.kind === "unclear" || analysis.writesFiles) return false;
    return analysis.commands.every((command) =>
      named.some((rule) => matchCommand(rule.command!, command, "allow") === "match"),
    );
  }
  return call.subject !== undefined && named.some((rule) => rule.specifier!.test(call.subject!));
}

/** A call as a permission request names it: the tool and its input. */
export interface AskedCall {
  readonly toolName: string;
  readonly input: Record<string, unknown>;
}

/** Whether a session rule (`Bash(npm test:*)`, `mcp__tracker__add`) covers a call: the chain's judge, handed to the UI. */
export type RuleCoverage = (rule: string, call: AskedCall) => boolean;

/**
 * A shell command as rules read it: analysed by the chain's parser, or, while
 * none is loaded, unclear (so no specifier rule covers it and the call asks).
 */
export function commandForRules(shell: ShellParser | undefined, command: string): CommandAnalysis {
  return shell ? analyseCommand(shell, command) : { kind: "unclear", reason: "no shell parser" };
}

/**
 * Whether a session rule covers another call, judged as the chain judges it:
 * a command is read by the same shell parser, so `Bash(npm test:*)` never
 * covers `npm test && rm -rf x`.
 */
export function sessionRuleCovers(rule: string, call: AskedCall, shell: ShellParser | undefined): boolean {
  const command = call.input["command"];
  const judged: RuleCall = { name: call.toolName };
  if (typeof command === "string") judged.command = commandForRules(shell, command);
  return allowedBy([parseToolRule(rule)], judged);
}

function nameMatches(rule: ToolRule, call: RuleCall, kind: "allow" | "deny"): boolean {
  if (call.mcp) {
    if (matchesMcpIdentity(rule.nameText, call.mcp, kind)) return true;
    // A wildcard over the flat name could reach another server's tools through `__` in names: allow needs the exact name.
    if (kind === "allow") return rule.nameText === call.name;
  }
  return rule.name.test(call.name);
}

/** `mcp__<server>` or `mcp__<server>__<tool>` (with wildcards) against the names the server gave, raw or sanitised. */
function matchesMcpIdentity(nameText: string, id: McpIdentity, kind: "allow" | "deny"): boolean {
  if (!nameText.startsWith("mcp__")) return false;
  const body = nameText.slice("mcp__".length);
  const servers = spellings(id.server);
  const tools = spellings(id.tool);
  // The server shorthand. For allow, `mcp__srv__*` is never read as "servers named srv__…": a wider allow than written.
  if (servers.includes(body)) return true;
  if ((kind === "deny" || !body.includes("__")) && servers.some((server) => wholeWildcard(body).test(server)))
    return true;
  // Server names may hold `__` themselves: try every split.
  for (let i = body.indexOf("__"); i !== -1; i = body.indexOf("__", i + 1)) {
    const server = wholeWildcard(body.slice(0, i));
    const tool = wholeWildcard(body.slice(i + 2));
    if (servers.some((s) => server.test(s)) && tools.some((t) => tool.test(t))) return true;
  }
  return false;
}

/** A name as the server gave it and as tool names spell it (other characters become `_`). */
function spellings(name: string): string[] {
  const sanitised = name.replace(/[^A-Za-z0-9_-]/g, "_");
  return sanitised === name ? [name] : [name, sanitised];
}

function namePattern(name: string): RegExp {
  // `mcp__server` alone means every tool of that server, as in Claude Code.
  const serverOnly = /^mcp__(?!.*__)[^*]+$/.test(name);
  const body = wildcard(name);
  return new RegExp(serverOnly ? `^${body}(?:__.+)?$` : `^${body}$`);
}

function specifierPattern(spec: string): RegExp {
  if (spec.endsWith(":*")) return new RegExp(`^${wildcard(spec.slice(0, -2))}(?:\\s.*)?$`, "s");
  return new RegExp(`^${wildcard(spec)}$`, "s");
}

function wholeWildcard(text: string): RegExp {
  return new RegExp(`^${wildcard(text)}$`, "s");
}

function wildcard(text: string): string {
  return text
    .split("*")
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join(".*");
}

function invalidRule(rule: string, problem: string): MiniCcError {
  return new MiniCcError("invalid-tool-rule", `invalid tool rule "${rule}": ${problem}`);
}
