/**
 * One settings file in Claude Code's format (`settings.json`): the keys
 * mini-cc honours, each checked on its own, so a bad field is a problem
 * naming the file and the field while the rest of the file still applies.
 */
import { readJsonFile, formatSyntaxProblem } from "../fs/json-file.ts";
import { describeJsonType, formatJsonPath } from "../fs/json-path.ts";
import type { PermissionMode } from "../agent/events.ts";
import { PERMISSION_MODES } from "../agent/permissions.ts";
import { parseToolRule } from "../agent/tool-rules.ts";
import { errorText } from "../errors.ts";
import { parseHooks, type HookCommand } from "../hooks/hook-config.ts";

/** Where a settings file sits, which decides how far it is trusted. */
export type SettingsKind =
  /** `~/.claude/settings.json`: the user's own. */
  | "user"
  /** `<home>/settings.json`: the user's own, for mini-cc; wins over ~/.claude. */
  | "home"
  /** `.claude/settings.json`: the team's, committed; grants nothing until approved. */
  | "shared"
  /** `.claude/settings.local.json`: the user's own in this project (git-ignored), unless the repository carries it. */
  | "local"
  /** `managed-settings.json`: the organisation's policy (managed-policy.ts); wins over every other file. */
  | "managed";

export type RuleBehavior = "allow" | "deny" | "ask";

/** A permission rule and the file it came from. */
export interface SourcedRule {
  readonly behavior: RuleBehavior;
  /** As written in the file (`Bash(npm test:*)`). */
  readonly rule: string;
  /** The file's path, or a flag's name (`--allowedTools`). */
  readonly source: string;
}

/** What one file says, the parts mini-cc honours. */
export interface SettingsFile {
  readonly kind: SettingsKind;
  readonly path: string;
  readonly exists: boolean;
  readonly rules: readonly SourcedRule[];
  readonly defaultMode?: PermissionMode;
  readonly additionalDirectories: readonly string[];
  readonly env: Readonly<Record<string, string>>;
  readonly enabledMcpjsonServers: readonly string[];
  readonly disabledMcpjsonServers: readonly string[];
  readonly enableAllProjectMcpServers?: boolean;
  /** false: no server's readOnlyHint lets its tools run without asking (mcp/tools/read-only-trust.ts). */
  readonly mcpTrustReadOnlyHints?: boolean;
  /** Why the repository carries this local file ("tracked by git"): it then waits for approval like the shared one. */
  readonly carried?: string;
  /** Its `hooks`, each naming this file. */
  readonly hooks: readonly HookCommand[];
  /** `disableAllHooks: true`: no hook runs, whichever file declares it. */
  readonly disableAllHooks?: boolean;
  /** Managed policy only: hooks of the other files do not run. */
  readonly allowManagedHooksOnly?: boolean;
  /** Bad fields, each naming the file and the field. */
  readonly problems: readonly string[];
  /** What was read but is ignored (a rule for a tool mini-cc does not have). */
  readonly notes: readonly string[];
}

/** Tools of Claude Code that mini-cc has no counterpart for: their rules are ignored, with a note. */
const FOREIGN_TOOLS = new Set([
  "WebFetch",
  "WebSearch",
  "Task",
  "Agent",
  "NotebookEdit",
  "NotebookRead",
  "TodoWrite",
  "TodoRead",
  "MultiEdit",
  "BashOutput",
  "KillShell",
  "KillBash",
  "ExitPlanMode",
  "SlashCommand",
  "Skill",
  "LS",
]);

/** Reads and checks one file; a missing file is an empty one. */
export async function readSettingsFile(kind: SettingsKind, path: string): Promise<SettingsFile> {
  const read = await readJsonFile(path);
  const empty = {
    kind,
    path,
    exists: read.kind !== "missing",
    rules: [],
    additionalDirectories: [],
    env: {},
    enabledMcpjsonServers: [],
    disabledMcpjsonServers: [],
    hooks: [],
    problems: [],
    notes: [],
  };
  if (read.kind === "missing") return empty;
  if (read.kind === "unreadable")
    return { ...empty, problems: [`${path}: cannot read (${read.message}); its settings are not used`] };
  if (read.kind === "invalid")
    return { ...empty, problems: [`${formatSyntaxProblem(path, read)}; its settings are not used`] };
  return parseSettings(kind, path, read.value);
}

