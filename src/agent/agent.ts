/**
 * The agent loop: one user turn is a series of model requests, each followed by
 * the tool calls it asked for, until the model stops asking. Everything the
 * user should see comes out as AgentEvents; the TUI and print mode consume them.
 * The rounds of a turn are turn-loop.ts (a subagent runs the same loop), the calls
 * tool-runner.ts, each request request-stream.ts, compaction compaction-runner.ts.
 */
import { systemClock, type Clock } from "../clock.ts";
import type { AssistantMessage, Message, ToolResultBlock, ToolUseBlock, Usage } from "../model/messages.ts";
import type { Model, ModelRequest } from "../model/model.ts";
import type { FileExcerpt } from "../tools/file-excerpt.ts";
import { textResult, type Tool } from "../tools/tool.ts";
import { Conversation, type ConversationEntry } from "./conversation.ts";
import type { PromptContent } from "../model/messages.ts";
import { CompactionRunner, type CompactionOutcome } from "./compaction-runner.ts";
import type { AgentEvent, PermissionPrompt } from "./events.ts";
import type { PermissionChain } from "./permissions.ts";
import type { SystemContext } from "./system-sections.ts";
import { planTools, type ToolPlan, type ToolSearchSetting } from "./tool-search.ts";
import { runRounds, type TurnHost } from "./turn-loop.ts";
import { CUT_REPLY_NOTE, cutReply } from "./streamed-reply.ts";
import { errorMessage, killedText, resultBlock, ToolRunner } from "./tool-runner.ts";
import { stillRunningNote, unfinishedTasks } from "./unfinished-tasks.ts";
import type { Hooks } from "../hooks/hooks.ts";
import { beforePrompt, clearedSession } from "../hooks/turn-hooks.ts";
import type { Detaching } from "./detached-call.ts";

export interface AgentOptions {
  model: Model;
  /** Read before every request: MCP servers come and go during a session. */
  tools: () => readonly Tool[];
  permissions: PermissionChain;
  /** Answers the calls the chain says to ask about. */
  ask: PermissionPrompt;
  system: SystemContext;
  cwd: string;
  /** Tool rounds allowed in one turn; 50 by default. */
  maxRounds?: number;
  /** Times tool runs; the system clock by default. */
  clock?: Clock;
  /** Whether MCP tools are deferred behind ToolSearch (ENABLE_TOOL_SEARCH); off by default. */
  toolSearch?: ToolSearchSetting;
  /** Told every change to the conversation, in order (the saved session). */
  record?: (entry: ConversationEntry) => void;
  /** Compact before a request would pass this share of the context window (MINI_CC_AUTOCOMPACT_PCT); 0 is off. Default 90. */
  autoCompactPct?: number;
  /** The session's hooks (settings files); none when absent. */
  hooks?: Hooks;
  /** For a subagent: its name, shown on the approvals its calls ask for. */
  agentName?: string;
  /** Where tool calls moved to the background go (detached-call.ts); without it none is moved. */
  detaching?: Detaching;
  /** Reminders the model gets once, with its next request (a background task ended); read before each request. */
  reminders?: () => readonly string[];
}

export { INTERRUPTED, KILLED, STOPPED_AT_APPROVAL } from "./tool-runner.ts";

/** Runs turns against one conversation, which it keeps across turns. */
export class Agent {
  readonly #options: AgentOptions;
  readonly #maxRounds: number;
  readonly #conversation = new Conversation();
  readonly #compaction: CompactionRunner;
  readonly #tools: ToolRunner;
  readonly #host: TurnHost;
  #notesShown = false;
  /** Tool search's `auto` is decided once per session (the first request with MCP tools): flipping later would change the whole prompt. */
  #deferDecided: boolean | undefined;

