/**
 * The model usage of subagents, found in their events (live) or their saved
 * lines (a resumed session), nested ones included: `/cost` counts it apart
 * from the main conversation's, and `/context` says it is not in this one.
 */
import type { ConversationEntry } from "../agent/conversation.ts";
import type { AgentEvent } from "../agent/events.ts";
import type { Usage } from "../model/messages.ts";

export interface SubagentReply {
  model: string | undefined;
  usage: Usage;
}

/** The reply a subagent event carries (however deep), if it is one. */
export function subagentReply(event: AgentEvent): SubagentReply | undefined {
  if (event.type !== "subagent") return undefined;
  let inner = event.event;
  while (inner.type === "subagent") inner = inner.event;
  if (inner.type === "assistant") return { model: inner.model, usage: inner.usage };
  if (inner.type === "compaction") return { model: undefined, usage: inner.usage };
  return undefined;
}

/** The reply a saved subagent line records, if it is one with its usage. */
export function savedSubagentReply(entry: ConversationEntry): SubagentReply | undefined {
  if (entry.type !== "agent_entry") return undefined;
  let inner = entry.entry;
  while (inner.type === "agent_entry") inner = inner.entry;
  return inner.type === "assistant" && inner.usage ? { model: inner.model, usage: inner.usage } : undefined;
}