/** Checks a parsed settings document field by field. */
export function parseSettings(kind: SettingsKind, path: string, doc: unknown): SettingsFile {
  const problems: string[] = [];
  const notes: string[] = [];
  const problem = (field: PropertyKey[], text: string) => problems.push(`${path}: ${formatJsonPath(field)}: ${text}`);
  const base = {
    kind,
    path,
    exists: true,
    additionalDirectories: [],
    env: {},
    enabledMcpjsonServers: [],
    disabledMcpjsonServers: [],
    hooks: [],
    notes,
  };
  if (!isObject(doc)) {
    problem([], `expected an object, got ${describeJsonType(doc)}; its settings are not used`);
    return { ...base, rules: [], problems };
  }
  const rules: SourcedRule[] = [];
  const permissions = doc["permissions"];
  let defaultMode: PermissionMode | undefined;
  let additionalDirectories: string[] = [];
  if (permissions !== undefined && !isObject(permissions))
    problem(["permissions"], `expected an object, got ${describeJsonType(permissions)}`);
  if (isObject(permissions)) {
    for (const behavior of ["allow", "deny", "ask"] as const) {
      for (const [i, rule] of strings(permissions[behavior], ["permissions", behavior], problem).entries()) {
        const checked = checkRule(rule);
        if (checked.kind === "bad") problem(["permissions", behavior, i], checked.why);
        else if (checked.kind === "foreign")
          notes.push(`${path}: permissions.${behavior} rule ${rule} is ignored: mini-cc has no ${checked.tool} tool`);
        else rules.push({ behavior, rule, source: path });
      }
    }
    const mode = permissions["defaultMode"];
    if (mode !== undefined) {
      if (typeof mode === "string" && (PERMISSION_MODES as readonly string[]).includes(mode))
        defaultMode = mode as PermissionMode;
      else
        problem(
          ["permissions", "defaultMode"],
          `expected one of ${PERMISSION_MODES.join(", ")}, got ${JSON.stringify(mode)}`,
        );
    }
    additionalDirectories = strings(
      permissions["additionalDirectories"],
      ["permissions", "additionalDirectories"],
      problem,
    );
  }
  const env: Record<string, string> = {};
  const envDoc = doc["env"];
  if (envDoc !== undefined && !isObject(envDoc))
    problem(["env"], `expected an object of strings, got ${describeJsonType(envDoc)}`);
  if (isObject(envDoc)) {
    for (const [name, value] of Object.entries(envDoc)) {
      if (typeof value === "string") env[name] = value;
      else if (typeof value === "number" || typeof value === "boolean") env[name] = String(value);
      else problem(["env", name], `expected a string, got ${describeJsonType(value)}`);
    }
  }
  const enableAll = doc["enableAllProjectMcpServers"];
  if (enableAll !== undefined && typeof enableAll !== "boolean")
    problem(["enableAllProjectMcpServers"], `expected true or false, got ${describeJsonType(enableAll)}`);
  const trustHints = doc["mcpTrustReadOnlyHints"];
  if (trustHints !== undefined && typeof trustHints !== "boolean")
    problem(["mcpTrustReadOnlyHints"], `expected true or false, got ${describeJsonType(trustHints)}`);
  const disableHooks = doc["disableAllHooks"];
  if (disableHooks !== undefined && typeof disableHooks !== "boolean")
    problem(["disableAllHooks"], `expected true or false, got ${describeJsonType(disableHooks)}`);
  return {
    ...base,
    rules,
    ...(defaultMode ? { defaultMode } : {}),
    additionalDirectories,
    env,
    enabledMcpjsonServers: strings(doc["enabledMcpjsonServers"], ["enabledMcpjsonServers"], problem),
    disabledMcpjsonServers: strings(doc["disabledMcpjsonServers"], ["disabledMcpjsonServers"], problem),
    ...(typeof enableAll === "boolean" ? { enableAllProjectMcpServers: enableAll } : {}),
    ...(typeof trustHints === "boolean" ? { mcpTrustReadOnlyHints: trustHints } : {}),
    hooks: parseHooks(doc["hooks"], path, problem, (text) => notes.push(text)),
    ...(disableHooks === true ? { disableAllHooks: true } : {}),
    ...(kind === "managed" && doc["allowManagedHooksOnly"] === true ? { allowManagedHooksOnly: true } : {}),
    problems,
  };
}

type RuleCheck = { kind: "ok" } | { kind: "bad"; why: string } | { kind: "foreign"; tool: string };

function checkRule(rule: string): RuleCheck {
  try {
    const parsed = parseToolRule(rule);
    return FOREIGN_TOOLS.has(parsed.nameText) ? { kind: "foreign", tool: parsed.nameText } : { kind: "ok" };
  } catch (error) {
    return { kind: "bad", why: errorText(error) };
  }
}

/** An array of strings; anything else is a problem and reads as empty (a bad item alone is left out). */
function strings(
  value: unknown,
  field: PropertyKey[],
  problem: (field: PropertyKey[], text: string) => void,
): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    problem(field, `expected an array of strings, got ${describeJsonType(value)}`);
    return [];
  }
  return value.flatMap((item, i) => {
    if (typeof item === "string") return [item];
    problem([...field, i], `expected a string, got ${describeJsonType(item)}`);
    return [];
  });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
