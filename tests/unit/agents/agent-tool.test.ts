import { describe, expect, it } from "vitest";
import { Agent } from "../../../src/agent/agent.ts";
import type { AgentEvent, PermissionPrompt, PermissionRequest } from "../../../src/agent/events.ts";
import { PermissionChain } from "../../../src/agent/permissions.ts";
import { SystemContext } from "../../../src/agent/system-sections.ts";
import type { AgentServers } from "../../../src/agents/agent-servers.ts";
import { AgentTool } from "../../../src/agents/agent-tool.ts";
import { GENERAL_PURPOSE } from "../../../src/agents/load-agents.ts";
import type { AssistantBlock, Message } from "../../../src/model/messages.ts";
import type { Model, ModelEvent, ModelRequest } from "../../../src/model/model.ts";
import type { Tool } from "../../../src/tools/tool.ts";
import { collect, CWD, fakeTool, text, use } from "../../helpers/agent-fakes.ts";
import { FakeClock } from "../../helpers/fake-clock.ts";

const promptOf = (messages: readonly Message[]) => {
  const first = messages[0]!.content;
  return typeof first === "string" ? first : first.map((b) => ("text" in b ? b.text : "")).join("");
};

/**
 * Answers the main thread from `main` in order, and each subagent (its first message
 * is its prompt) with `sub(prompt)`; counts how many subagent requests are in flight.
 */
class RoutingModel implements Model {
  readonly name = "routing";
  inFlight = 0;
  maxInFlight = 0;
  readonly subRequests: ModelRequest[] = [];
  readonly main: AssistantBlock[][];
  readonly sub: (prompt: string, request: ModelRequest, signal: AbortSignal) => Promise<AssistantBlock[]>;
  constructor(main: AssistantBlock[][], sub: RoutingModel["sub"]) {
    this.main = main;
    this.sub = sub;
  }
  async *stream(request: ModelRequest, signal: AbortSignal): AsyncIterable<ModelEvent> {
    const prompt = promptOf(request.messages);
    let content: AssistantBlock[];
    if (prompt === "main") content = this.main.shift()!;
    else {
      this.subRequests.push(structuredClone(request));
      this.inFlight += 1;
      this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
      try {
        content = await this.sub(prompt, request, signal);
      } finally {
        this.inFlight -= 1;
      }
    }
    yield {
      type: "message",
      message: { role: "assistant", content },
      stopReason: content.some((b) => b.type === "tool_use") ? "tool_use" : "end_turn",
      usage: { input_tokens: 10, output_tokens: 5 },
    };
  }
}

/** The general-purpose agent names no server: it gets none. */
const noServers: AgentServers = { serversForAgent: async () => ({ tools: [], failures: [], release() {} }) };

const allowAll: PermissionPrompt = async () => ({ behavior: "allow", scope: "once" });

function setup(model: RoutingModel, tools: Tool[], ask: PermissionPrompt = allowAll) {
  const clock = new FakeClock(new Date(2026, 9, 22, 9, 30), { stepMs: 5 });
  const permissions = new PermissionChain({ mode: "default", allow: [], deny: [], cwd: CWD });
  const agentTool: AgentTool = new AgentTool(() => [GENERAL_PURPOSE], {
    model,
    modelFor: async () => model,
    parentTools: () => tools,
    permissions,
    ask,
    cwd: CWD,
    clock,
    servers: noServers,
  });
  const agent = new Agent({
    model,
    tools: () => [...tools, agentTool],
    permissions,
    ask,
    system: new SystemContext({ cwd: CWD, clock, mcpInstructions: () => "", readFile: () => ({ kind: "missing" }) }),
    cwd: CWD,
    clock,
  });
  return agent;
}

const agentCall = (id: string, prompt: string) =>
  use(id, "Agent", { description: "d", prompt, subagent_type: "general-purpose" });
const results = (events: AgentEvent[]) =>
  events.flatMap((e) => (e.type === "tool_result" ? [[e.id, e.result.content, e.result.isError]] : []));

describe("the Agent tool's runs", () => {
  it("runs subagents of one round at once, four at a time, the rest queued, each result under its own call", async () => {
    const calls = Array.from({ length: 6 }, (_, i) => agentCall(`call${i}`, `task ${i}`));
    const model = new RoutingModel([calls, [text("all done")]], async (prompt) => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      return [text(`done: ${prompt}`)];
    });
    const events = await collect(setup(model, []).runTurn("main", new AbortController().signal));
    expect(model.maxInFlight).toBe(4);
    expect(model.subRequests).toHaveLength(6);
    expect(results(events)).toEqual(calls.map((_, i) => [`call${i}`, `done: task ${i}`, false]));
  });

  it("asks for a subagent's call with the agent's name on the request, through the same chain", async () => {
    const write = fakeTool("Write");
    const asked: PermissionRequest[] = [];
    const model = new RoutingModel([[agentCall("a1", "write it")], [text("ok")]], async (_prompt, request) =>
      request.messages.length === 1 ? [use("w1", "Write", { file_path: "x" })] : [text("written")],
    );
    const agent = setup(model, [write], async (request) => {
      asked.push(request);
      return { behavior: "allow", scope: "once" };
    });
    const events = await collect(agent.runTurn("main", new AbortController().signal));
    expect(asked.map((r) => [r.toolName, r.agent])).toEqual([["Write", "general-purpose"]]);
    expect(write.calls).toHaveLength(1);
    expect(results(events)).toContainEqual(["a1", "written", false]);
    // The subagent's own events come wrapped under the Agent call.
    const nested = events.filter((e) => e.type === "subagent");
    expect(nested.every((e) => e.type === "subagent" && e.parentId === "a1" && e.agent === "general-purpose")).toBe(
      true,
    );
    expect(nested.map((e) => e.type === "subagent" && e.event.type)).toContain("tool_call");
  });

  it("stops the subagent and the parent's turn on Esc", async () => {
    const controller = new AbortController();
    const model = new RoutingModel([[agentCall("a1", "hang")]], (_prompt, _request, signal) => {
      controller.abort();
      return new Promise((_resolve, reject) => signal.addEventListener("abort", () => reject(new Error("aborted"))));
    });
    const events = await collect(setup(model, []).runTurn("main", controller.signal));
    expect(results(events)).toEqual([["a1", "Interrupted by user", true]]);
    expect(events.at(-1)).toMatchObject({ type: "turn_end", reason: "aborted" });
  });
});
