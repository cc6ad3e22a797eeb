/**
 * The hooks around a turn, as the agent loop uses them: UserPromptSubmit
 * before the prompt goes to the model (it may refuse the prompt or add
 * context), Stop when the model is done (it may make it go on), PreCompact
 * before a summary, SessionStart's context with the first prompt.
 */
import type { HookEvent } from "./hook-events.ts";
import type { ImageBlock, TextBlock } from "../model/messages.ts";
import { Hooks, type HooksOptions } from "./hooks.ts";
import { hookNotes } from "./tool-hooks.ts";

export type PromptGate = { kind: "send"; context: readonly string[] } | { kind: "refused" };

/**
 * UserPromptSubmit: the prompt goes with any context the hooks (and
 * SessionStart's) added, or is refused: the user reads why, and the turn ends
 * here (its error and turn_end are yielded) without the prompt being kept.
 */
export async function* beforePrompt(
  hooks: Hooks,
  prompt: string | readonly (TextBlock | ImageBlock)[],
): AsyncGenerator<HookEvent, PromptGate> {
  const { context, notes } = await hooks.takeKept();
  for (const text of notes) yield { type: "hook_note", text };
  if (!hooks.has("UserPromptSubmit")) return { kind: "send", context };
  const text =
    typeof prompt === "string"
      ? prompt
      : prompt.flatMap((block) => (block.type === "text" ? [block.text] : [])).join("\n");
  const result = await hooks.run("UserPromptSubmit", { prompt: text });
  yield* hookNotes(result);
  const refused = result.stop ?? result.block;
  if (refused === undefined)
    return { kind: "send", context: result.context !== undefined ? [...context, result.context] : context };
  yield { type: "error", message: `A UserPromptSubmit hook refused the prompt: ${refused}` };
  yield { type: "turn_end", reason: "error", numTurns: 0, resultText: "" };
  return { kind: "refused" };
}

/** Stop: the model would end its turn; a hook that blocks (exit 2, decision "block") gives its reason to go on, else undefined. */
export async function* atTurnEnd(hooks: Hooks, stopHookActive: boolean): AsyncGenerator<HookEvent, string | undefined> {
  if (!hooks.has("Stop")) return undefined;
  const result = await hooks.run("Stop", { stop_hook_active: stopHookActive });
  yield* hookNotes(result);
  return result.stop !== undefined ? undefined : result.block;
}

/** PreCompact before a summary; SessionStart ("compact") after it, whose context goes with the next prompt. */
export async function* aroundCompaction(
  hooks: Hooks,
  moment: "before" | "after",
  trigger: "manual" | "auto",
  focus: string | undefined,
): AsyncGenerator<HookEvent, void> {
  if (moment === "before") {
    if (hooks.has("PreCompact"))
      yield* hookNotes(await hooks.run("PreCompact", { trigger, custom_instructions: focus ?? "" }, trigger));
    return;
  }
  yield* sessionStart(hooks, "compact");
}

/** SessionStart with its source (startup, resume, clear, compact): its context waits for the next prompt. */
export async function* sessionStart(
  hooks: Hooks,
  source: "startup" | "resume" | "clear" | "compact",
): AsyncGenerator<HookEvent, void> {
  if (!hooks.has("SessionStart")) return;
  const result = await hooks.run("SessionStart", { source }, source);
  yield* hookNotes(result);
  if (result.context !== undefined) hooks.addContext(result.context);
}

/** SessionStart or SessionEnd outside a turn: what the hooks say goes to `say` (stderr, the transcript). */
export async function sessionEdge(
  hooks: Hooks,
  edge: { start: "startup" | "resume" | "clear" } | { end: string },
  say: (line: string) => void,
): Promise<void> {
  const events = "start" in edge ? sessionStart(hooks, edge.start) : sessionEnd(hooks, edge.end);
  for await (const event of events) if (event.type === "hook_note") say(event.text);
}

async function* sessionEnd(hooks: Hooks, reason: string): AsyncGenerator<HookEvent, void> {
  if (hooks.has("SessionEnd")) yield* hookNotes(await hooks.run("SessionEnd", { reason }, reason));
}

/** The session's Hooks, with SessionStart run once `after` resolves (the first prompt waits for its context). */
export function startSessionHooks(
  options: HooksOptions & { after: Promise<void>; source: "startup" | "resume"; say: (line: string) => void },
): Hooks {
  const hooks = new Hooks(options);
  hooks.starting(async () => {
    await options.after;
    await sessionEdge(hooks, { start: options.source }, options.say);
  });
  return hooks;
}

/** `/clear`: SessionEnd ("clear") for the conversation that ends, SessionStart ("clear") for the new one; the next prompt waits for them. */
export function clearedSession(hooks: Hooks): void {
  hooks.starting(async () => {
    const keep = (line: string) => hooks.keepNote(line);
    await sessionEdge(hooks, { end: "clear" }, keep);
    await sessionEdge(hooks, { start: "clear" }, keep);
  });
}
