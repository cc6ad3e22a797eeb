/**
 * The `hooks` value of a settings file, in Claude Code's format:
 * `{EVENT: [{"matcher": "...", "hooks": [{"type": "command", "command": "...", "timeout": 60}]}]}`.
 * Each group and command is checked on its own, so a bad one is a problem
 * naming the file and the field while the others still run.
 */
import { describeJsonType, isJsonObject } from "../fs/json-path.ts";
import { compileMatcher } from "./matcher.ts";

/** The events mini-cc runs hooks for. */
export const HOOK_EVENTS = [
  "PreToolUse",
  "PostToolUse",
  "UserPromptSubmit",
  "Notification",
  "Stop",
  "PreCompact",
  "SessionStart",
  "SessionEnd",
] as const;
export type HookEvent = (typeof HOOK_EVENTS)[number];

/** Claude Code's events mini-cc has no moment for yet: their hooks are read, noted and not run. */
const FOREIGN_EVENTS = new Set(["SubagentStart", "SubagentStop", "PermissionRequest", "PostToolUseFailure"]);

/** Claude Code's default, in seconds. */
export const DEFAULT_HOOK_TIMEOUT_S = 60;

/** One hook command as a settings file declares it. */
export interface HookCommand {
  readonly event: HookEvent;
  /** As written; "" matches everything. */
  readonly matcher: string;
  readonly command: string;
  readonly timeoutS: number;
  /** The settings file's path. */
  readonly source: string;
}

type Problem = (field: PropertyKey[], text: string) => void;

/** The hook commands of a settings document's `hooks` value; problems and notes name the field. */
export function parseHooks(
  value: unknown,
  source: string,
  problem: Problem,
  note: (text: string) => void,
): HookCommand[] {
  if (value === undefined) return [];
  if (!isJsonObject(value)) {
    problem(["hooks"], `expected an object of events, got ${describeJsonType(value)}`);
    return [];
  }
  const out: HookCommand[] = [];
  for (const [event, groups] of Object.entries(value)) {
    if (!(HOOK_EVENTS as readonly string[]).includes(event)) {
      if (FOREIGN_EVENTS.has(event)) note(`${source}: hooks.${event} is not run: mini-cc has no ${event} event yet`);
      else problem(["hooks", event], `unknown hook event (expected one of ${HOOK_EVENTS.join(", ")})`);
      continue;
    }
    if (!Array.isArray(groups)) {
      problem(["hooks", event], `expected an array of matcher groups, got ${describeJsonType(groups)}`);
      continue;
    }
    for (const [g, group] of groups.entries())
      out.push(...parseGroup(event as HookEvent, group, ["hooks", event, g], source, problem, note));
  }
  return out;
}

function parseGroup(
  event: HookEvent,
  group: unknown,
  at: PropertyKey[],
  source: string,
  problem: Problem,
  note: (text: string) => void,
): HookCommand[] {
  if (!isJsonObject(group)) {
    problem(at, `expected an object with "hooks", got ${describeJsonType(group)}`);
    return [];
  }
  const matcher = group["matcher"] ?? "";
  if (typeof matcher !== "string") {
    problem([...at, "matcher"], `expected a string, got ${describeJsonType(matcher)}`);
    return [];
  }
  const compiled = compileMatcher(matcher);
  if (compiled.kind === "bad") {
    problem([...at, "matcher"], `not a valid regular expression: ${compiled.why}`);
    return [];
  }
  const hooks = group["hooks"];
  if (!Array.isArray(hooks)) {
    problem([...at, "hooks"], `expected an array of hooks, got ${describeJsonType(hooks)}`);
    return [];
  }
  return hooks.flatMap((hook, h): HookCommand[] => {
    const field = [...at, "hooks", h];
    if (!isJsonObject(hook)) {
      problem(field, `expected an object, got ${describeJsonType(hook)}`);
      return [];
    }
    if (hook["type"] !== "command") {
      if (typeof hook["type"] === "string")
        note(`${source}: ${pathText(field)} is not run: mini-cc runs only "command" hooks, not "${hook["type"]}"`);
      else problem([...field, "type"], `expected "command", got ${describeJsonType(hook["type"])}`);
      return [];
    }
    const command = hook["command"];
    if (typeof command !== "string" || command.trim() === "") {
      problem(
        [...field, "command"],
        typeof command === "string" ? "must not be empty" : `expected a string, got ${describeJsonType(command)}`,
      );
      return [];
    }
    const timeout = hook["timeout"] ?? DEFAULT_HOOK_TIMEOUT_S;
    if (typeof timeout !== "number" || !(timeout > 0)) {
      problem([...field, "timeout"], `expected a number of seconds above 0, got ${JSON.stringify(timeout)}`);
      return [];
    }
    return [{ event, matcher, command, timeoutS: timeout, source }];
  });
}

function pathText(field: PropertyKey[]): string {
  return field
    .map((part, i) => (typeof part === "number" ? `[${part}]` : i === 0 ? String(part) : `.${String(part)}`))
    .join("");
}

/** How a hook reads in a list a person approves or browses: `PreToolUse (Bash): ./guard.sh`. */
export function hookLine(hook: HookCommand): string {
  const matcher = hook.matcher === "" || hook.matcher === "*" ? "" : ` (${hook.matcher})`;
  return `${hook.event}${matcher}: ${hook.command}`;
}