  constructor(options: AgentOptions) {
    this.#options = options;
    this.#maxRounds = options.maxRounds ?? 50;
    const hooks = options.hooks ? { hooks: options.hooks } : {};
    this.#tools = new ToolRunner({
      permissions: options.permissions,
      ask: options.ask,
      cwd: options.cwd,
      clock: options.clock ?? systemClock,
      ...hooks,
      ...(options.agentName === undefined ? {} : { agentName: options.agentName }),
      ...(options.detaching ? { detaching: options.detaching } : {}),
    });
    this.#compaction = new CompactionRunner({
      model: options.model,
      conversation: this.#conversation,
      pct: options.autoCompactPct,
      record: (entry) => this.#record(entry),
      ...hooks,
    });
    this.#host = {
      model: options.model,
      maxRounds: this.#maxRounds,
      hooks: options.hooks,
      compaction: this.#compaction,
      tools: this.#tools,
      messageCount: () => this.#conversation.messages.length,
      plan: () => this.#plan(),
      request: (plan) => this.#request(plan),
      notes: () => this.#notes(),
      record: (entry) => this.#record(entry),
      addAssistant: (message, usage, model) => this.#addAssistant(message, usage, model),
      addNote: (text) => this.#addNote(text),
      addToolResults: (results, changes) => this.#addToolResults(results, changes),
      addReminders: () => this.#addReminders(),
    };
  }

  async *#notes(): AsyncGenerator<AgentEvent, void> {
    if (this.#notesShown) return;
    this.#notesShown = true;
    yield* this.#options.system.notes();
  }

  /**
   * Continues a saved conversation: its recorded changes (`entries()`, read
   * when the conversation is first needed) are replayed. What mini-cc's death
   * cut off is said: a call the session never answered, a reply it was
   * receiving (kept as far as it was saved, then marked as cut).
   */
  restore(entries: () => readonly ConversationEntry[]): void {
    this.#compaction.forgetUsage();
    this.#conversation.replayOnFirstUse(entries, () => {
      this.#compaction.resumeFrom(entries());
      const last = this.#conversation.messages.at(-1);
      const uses =
        last?.role === "assistant"
          ? last.content.filter((block): block is ToolUseBlock => block.type === "tool_use")
          : [];
      const unfinished = unfinishedTasks(entries());
      if (uses.length > 0)
        this.#addToolResults(uses.map((use) => resultBlock(use.id, textResult(killedText(use.id, unfinished), true))));
      // A task whose call had moved to the background: its result never came. Said once.
      for (const task of unfinished.values()) {
        if (!uses.some((use) => use.id === task.toolUseId)) this.#addNote(stillRunningNote(task));
        this.#record({ ...task, ended: true });
      }
      const cut = cutReply(entries());
      if (cut === undefined) return;
      if (cut.trim() !== "")
        this.#addAssistant({ role: "assistant", content: [{ type: "text", text: cut }] }, undefined);
      this.#addNote(CUT_REPLY_NOTE);
    });
  }

  /** The request the next turn would send now, less its new prompt (`/context`). */
  nextRequest(): ModelRequest {
    return this.#request(this.#plan());
  }

  /** Replaces the conversation with a saved one (`/resume`), recording nothing: the saved file already holds it. */
  load(entries: readonly ConversationEntry[]): void {
    this.#conversation.clear();
    this.restore(() => entries);
  }

  /** The estimated tokens of the next request, and the auto-compact threshold (`/context`, the footer). */
  contextUse(): { tokens: number; windowTokens: number; thresholdTokens: number | undefined } {
    return this.#compaction.use(this.#request(this.#plan()));
  }

  /** `/compact [focus]`: summarises the conversation now. Never throws; ends with `turn_end`. */
  async *compact(focus: string | undefined, signal: AbortSignal): AsyncGenerator<AgentEvent, void> {
    let outcome: CompactionOutcome;
    try {
      outcome = yield* this.#compaction.run({ trigger: "manual", focus, base: this.#request(this.#plan()), signal });
    } catch (error) {
      outcome = { kind: "error", message: errorMessage(error) };
    }
    if (outcome.kind === "error") yield { type: "error", message: outcome.message };
    const reason = outcome.kind === "done" ? "end_turn" : outcome.kind === "aborted" ? "aborted" : "error";
    yield { type: "turn_end", reason, numTurns: outcome.kind === "done" ? 1 : 0, resultText: "" };
  }

  /** The conversation so far. */
  get messages(): readonly Message[] {
    return this.#conversation.messages;
  }

  /** Starts a new conversation (/clear). */
  clear(): void {
    if (this.#options.hooks) clearedSession(this.#options.hooks);
    this.#conversation.clear();
    this.#compaction.forgetUsage();
    this.#record({ type: "clear" });
  }

  #record(entry: ConversationEntry): void {
    this.#options.record?.(entry);
  }

  /** `usage` is left out for a reply that never finished (nothing was reported for it). */
  #addAssistant(message: AssistantMessage, usage: Usage | undefined, model?: string): void {
    this.#conversation.addAssistant(message);
    if (message.content.length > 0)
      this.#record({
        type: "assistant",
        message,
        ...(usage ? { usage } : {}),
        model: model ?? this.#options.model.name,
      });
  }

  /** What happened meanwhile (a background task ended) joins the user's side before a request, each said once. */
  #addReminders(): void {
    // After a paused reply the request continues it: a user line there would break it, so reminders wait.
    if (!this.#options.reminders || this.#conversation.messages.at(-1)?.role !== "user") return;
    for (const text of this.#options.reminders()) this.#addNote(text);
  }

  /** A line the model reads with the next prompt ("[Request interrupted by user]", the max_tokens continuation). */
  #addNote(text: string): void {
    this.#conversation.addUserText(text);
    this.#record({ type: "note", text });
  }

  /** `changes`: the file changes the calls made, saved beside the results (not sent) so a resume shows their diffs. */
  #addToolResults(results: ToolResultBlock[], changes: Record<string, FileExcerpt> = {}): void {
    this.#conversation.addToolResults(results);
    const saved = Object.keys(changes).length > 0 ? { changes } : {};
    if (results.length > 0) this.#record({ type: "tool_results", content: results, ...saved });
  }

  /** Runs one user turn (text, or blocks: a server prompt, attached resources). Never throws: failures are `error` events, and a turn always ends with `turn_end`. */
  async *runTurn(prompt: PromptContent, signal: AbortSignal): AsyncGenerator<AgentEvent, void> {
    const gate = this.#options.hooks ? yield* beforePrompt(this.#options.hooks, prompt) : undefined;
    if (gate?.kind === "refused") return;
    const before = this.#conversation.messages;
    this.#conversation.addPrompt(prompt);
    this.#record({ type: "prompt", content: prompt });
    // What hooks add for the model goes with the prompt, in the same message.
    for (const context of gate?.context ?? []) this.#addNote(context);
    const count = { requests: 0 };
    const { reason, resultText = "" } = yield* runRounds(this.#host, prompt, signal, count);
    // A refused prompt is taken back, so the next one is not sent with it.
    if (reason === "refusal") {
      this.#conversation.rewind(before);
      this.#record({ type: "refused" });
    }
    yield { type: "turn_end", reason, numTurns: count.requests, resultText };
  }

  /** The names of the tools the next request offers, and which of them are deferred (stream-json's init). */
  offeredTools(): { tools: string[]; deferred: string[] } {
    const plan = this.#plan();
    return { tools: plan.specs.map((spec) => spec.name), deferred: plan.deferred.map((tool) => tool.name) };
  }

  #plan(): ToolPlan {
    const { toolSearch = { kind: "off" }, model } = this.#options;
    const tools = this.#options.tools();
    const setting =
      toolSearch.kind === "auto" && this.#deferDecided !== undefined ? decided(this.#deferDecided) : toolSearch;
    const plan = planTools(tools, this.#conversation.messages, {
      setting,
      contextWindowTokens: model.contextWindowTokens,
    });
    if (
      toolSearch.kind === "auto" &&
      this.#deferDecided === undefined &&
      tools.some((tool) => tool.server !== undefined)
    ) {
      this.#deferDecided = plan.deferred.length > 0;
    }
    return plan;
  }

  #request(plan: ToolPlan): ModelRequest {
    const system = [...this.#options.system.sections()];
    return {
      system: plan.section ? [...system, plan.section] : system,
      messages: [...this.#conversation.messages],
      tools: plan.specs,
    };
  }
}

/** Tool search's `auto`, once decided: on or off for the rest of the session. */
function decided(defer: boolean): ToolSearchSetting {
  return defer ? { kind: "on" } : { kind: "off" };
}
