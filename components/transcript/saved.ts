/**
 * A saved session's conversation as transcript actions, so a resumed session
 * shows what happened before, drawn by the same reducer as a live turn. A
 * call left without a result (mini-cc was killed while it ran: an abort
 * records one) says so, and so does a reply cut by the kill (what of it was
 * saved is shown), as the model is told on resume.
 */
import type { ConversationEntry } from "../../src/agent/conversation.ts";
import type { AgentEvent } from "../../src/agent/events.ts";
import { killedText } from "../../src/agent/tool-runner.ts";
import { stillRunningShown, stillRunningText, unfinishedTasks } from "../../src/agent/unfinished-tasks.ts";
import { CUT_REPLY_NOTE, CUT_REPLY_SHOWN, cutReply } from "../../src/agent/streamed-reply.ts";
import { summarizeCall } from "../../src/agent/tool-summary.ts";
import { AGENT_TOOL, summarizeAgentCall } from "../../src/agents/agent-tool.ts";
import { promptText } from "../../src/session/saved-sessions.ts";
import type { TranscriptAction } from "./reducer.ts";
import { resultWithDiff } from "./result-with-diff.ts";
import { fileDiffLines } from "../rows/file-diff.ts";
import { deferredLibraries } from "../runtime/deferred-libraries.ts";

const NO_USAGE = { input_tokens: 0, output_tokens: 0 };

export function savedTranscriptActions(entries: readonly ConversationEntry[]): TranscriptAction[] {
  const actions: TranscriptAction[] = [];
  const names = new Map<string, string>();
  /** Calls not answered yet, by id. */
  const unanswered = new Map<string, string>();
  const unfinished = unfinishedTasks(entries);
  /** Calls answered with a KILLED-like result here: their task is said there, not again below. */
  const saidKilled = new Set<string>();
  let open = false;
  /** Each Agent call's subagent lines, shown as its block just before its result. */
  const subagents = new Map<string, TranscriptAction[]>();
  const end = () => {
    for (const [id, name] of unanswered) {
      saidKilled.add(id);
      actions.push({
        type: "tool_result",
        id,
        name,
        result: { content: killedText(id, unfinished), isError: true },
        durationMs: 0,
      });
    }
    unanswered.clear();
    if (open) actions.push({ type: "turn_end", reason: "end_turn", numTurns: 0, resultText: "" });
    open = false;
  };
  for (const entry of entries) {
    switch (entry.type) {
      case "prompt":
        end();
        actions.push({ type: "turn-start", prompt: promptText(entry.content) });
        open = true;
        break;
      case "assistant":
        actions.push({ type: "assistant", message: entry.message, usage: entry.usage ?? NO_USAGE });
        for (const block of entry.message.content) {
          if (block.type !== "tool_use") continue;
          names.set(block.id, block.name);
          unanswered.set(block.id, block.name);
          actions.push({
            type: "tool_call",
            id: block.id,
            name: block.name,
            input: block.input,
            summary: savedCallSummary(block.name, block.input),
          });
        }
        break;
      case "tool_results":
        for (const block of entry.content) {
          unanswered.delete(block.tool_use_id);
          actions.push(...(subagents.get(block.tool_use_id) ?? []));
          subagents.delete(block.tool_use_id);
          const result = { content: block.content, isError: block.is_error === true };
          const action = {
            type: "tool_result" as const,
            id: block.tool_use_id,
            name: names.get(block.tool_use_id) ?? "tool",
            result,
            durationMs: 0,
          };
          // An Edit's or Write's diff, as the live turn showed it. Sessions saved before changes were kept show the
          // result's text, and so does the first frame, drawn before the diff library loads (the whole transcript is redrawn after).
          const change = entry.changes?.[block.tool_use_id];
          if (change && !result.isError && deferredLibraries())
            actions.push(...resultWithDiff(action, fileDiffLines(change.before, change.after, change.firstLine)));
          else actions.push(action);
        }
        break;
      case "compaction":
        end();
        actions.push({
          type: "compaction",
          trigger: entry.trigger,
          tokensBefore: entry.tokensBefore,
          tokensAfter: entry.tokensAfter,
          usage: { input_tokens: 0, output_tokens: 0 },
        });
        break;
      case "clear":
        end();
        actions.push({ type: "clear" });
        break;
      case "note":
        // For the model only ("[Request interrupted by user]", "go on"), but for the mark of a cut reply.
        if (entry.text === CUT_REPLY_NOTE) actions.push({ type: "notice", text: CUT_REPLY_SHOWN });
        else {
          const lost = stillRunningShown(entry.text);
          if (lost) actions.push({ type: "notice", text: lost });
        }
        break;
      case "partial":
        // Superseded by the line after it; left last, shown below as a cut reply.
        break;
      case "agent_entry": {
        const list = subagents.get(entry.parentId) ?? [];
        list.push(...subagentActions(entry));
        subagents.set(entry.parentId, list);
        break;
      }
      case "refused":
        actions.push({ type: "error", message: "The model declined to answer this request (stop reason: refusal)." });
        break;
    }
  }
  // A task whose call had moved to the background and never ended (a resume has not noted it yet).
  for (const task of unfinished.values())
    if (!saidKilled.has(task.toolUseId) && !unanswered.has(task.toolUseId))
      actions.push({ type: "notice", text: stillRunningText(task) });
  // A reply cut by the kill, its partial lines last (a resume records it, with the note above).
  const cut = cutReply(entries);
  if (cut !== undefined) {
    if (cut.trim() !== "")
      actions.push({
        type: "assistant",
        message: { role: "assistant", content: [{ type: "text", text: cut }] },
        usage: NO_USAGE,
      });
    actions.push({ type: "notice", text: CUT_REPLY_SHOWN });
  }
  end();
  return actions;
}

/** A subagent's saved line as the events its block is drawn from: its replies and the calls in them (nested agents within). */
function subagentActions(entry: Extract<ConversationEntry, { type: "agent_entry" }>): TranscriptAction[] {
  const inner: AgentEvent[] =
    entry.entry.type === "agent_entry"
      ? subagentActions(entry.entry).flatMap((action) => (action.type === "subagent" ? [action] : []))
      : entry.entry.type === "assistant"
        ? [
            { type: "assistant", message: entry.entry.message, usage: entry.entry.usage ?? NO_USAGE },
            ...entry.entry.message.content.flatMap((block): AgentEvent[] =>
              block.type === "tool_use"
                ? [
                    {
                      type: "tool_call",
                      id: block.id,
                      name: block.name,
                      input: block.input,
                      summary: savedCallSummary(block.name, block.input),
                    },
                  ]
                : [],
            ),
          ]
        : [];
  return inner.map((event) => ({ type: "subagent", parentId: entry.parentId, agent: entry.agent, event }));
}

/** A saved call's line: as the live one was for an Agent call (its tool is not at hand), else the generic form. */
function savedCallSummary(name: string, input: Record<string, unknown>): string {
  return name === AGENT_TOOL || name === "Task"
    ? `${name}(${summarizeAgentCall(input)})`
    : summarizeCall(name, undefined, input);
}
