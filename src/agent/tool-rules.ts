/**
 * Allow/deny rules by tool name, as given to `--allowedTools` / `--disallowedTools`.
 *
 * Accepted forms:
 * - `Bash`, `mcp__tracker__add_comment` — one tool by exact name;
 * - `mcp__tracker__*`, `*` — `*` matches any run of characters;
 * - `mcp__tracker` — Claude Code's shorthand for every tool of that server;
 * - `Bash(git status:*)`, `Bash(npm test)`, `Edit(src/*)` — Claude Code's specifier
 *   form, supported minimally: the specifier is matched against the call's subject
 *   (the `command` string input, else the target path relative to cwd). `prefix:*`
 *   is a prefix match, other `*` are wildcards, anything else must match exactly.
 *   Compound shell commands are never allowed by a specifier rule (they fall through
 *   to asking), and a deny specifier matches if any `;`/`&`/`|`-separated part does.
 */
import { MiniCcError } from "../errors.ts";

/** A parsed rule: a name pattern and, optionally, a specifier pattern for the call's subject. */
export interface ToolRule {
  /** The rule as written. */
  readonly source: string;
  readonly name: RegExp;
  readonly specifier?: RegExp;
}

/** What a rule is matched against: the tool name and the call's subject (command or path), if any. */
export interface RuleCall {
  name: string;
  subject?: string;
}

const RULE_SHAPE = /^([A-Za-z0-9_*-]+)(?:\((.*)\))?$/s;
const SHELL_CONTROL = /[;&|`$<>\n]/;
const SHELL_SEPARATORS = /&&|\|\||[;&|\n]/;

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
    name: namePattern(name),
    ...(spec === undefined ? {} : { specifier: specifierPattern(spec.trim()) }),
  };
}

/** Parses a list of rules; the first malformed one throws. */
export function parseToolRules(texts: readonly string[]): ToolRule[] {
  return texts.map(parseToolRule);
}

/**
 * Whether a rule covers a call. `kind` matters only for specifier rules on
 * commands: an allow must cover the whole command, a deny any part of it.
 */
export function ruleMatches(rule: ToolRule, call: RuleCall, kind: "allow" | "deny"): boolean {
  if (!rule.name.test(call.name)) return false;
  if (!rule.specifier) return true;
  if (call.subject === undefined) return false;
  const subject = call.subject.trim();
  if (kind === "deny") {
    return rule.specifier.test(subject) || subject.split(SHELL_SEPARATORS).some((part) => rule.specifier!.test(part.trim()));
  }
  // `git status:*` must not let `git status; rm -rf ~` through.
  return !SHELL_CONTROL.test(subject) && rule.specifier.test(subject);
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

function wildcard(text: string): string {
  return text
    .split("*")
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join(".*");
}

function invalidRule(rule: string, problem: string): MiniCcError {
  return new MiniCcError("invalid-tool-rule", `invalid tool rule "${rule}": ${problem}`);
}
