/**
 * What a hook's ending means, as Claude Code reads it: exit 0 is success
 * (its stdout may be JSON with decisions, or for UserPromptSubmit and
 * SessionStart plain context for the model), exit 2 blocks (its stderr is the
 * reason), any other ending is an error the user is told about in one line
 * while the session goes on. Then the results of one event's hooks, which ran
 * in parallel, made one.
 */
import { errorText } from "../errors.ts";
import { isJsonObject } from "../fs/json-path.ts";
import type { HookCommand, HookEvent } from "./hook-config.ts";
import { HOOK_OUTPUT_CAP_BYTES, type HookEnding } from "./hook-process.ts";

export type PermissionAnswer = "allow" | "deny" | "ask";

/** What one event's hooks decided. */
export interface HookResult {
  /** The action is blocked (a tool call, a prompt, the turn's end) or answered (PostToolUse): why, for the model (the user, for a prompt). */
  readonly block?: string;
  readonly permission?: PermissionAnswer;
  readonly permissionReason?: string;
  /** PreToolUse: the call's input, replaced. */
  readonly updatedInput?: Record<string, unknown>;
  /** Text the model reads with the prompt or the tool's result. */
  readonly context?: string;
  /** `continue: false`: the turn stops here; the reason is for the user. */
  readonly stop?: string;
  /** One line each, for the user. */
  readonly notes: readonly string[];
}

export const NO_RESULT: HookResult = { notes: [] };

/** Events whose plain stdout the model reads as context. */
const STDOUT_IS_CONTEXT: ReadonlySet<HookEvent> = new Set(["UserPromptSubmit", "SessionStart"]);
/** Events an exit 2 blocks; on the others exit 2's stderr is only shown. */
const EXIT_2_BLOCKS: ReadonlySet<HookEvent> = new Set(["PreToolUse", "PostToolUse", "UserPromptSubmit", "Stop"]);

/** `PreToolUse hook ./guard.sh (/p/.claude/settings.json)`: how a note names its hook. */
export function hookLabel(hook: HookCommand): string {
  const command = hook.command.length > 60 ? `${hook.command.slice(0, 59)}…` : hook.command;
  return `${hook.event} hook ${command} (${hook.source})`;
}

/** The meaning of one hook's ending. */
export function hookResult(hook: HookCommand, ending: HookEnding): HookResult {
  const label = hookLabel(hook);
  switch (ending.kind) {
    case "spawn-failed":
      return { notes: [`${label} could not start: ${ending.message}`] };
    case "timeout":
      return { notes: [`${label} timed out after ${hook.timeoutS}s: it and what it started were killed`] };
    case "too-much-output":
      return {
        notes: [
          `${label} printed more than ${HOOK_OUTPUT_CAP_BYTES / 1024 / 1024} MB: it was stopped and its output dropped`,
        ],
      };
    case "signal":
      return { notes: [`${label} was ended by ${ending.signal}${firstLine(ending.stderr, ": ")}`] };
    case "exited":
      if (ending.code === 2) {
        const reason = ending.stderr.trim() || `blocked by ${label}`;
        return EXIT_2_BLOCKS.has(hook.event)
          ? { block: reason, notes: [] }
          : { notes: [`${label}: ${oneLine(reason)}`] };
      }
      if (ending.code !== 0)
        return { notes: [`${label} failed with exit code ${ending.code}${firstLine(ending.stderr, ": ")}`] };
      return successResult(hook, ending.stdout, label);
  }
}

function successResult(hook: HookCommand, stdout: string, label: string): HookResult {
  const text = stdout.trim();
  const plain: HookResult = STDOUT_IS_CONTEXT.has(hook.event) && text !== "" ? { context: text, notes: [] } : NO_RESULT;
  if (!text.startsWith("{")) return plain;
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    const note = `${label} printed invalid JSON (${errorText(error)}): read as plain output`;
    return { ...plain, notes: [note] };
  }
  return isJsonObject(doc) ? jsonResult(hook.event, doc, label) : plain;
}

/** Claude Code's JSON output: the common fields, then the event's own. */
function jsonResult(event: HookEvent, doc: Record<string, unknown>, label: string): HookResult {
  const notes: string[] = [];
  const result: { -readonly [K in keyof HookResult]: HookResult[K] } = { notes };
  const specific = isJsonObject(doc["hookSpecificOutput"]) ? doc["hookSpecificOutput"] : {};
  const reason = str(doc["reason"]);
  if (doc["continue"] === false) result.stop = str(doc["stopReason"]) ?? `${label} stopped the turn`;
  const message = str(doc["systemMessage"]);
  if (message !== undefined) notes.push(message);
  const context = str(specific["additionalContext"]);
  if (context !== undefined) result.context = context;
  if (event === "PreToolUse") {
    const legacy = doc["decision"] === "approve" ? "allow" : doc["decision"] === "block" ? "deny" : undefined;
    const answer = specific["permissionDecision"] ?? legacy;
    if (answer === "allow" || answer === "deny" || answer === "ask") {
      result.permission = answer;
      const why = str(specific["permissionDecisionReason"]) ?? reason;
      if (why !== undefined) result.permissionReason = why;
    } else if (answer !== undefined) {
      notes.push(`${label}: permissionDecision ${JSON.stringify(answer)} is not allow, deny or ask: ignored`);
    }
    const updated = specific["updatedInput"];
    if (isJsonObject(updated)) result.updatedInput = updated;
    else if (updated !== undefined) notes.push(`${label}: updatedInput is not an object: ignored`);
  } else if (doc["decision"] === "block") {
    result.block = reason ?? `blocked by ${label}`;
  }
  return result;
}

/** The results of one event's hooks as one: deny wins over ask over allow; reasons, context and notes are joined. */
export function combineResults(results: readonly HookResult[]): HookResult {
  if (results.length === 1) return results[0]!;
  const join = (pick: (r: HookResult) => string | undefined) => {
    const all = results.map(pick).filter((text): text is string => text !== undefined);
    return all.length > 0 ? all.join("\n") : undefined;
  };
  const rank = { deny: 3, ask: 2, allow: 1 } as const;
  const decided = results
    .filter((r) => r.permission !== undefined)
    .sort((a, b) => rank[b.permission!] - rank[a.permission!])[0];
  const updated = results.filter((r) => r.updatedInput !== undefined).at(-1)?.updatedInput;
  const block = join((r) => r.block);
  const context = join((r) => r.context);
  const stop = results.find((r) => r.stop !== undefined)?.stop;
  return {
    ...(block !== undefined ? { block } : {}),
    ...(decided
      ? {
          permission: decided.permission!,
          ...(decided.permissionReason !== undefined ? { permissionReason: decided.permissionReason } : {}),
        }
      : {}),
    ...(updated ? { updatedInput: updated } : {}),
    ...(context !== undefined ? { context } : {}),
    ...(stop !== undefined ? { stop } : {}),
    notes: results.flatMap((r) => r.notes),
  };
}

function str(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

function oneLine(text: string): string {
  const first = text.trim().split("\n")[0] ?? "";
  return first.length > 200 ? `${first.slice(0, 199)}…` : first;
}

function firstLine(text: string, prefix: string): string {
  const line = oneLine(text);
  return line === "" ? "" : `${prefix}${line}`;
}
