/**
 * The Agent tool (Claude Code's; `Task` is its old name): `{description,
 * prompt, subagent_type}` starts a subagent that works on its own and answers
 * with its final message. Calls in one round run at once, four at a time;
 * agents may nest two deep. It asks no permission itself: every call the
 * subagent makes goes through the session's permission chain.
 */
import type { AgentEvent } from "../agent/events.ts";
import type { StreamingTool } from "../agent/streaming-tool.ts";
import { terminalSafeLine } from "../text/terminal-safe.ts";
import { textResult, type ToolContext, type ToolResult } from "../tools/tool.ts";
import { stringField, ToolInput } from "../tools/tool-input.ts";
import { errorText } from "../errors.ts";
import type { AgentDefinition } from "./definition.ts";
import { runSubagent, type SubagentContext } from "./subagent.ts";

export const AGENT_TOOL = "Agent";
/** The deepest a subagent may be: the main thread's subagent is 1, its own subagent 2. */
export const MAX_AGENT_DEPTH = 2;
/** Subagents running at once in one round; more wait their turn. */
export const AGENT_CONCURRENCY = 4;

export class AgentTool implements StreamingTool {
  readonly name = AGENT_TOOL;
  readonly aliases = ["Task"];
  readonly readOnly = true;
  readonly concurrency = AGENT_CONCURRENCY;
  readonly inputSchema = {
    type: "object",
    properties: {
      description: { type: "string", description: "A short (3-5 word) description of the task" },
      prompt: { type: "string", description: "The task for the agent to perform" },
      subagent_type: { type: "string", description: "The type of specialized agent to use for this task" },
    },
    required: ["description", "prompt", "subagent_type"],
  };
  readonly #agents: () => readonly AgentDefinition[];
  readonly #context: SubagentContext;
  /** How deep a subagent this tool starts would be. */
  readonly #depth: number;

  constructor(agents: () => readonly AgentDefinition[], context: SubagentContext, depth = 1) {
    this.#agents = agents;
    this.#context = context;
    this.#depth = depth;
  }

  get description(): string {
    const listed = this.#agents().map((agent) => {
      const tools = agent.tools === undefined ? "*" : agent.tools.join(", ");
      return `- ${agent.name}: ${agent.description} (Tools: ${tools})`;
    });
    return [
      "Launches a new agent to handle a complex, multi-step task on its own. It starts with a fresh context holding only your prompt,",
      "so say everything it needs; its final message comes back as this tool's result (the user does not see it: summarise it).",
      "Launch several at once, in one message, when the tasks are independent.",
      "",
      "Available agent types and the tools they have:",
      ...listed,
    ].join("\n");
  }

  summarize(input: Record<string, unknown>): string {
    return summarizeAgentCall(input);
  }

  async run(input: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult> {
    const events = this.runStreaming(input, ctx);
    for (;;) {
      const step = await events.next();
      if (step.done) return step.value;
    }
  }

  async *runStreaming(input: Record<string, unknown>, ctx: ToolContext): AsyncGenerator<AgentEvent, ToolResult> {
    let prompt: string;
    let type: string;
    try {
      const fields = new ToolInput(this.name, input);
      fields.string("description");
      prompt = fields.string("prompt");
      type = fields.optionalString("subagent_type") ?? "general-purpose";
    } catch (error) {
      return textResult(errorText(error), true);
    }
    const agents = this.#agents();
    const definition = agents.find((agent) => agent.name === type);
    if (!definition) {
      const known = agents.map((agent) => agent.name).join(", ");
      return textResult(
        `Agent type ${JSON.stringify(terminalSafeLine(type))} not found. Available agents: ${known}`,
        true,
      );
    }
    if (this.#depth > MAX_AGENT_DEPTH)
      return textResult(
        `Agents may nest at most ${MAX_AGENT_DEPTH} deep: this agent cannot start another. Do the work yourself.`,
        true,
      );
    const nested = new AgentTool(this.#agents, this.#context, this.#depth + 1);
    return yield* runSubagent(this.#context, {
      definition,
      prompt,
      parentId: ctx.toolUseId ?? "",
      signal: ctx.signal,
      nestedAgentTool: nested,
    });
  }
}

/** `finder: find the notes` — the transcript's line for an Agent call, live or resumed. */
export function summarizeAgentCall(input: Record<string, unknown>): string {
  const type = stringField(input, "subagent_type") ?? "general-purpose";
  return `${terminalSafeLine(type)}: ${terminalSafeLine(stringField(input, "description") ?? "")}`;
}
