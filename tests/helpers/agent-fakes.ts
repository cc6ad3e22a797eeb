/**
 * Small fakes for the agent loop's tests: a Model that replays canned replies
 * and records every request, Tools that record their calls, a PermissionPrompt
 * that replays decisions, and an Agent wired to them.
 */
import type { Hooks } from "../../src/hooks/hooks.ts";
import { Agent } from "../../src/agent/agent.ts";
import type {
  AgentEvent,
  PermissionDecision,
  PermissionMode,
  PermissionPrompt,
  PermissionRequest,
} from "../../src/agent/events.ts";
import { PermissionChain } from "../../src/agent/permissions.ts";
import { SystemContext } from "../../src/agent/system-sections.ts";
import type { ToolSearchSetting } from "../../src/agent/tool-search.ts";
import type { ConversationEntry } from "../../src/agent/conversation.ts";
import type { AssistantBlock, StopReason } from "../../src/model/messages.ts";
import type { Model, ModelEvent, ModelRequest } from "../../src/model/model.ts";
import { textResult, type Tool, type ToolContext, type ToolResult } from "../../src/tools/tool.ts";
import { FakeClock } from "./fake-clock.ts";

/** One canned reply: content blocks, or a failure, or a stream that never ends (ignoring its signal). */
export type FakeReply = { content: AssistantBlock[]; stopReason?: StopReason } | { error: Error } | { hang: true };

/** Replays replies in order; `requests` holds a deep copy of each request it got. */
export class FakeModel implements Model {
  readonly name = "fake";
  readonly requests: ModelRequest[] = [];
  readonly signals: AbortSignal[] = [];
  readonly #replies: FakeReply[];

  constructor(replies: FakeReply[]) {
    this.#replies = [...replies];
  }

  async *stream(request: ModelRequest, signal: AbortSignal): AsyncIterable<ModelEvent> {
    this.requests.push(structuredClone(request));
    this.signals.push(signal);
    const reply = this.#replies.shift();
    if (!reply) throw new Error("fake model: no reply left");
    if ("error" in reply) throw reply.error;
    if ("hang" in reply) {
      yield { type: "text_delta", text: "thinking" };
      await new Promise(() => {});
      return;
    }
    for (const block of reply.content) if (block.type === "text") yield { type: "text_delta", text: block.text };
    const hasToolUse = reply.content.some((block) => block.type === "tool_use");
    yield {
      type: "message",
      message: { role: "assistant", content: reply.content },
      stopReason: reply.stopReason ?? (hasToolUse ? "tool_use" : "end_turn"),
      usage: { input_tokens: 10, output_tokens: 5 },
    };
  }
}

/** A text block. */
export function text(value: string): AssistantBlock {
  return { type: "text", text: value };
}

/** A tool_use block. */
export function use(id: string, name: string, input: Record<string, unknown> = {}): AssistantBlock {
  return { type: "tool_use", id, name, input };
}

export interface FakeToolOptions {
  readOnly?: boolean;
  editsFiles?: boolean;
  /** The input field holding the path the call touches. */
  pathField?: string;
  run?: (input: Record<string, unknown>, ctx: ToolContext) => Promise<ToolResult>;
}

/** A tool whose calls are recorded in `calls`; by default it answers `<name> ok`. */
export interface FakeTool extends Tool {
  readonly calls: Array<Record<string, unknown>>;
}

export function fakeTool(name: string, options: FakeToolOptions = {}): FakeTool {
  const calls: Array<Record<string, unknown>> = [];
  const { pathField } = options;
  return {
    name,
    description: `The ${name} tool.`,
    inputSchema: { type: "object", properties: {} },
    readOnly: options.readOnly ?? false,
    editsFiles: options.editsFiles ?? false,
    ...(pathField
      ? { targetPaths: (input: Record<string, unknown>) => [input[pathField]].filter((p) => typeof p === "string") }
      : {}),
    calls,
    async run(input, ctx) {
      calls.push(input);
      return options.run ? options.run(input, ctx) : textResult(`${name} ok`);
    },
  };
}

/** A prompt that replays decisions in order and records the requests it saw. */
export function scriptedPrompt(decisions: PermissionDecision[]) {
  const requests: PermissionRequest[] = [];
  const prompt = async (request: PermissionRequest): Promise<PermissionDecision> => {
    requests.push(request);
    const decision = decisions.shift();
    if (!decision) throw new Error(`unexpected permission request for ${request.toolName}`);
    return decision;
  };
  return { prompt, requests };
}

export interface TestAgentOptions {
  replies: FakeReply[];
  tools?: Tool[];
  decisions?: PermissionDecision[];
  mode?: PermissionMode;
  allow?: string[];
  deny?: string[];
  maxRounds?: number;
  /** Replaces the scripted prompt built from `decisions`. */
  ask?: PermissionPrompt;
  /** Read before each request, like the runtime's tool list (wins over `tools`). */
  toolsNow?: () => Tool[];
  toolSearch?: ToolSearchSetting;
  /** Gets each change to the conversation, as a saved session does. */
  record?: (entry: ConversationEntry) => void;
  /** The session's hooks (src/hooks/hooks.ts). */
  hooks?: Hooks;
}

export const CWD = "/work/project";

/** An Agent over a FakeModel, with a fixed clock and no instruction files. */
export function testAgent(options: TestAgentOptions) {
  const model = new FakeModel(options.replies);
  const asked = scriptedPrompt(options.decisions ?? []);
  const permissions = new PermissionChain({
    mode: options.mode ?? "default",
    allow: options.allow ?? [],
    deny: options.deny ?? [],
    cwd: CWD,
  });
  // Each reading advances 5 ms, so every tool run takes exactly 5 ms.
  const clock = new FakeClock(new Date(2026, 9, 22, 9, 30), { stepMs: 5 });
  const system = new SystemContext({
    cwd: CWD,
    clock,
    mcpInstructions: () => "",
    readFile: () => ({ kind: "missing" }),
  });
  const agent = new Agent({
    model,
    tools: options.toolsNow ?? (() => options.tools ?? []),
    ...(options.toolSearch === undefined ? {} : { toolSearch: options.toolSearch }),
    ...(options.record === undefined ? {} : { record: options.record }),
    ...(options.hooks === undefined ? {} : { hooks: options.hooks }),
    permissions,
    ask: options.ask ?? asked.prompt,
    system,
    cwd: CWD,
    ...(options.maxRounds === undefined ? {} : { maxRounds: options.maxRounds }),
    clock,
  });
  return { agent, model, permissions, asked: asked.requests };
}

/** Runs a turn to its end and returns every event. */
export async function collect(events: AsyncIterable<AgentEvent>): Promise<AgentEvent[]> {
  const all: AgentEvent[] = [];
  for await (const event of events) all.push(event);
  return all;
}

/** Runs one turn with a signal that never fires. */
export function turn(agent: Agent, prompt: string): Promise<AgentEvent[]> {
  return collect(agent.runTurn(prompt, new AbortController().signal));
}
