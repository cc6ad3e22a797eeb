/**
 * Folds agent events and the session's own actions into the transcript. Pure:
 * the store calls it, and tests call it directly.
 */
import type { AgentEvent } from "../../src/agent/events.ts";
import type { AssistantMessage } from "../../src/model/messages.ts";
import { resultLines } from "./result-preview.ts";
import { withSubagentDone, withSubagentEvent } from "./subagent-block.ts";
import type { TranscriptItem, TranscriptState } from "./items.ts";
import type { BodyLine } from "../rows/body-lines.ts";

/** Everything the transcript changes on: agent events plus what the session itself adds. */
export type TranscriptAction =
  | AgentEvent
  /** A prompt was sent to the agent: echo it and mark the turn running. */
  | { type: "turn-start"; prompt: string }
  /** A slash command the user typed, echoed like a prompt. */
  | { type: "user-input"; text: string }
  | { type: "command-output"; lines: readonly string[]; isError: boolean }
  | { type: "notice"; text: string }
  /** What an Edit or Write changed, shown under its result. */
  | { type: "file-diff"; lines: readonly BodyLine[] }
  | { type: "clear" };

type NewItem = TranscriptItem extends infer T ? (T extends TranscriptItem ? Omit<T, "id"> : never) : never;

function append(state: TranscriptState, item: NewItem): TranscriptState {
  const withId = { ...item, id: state.nextId } as TranscriptItem;
  return { ...state, items: [...state.items, withId], nextId: state.nextId + 1 };
}

/** Moves streamed text that never got its `assistant` event into the transcript. */
function flushLive(state: TranscriptState): TranscriptState {
  if (state.live === "") return state;
  const text = state.live.trim();
  const cleared = { ...state, live: "" };
  return text === "" ? cleared : append(cleared, { kind: "assistant", text });
}

function messageText(message: AssistantMessage): string {
  return message.content
    .flatMap((block) => (block.type === "text" ? [block.text] : []))
    .join("\n")
    .trim();
}

/** `mcp__tracker__list_issues(Todo)`: the agent's summary, named if it is not already. */
export function callLabel(name: string, summary: string): string {
  if (summary === "") return name;
  return summary.startsWith(name) ? summary : `${name}(${summary})`;
}

/** The reply's thinking blocks, each one folded item, before its text. */
function withThinking(state: TranscriptState, message: AssistantMessage): TranscriptState {
  let next = state;
  for (const block of message.content) {
    if (block.type === "thinking" && block.thinking.trim() !== "")
      next = append(next, { kind: "thinking", text: block.thinking.trim(), redacted: false });
    if (block.type === "redacted_thinking") next = append(next, { kind: "thinking", text: "", redacted: true });
  }
  return next;
}

function withoutRetry(state: TranscriptState): TranscriptState {
  if (state.retry === undefined) return state;
  const { retry: _gone, ...rest } = state;
  return rest;
}

function endTurn(state: TranscriptState, event: Extract<AgentEvent, { type: "turn_end" }>): TranscriptState {
  const done = { ...withoutRetry(flushLive(state)), running: false };
  if (event.reason === "aborted") return append(done, { kind: "notice", text: "Interrupted." });
  if (event.reason === "max_rounds") {
    return append(done, { kind: "notice", text: `Stopped after ${event.numTurns} rounds (the turn limit).` });
  }
  return done;
}

/** The boundary a compaction leaves in the transcript. */
export function compactionLine(event: Extract<AgentEvent, { type: "compaction" }>): string {
  const count = (n: number) => n.toLocaleString("en-US");
  const how = event.trigger === "auto" ? "automatically" : "with /compact";
  return `✻ Conversation compacted ${how}: ${count(event.tokensBefore)} → ${count(event.tokensAfter)} tokens (earlier messages are summarised for the model)`;
}

/** The next transcript; returns `state` itself when nothing visible changes. */
export function reduceTranscript(state: TranscriptState, action: TranscriptAction): TranscriptState {
  switch (action.type) {
    case "turn-start":
      return { ...append(flushLive(state), { kind: "user", text: action.prompt }), running: true };
    case "user-input":
      return append(state, { kind: "user", text: action.text });
    case "command-output":
      return append(state, { kind: "command", lines: action.lines, isError: action.isError });
    case "notice":
    case "hook_note":
      return append(state, { kind: "notice", text: action.text });
    case "file-diff":
      return action.lines.length === 0 ? state : append(state, { kind: "diff", lines: action.lines });
    case "clear":
      return { ...state, items: [], live: "" };
    case "system_note":
      return append(state, {
        kind: "system",
        label: action.label,
        text: action.text,
        ...(action.warning ? { warning: true } : {}),
      });
    case "text_delta":
      return action.text === "" ? state : { ...withoutRetry(state), live: state.live + action.text };
    case "retry":
      // The failed attempt's text is void: the retry streams it afresh.
      return { ...state, live: "", retry: action.retry };
    case "stream_event":
      return state;
    case "assistant": {
      const text = messageText(action.message);
      const thought = withThinking(withoutRetry(state), action.message);
      if (text === "") return flushLive(thought);
      return append({ ...thought, live: "" }, { kind: "assistant", text });
    }
    case "tool_call":
      return append(flushLive(state), { kind: "tool-call", label: callLabel(action.name, action.summary) });
    case "permission_denied":
      return append(state, { kind: "denied", toolUseId: action.id, name: action.name, message: action.message });
    case "tool_result": {
      const done = withSubagentDone(state, action.id, action.result.isError, action.durationMs);
      const last = done.items.at(-1);
      if (last?.kind === "denied" && last.toolUseId === action.id) return done;
      const lines = resultLines(action.result.content);
      return append(done, { kind: "tool-result", name: action.name, isError: action.result.isError, lines });
    }
    case "attachment":
      return append(state, {
        kind: "attachment",
        mention: action.mention,
        attached: action.attached,
        detail: action.detail,
      });
    case "error":
      return append(flushLive(withoutRetry(state)), { kind: "error", message: action.message });
    case "turn_end":
      return endTurn(state, action);
    case "compaction":
      return append(flushLive(state), { kind: "notice", text: compactionLine(action) });
    case "subagent":
      return withSubagentEvent(flushLive(state), action);
  }
}

/**
 * Many actions at once (a resumed session's transcript) in one pass: the
 * reducer only appends (or, for "clear", empties) and replaces at most the
 * last item, and it looks back at most at that one, so each step is given just it.
 */
export function foldTranscript(state: TranscriptState, actions: readonly TranscriptAction[]): TranscriptState {
  const items = [...state.items];
  let current: TranscriptState = { ...state, items: items.slice(-1) };
  for (const action of actions) {
    const next = reduceTranscript(current, action);
    if (next === current) continue;
    if (action.type === "clear") items.length = 0;
    else {
      // The last item may be replaced (a subagent's block taking in its next event).
      if (current.items.length > 0 && next.items[0] !== current.items[0]) items[items.length - 1] = next.items[0]!;
      for (let i = current.items.length; i < next.items.length; i++) items.push(next.items[i]!);
    }
    current = { ...next, items: next.items.slice(-1) };
  }
  return { ...current, items };
}
