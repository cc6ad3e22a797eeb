/**
 * PreToolUse and PostToolUse around one tool call, as the tool runner uses
 * them: before, a hook may refuse the call (the model reads why), answer its
 * permission (allow or ask, still under every deny rule), or replace its
 * input; after, it may tell the model more about the result.
 */
import type { HookAnswer, HookEvent } from "./hook-events.ts";
import type { ToolResult } from "../tools/tool.ts";
import type { HookResult } from "./hook-outcome.ts";
import type { Hooks } from "./hooks.ts";

export type BeforeToolCall =
  | { kind: "run"; input: Record<string, unknown>; answer?: HookAnswer; stop?: string }
  | { kind: "refused"; message: string; stop?: string };

interface Call {
  readonly id: string;
  readonly name: string;
  readonly input: Record<string, unknown>;
}

/** The notes of a result, as events. */
export function* hookNotes(result: HookResult): Generator<HookEvent> {
  for (const text of result.notes) yield { type: "hook_note", text };
}

export async function* beforeToolCall(hooks: Hooks, call: Call): AsyncGenerator<HookEvent, BeforeToolCall> {
  const result = await hooks.run(
    "PreToolUse",
    { tool_name: call.name, tool_input: call.input, tool_use_id: call.id },
    call.name,
  );
  yield* hookNotes(result);
  const stop = result.stop !== undefined ? { stop: result.stop } : {};
  if (result.stop !== undefined)
    return { kind: "refused", message: `A PreToolUse hook stopped the turn: ${result.stop}`, ...stop };
  if (result.block !== undefined)
    return { kind: "refused", message: `PreToolUse hook blocked this call: ${result.block}` };
  if (result.permission === "deny") {
    return {
      kind: "refused",
      message: `PreToolUse hook denied this call${result.permissionReason ? `: ${result.permissionReason}` : "."}`,
    };
  }
  const input = result.updatedInput ?? call.input;
  const answer = result.permission
    ? { answer: result.permission, ...(result.permissionReason ? { reason: result.permissionReason } : {}) }
    : undefined;
  return { kind: "run", input, ...(answer ? { answer } : {}) };
}

/** The result as the model reads it: what a PostToolUse hook answered (exit 2, decision "block", additionalContext) comes after it. */
export async function* afterToolCall(
  hooks: Hooks,
  call: Call,
  result: ToolResult,
): AsyncGenerator<HookEvent, { result: ToolResult; stop?: string }> {
  const after = await hooks.run(
    "PostToolUse",
    { tool_name: call.name, tool_input: call.input, tool_response: result.content, tool_use_id: call.id },
    call.name,
  );
  yield* hookNotes(after);
  const said = [after.block, after.context].filter((text): text is string => text !== undefined && text !== "");
  const stop = after.stop !== undefined ? { stop: after.stop } : {};
  if (said.length === 0) return { result, ...stop };
  const note = `PostToolUse hook: ${said.join("\n")}`;
  const content =
    typeof result.content === "string"
      ? `${result.content}\n\n${note}`
      : [...result.content, { type: "text" as const, text: note }];
  return { result: { ...result, content }, ...stop };
}
