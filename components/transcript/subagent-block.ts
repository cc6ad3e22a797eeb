/**
 * A subagent's work under its Agent call: one transcript item per Agent call,
 * updated in place as the subagent's events come in (its tool calls, its
 * messages, its tokens), marked done with its time when the call's result
 * arrives. Folded to its last few calls until Ctrl+O. Pure: the reducer and
 * the row builder call these.
 */
import chalk from "chalk";
import type { AgentEvent } from "../../src/agent/events.ts";
import type { Usage } from "../../src/model/messages.ts";
import type { SubagentStep, TranscriptItem, TranscriptState } from "./items.ts";
import { visibleText, wrapLines } from "./text.ts";

export type SubagentItem = Extract<TranscriptItem, { kind: "subagent" }>;
type SubagentEvent = Extract<AgentEvent, { type: "subagent" }>;

/** Calls shown while the block is folded. */
export const FOLDED_STEPS = 3;

/** The state with `event` folded into its Agent call's block (made when it is the first). */
export function withSubagentEvent(state: TranscriptState, event: SubagentEvent): TranscriptState {
  const at = findBlock(state.items, event.parentId);
  const block: SubagentItem =
    at >= 0
      ? (state.items[at] as SubagentItem)
      : {
          kind: "subagent",
          id: state.nextId,
          parentId: event.parentId,
          agent: event.agent,
          steps: [],
          toolUses: 0,
          tokens: 0,
          done: false,
          isError: false,
        };
  const next = folded(block, event.event, "");
  if (next === block && at >= 0) return state;
  if (at < 0) return { ...state, items: [...state.items, next], nextId: state.nextId + 1 };
  const items = [...state.items];
  items[at] = next;
  return { ...state, items };
}

/** The block of Agent call `id` marked finished, when there is one. */
export function withSubagentDone(
  state: TranscriptState,
  id: string,
  isError: boolean,
  durationMs: number,
): TranscriptState {
  const at = findBlock(state.items, id);
  if (at < 0) return state;
  const items = [...state.items];
  items[at] = { ...(items[at] as SubagentItem), done: true, isError, durationMs };
  return { ...state, items };
}

function findBlock(items: readonly TranscriptItem[], parentId: string): number {
  for (let i = items.length - 1; i >= 0; i--) {
    const item = items[i]!;
    if (item.kind === "subagent" && item.parentId === parentId) return i;
  }
  return -1;
}

/** `prefix`: the nested agent's name, for a subagent's own subagent. */
function folded(block: SubagentItem, event: AgentEvent, prefix: string): SubagentItem {
  const step = (kind: SubagentStep["kind"], text: string) => ({
    ...block,
    steps: [...block.steps, { kind, text: prefix + text }],
  });
  switch (event.type) {
    case "tool_call":
      return {
        ...step(
          "call",
          event.summary.startsWith(event.name) || event.summary === ""
            ? event.summary || event.name
            : `${event.name}(${event.summary})`,
        ),
        toolUses: block.toolUses + 1,
      };
    case "assistant": {
      const text = event.message.content
        .flatMap((b) => (b.type === "text" ? [b.text] : []))
        .join(" ")
        .trim();
      const counted = { ...block, tokens: block.tokens + tokens(event.usage) };
      return text === "" ? counted : { ...step("text", firstLine(text)), tokens: counted.tokens };
    }
    case "error":
      return step("error", firstLine(event.message));
    case "subagent":
      return folded(block, event.event, `${prefix}${event.agent} › `);
    default:
      return block;
  }
}

function tokens(usage: Usage): number {
  return (
    usage.input_tokens +
    usage.output_tokens +
    (usage.cache_read_input_tokens ?? 0) +
    (usage.cache_creation_input_tokens ?? 0)
  );
}

function firstLine(text: string): string {
  const line = text.split("\n").find((l) => l.trim() !== "") ?? "";
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

/** `⎿ reader · 3 tool uses · 1.2k tokens · 2.1s`, then its steps: the last calls folded, all of it with Ctrl+O. */
export function subagentRows(item: SubagentItem, width: number, expanded: boolean): string[] {
  const uses = `${item.toolUses} tool use${item.toolUses === 1 ? "" : "s"}`;
  const status = !item.done ? "running…" : item.durationMs ? `${(item.durationMs / 1000).toFixed(1)}s` : "done";
  const head = `${visibleText(item.agent)} · ${uses} · ${formatTokens(item.tokens)} tokens · ${status}`;
  const mark = item.done ? (item.isError ? chalk.red("✘ ") : chalk.green("✔ ")) : chalk.yellow("◌ ");
  const shown = expanded ? item.steps : item.steps.filter((s) => s.kind !== "text").slice(-FOLDED_STEPS);
  const hidden = item.steps.length - shown.length;
  const style = {
    call: (s: string) => `${chalk.blue("⏺")} ${s}`,
    text: (s: string) => chalk.dim(`● ${s}`),
    error: (s: string) => chalk.red(`✘ ${s}`),
  };
  const rows = shown.flatMap((s) => {
    const text = style[s.kind](visibleText(s.text));
    return (expanded ? wrapLines(text, width - 6) : [text]).map((row) => `      ${row}`);
  });
  const more = hidden > 0 ? [chalk.dim(`      … ${hidden} more (ctrl+o to expand)`)] : [];
  return [`  ${chalk.dim("⎿")} ${mark}${chalk.dim(head)}`, ...rows, ...more];
}

function formatTokens(n: number): string {
  return n >= 1000 ? `${(n / 1000).toFixed(1)}k` : String(n);
}
