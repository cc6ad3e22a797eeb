/**
 * What the loop does after a reply, by its stop reason: a pure function of
 * the reply and the turn's state, so each of the API's endings is decided in
 * one place. `tool_use` runs the calls; `max_tokens` on text asks the model
 * to go on (up to a bound), on a tool call answers it unrun and retries once
 * with the model's whole output limit; `pause_turn` sends the reply back;
 * `refusal` ends the turn (the loop takes the prompt back).
 */
import type { AssistantMessage, StopReason, ToolUseBlock } from "../model/messages.ts";
import type { TurnEndReason } from "./events.ts";

/** What the model reads after the user stopped its reply (as Claude Code says it). */
export const INTERRUPTED_NOTE = "[Request interrupted by user]";
/** What the model reads after a reply cut at the output limit, to go on from there. */
export const CONTINUE_NOTE =
  "Output token limit hit. Resume directly — no apology, no recap of what you were doing. " +
  "Pick up mid-thought if that is where the cut happened. Break remaining work into smaller pieces.";
/** The tool_result of a call whose input the output limit cut. */
export const CUT_CALL_NOTE =
  "Not run: this tool call was cut off at the output token limit before its input was complete. " +
  "Call it again; for a large file, write it in smaller pieces.";
/** How many times one turn's text reply is continued after max_tokens before it ends with a notice. */
export const MAX_CONTINUATIONS = 3;

/** What a turn carries from reply to reply. */
export interface ReplyState {
  /** Text of replies continued (max_tokens, pause_turn), which the turn's result joins. */
  readonly continued: string;
  readonly continuations: number;
  /** The next request asks for the model's whole output limit. */
  readonly raiseMaxTokens: boolean;
}

export const FRESH_REPLY_STATE: ReplyState = { continued: "", continuations: 0, raiseMaxTokens: false };

/** Calls answered without running, and the error result they get. */
export interface UnrunCalls {
  readonly uses: readonly ToolUseBlock[];
  readonly note: string;
}

export type ReplyStep =
  | { kind: "run-tools"; uses: readonly ToolUseBlock[] }
  /** Request again: after answering `unrun`, adding `userNote`, with the new state (`pause` counts as a round). */
  | { kind: "again"; state: ReplyState; unrun?: UnrunCalls; userNote?: string; pause?: true }
  | { kind: "end"; reason: TurnEndReason; resultText: string; error?: string; unrun?: UnrunCalls };

export function afterReply(message: AssistantMessage, stopReason: StopReason, state: ReplyState): ReplyStep {
  const uses = message.content.filter((block): block is ToolUseBlock => block.type === "tool_use");
  const text = textOf(message);
  switch (stopReason) {
    case "tool_use":
      return { kind: "run-tools", uses };
    case "refusal":
      return { kind: "end", reason: "refusal", resultText: "", error: refusalMessage(text) };
    case "pause_turn":
      // The API paused a long turn (server tools): sending the reply back lets it go on.
      return { kind: "again", state: { ...state, continued: state.continued + text }, pause: true };
    case "max_tokens":
      return uses.length > 0 ? cutCall(uses, text, state) : cutText(text, state);
    default: {
      // Any other stop with a call in it: the call is answered unrun.
      const unrun = { uses, note: `Not run: the response ended with stop reason ${stopReason}.` };
      return { kind: "end", reason: "end_turn", resultText: state.continued + text, unrun };
    }
  }
}

function cutCall(uses: readonly ToolUseBlock[], text: string, state: ReplyState): ReplyStep {
  const unrun = { uses, note: CUT_CALL_NOTE };
  if (state.raiseMaxTokens) {
    const error = "The reply hit the output token limit twice while writing a tool call; the call was not run.";
    return { kind: "end", reason: "max_tokens", resultText: state.continued + text, error, unrun };
  }
  return { kind: "again", state: { ...state, raiseMaxTokens: true }, unrun };
}

function cutText(text: string, state: ReplyState): ReplyStep {
  const continued = state.continued + text;
  if (state.continuations >= MAX_CONTINUATIONS) {
    const error = `The reply hit the output token limit and stays cut off (continued ${MAX_CONTINUATIONS} times).`;
    return { kind: "end", reason: "max_tokens", resultText: continued, error };
  }
  return {
    kind: "again",
    state: { ...state, continued, continuations: state.continuations + 1 },
    userNote: CONTINUE_NOTE,
  };
}

function refusalMessage(text: string): string {
  const said = text.trim();
  return `The model declined to answer this request (stop reason: refusal); the prompt was taken back, so it is not sent again.${said !== "" ? ` It said: ${said}` : ""}`;
}

/** The reply's text blocks, joined by newlines. */
export function textOf(message: AssistantMessage): string {
  return message.content
    .filter((block) => block.type === "text")
    .map((block) => block.text)
    .join("\n");
}
