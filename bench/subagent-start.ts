/**
 * What starting a subagent costs mini-cc itself: from the moment the model's
 * reply asking for an Agent call is complete to the moment the subagent's
 * first request reaches the model. On the way: the tool round (lookup,
 * permission check), the Agent tool (definition lookup), McpManager's
 * serversForAgent for an agent with no servers, a fresh Agent with its own
 * system context (instruction files looked for in a real project folder) and
 * its first request's tool plan. The model is in-process and answers at once,
 * so nothing but mini-cc's own work is timed. Target: median under 5 ms.
 *
 *   npx node bench/subagent-start.ts     (BENCH_RUNS=200, BENCH_WARMUP=30)
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { Agent } from "../src/agent/agent.ts";
import { PermissionChain } from "../src/agent/permissions.ts";
import { SystemContext } from "../src/agent/system-sections.ts";
import { managedAgentServers } from "../src/agents/agent-servers.ts";
import { AgentTool } from "../src/agents/agent-tool.ts";
import { GENERAL_PURPOSE } from "../src/agents/load-agents.ts";
import { systemClock } from "../src/clock.ts";
import type { AssistantBlock } from "../src/model/messages.ts";
import type { Model, ModelEvent, ModelRequest } from "../src/model/model.ts";
import { builtinTools } from "../src/tools/builtin.ts";
import { benchManager } from "./bench-manager.ts";
import { median } from "./stats.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 30);

const root = mkdtempSync(join(tmpdir(), "subagent-start-bench-"));
writeFileSync(join(root, "CLAUDE.md"), "# Project\nUse two spaces.\n");

/** Answers the main thread with one Agent call, then "ok"; the subagent with "done", noting when its request came. */
class TimingModel implements Model {
  readonly name = "bench";
  readonly contextWindowTokens = 200_000;
  asked = 0;
  started = 0;
  async *stream(request: ModelRequest): AsyncIterable<ModelEvent> {
    const first = request.messages[0]?.content;
    const isSubagent = typeof first !== "string" && first?.[0]?.type === "text" && first[0].text === "sub task";
    if (isSubagent) this.asked = performance.now();
    const main = !isSubagent && request.messages.length === 1;
    const content: AssistantBlock[] = main
      ? [
          {
            type: "tool_use",
            id: "toolu_bench",
            name: "Agent",
            input: { description: "d", prompt: "sub task", subagent_type: "general-purpose" },
          },
        ]
      : [{ type: "text", text: isSubagent ? "done" : "ok" }];
    if (main) this.started = performance.now();
    yield {
      type: "message",
      message: { role: "assistant", content },
      stopReason: main ? "tool_use" : "end_turn",
      usage: { input_tokens: 1, output_tokens: 1 },
    };
  }
}

const manager = benchManager({ projectDir: root, logDir: join(root, "logs") });
await manager.start([]);
const model = new TimingModel();
const permissions = new PermissionChain({ mode: "default", allow: [], deny: [], cwd: root });
const builtins = builtinTools();
const ask = async () => ({ behavior: "deny" as const });
const agentTool: AgentTool = new AgentTool(() => [GENERAL_PURPOSE], {
  model,
  modelFor: async () => model,
  parentTools: () => builtins,
  permissions,
  ask,
  cwd: root,
  clock: systemClock,
  servers: managedAgentServers(manager),
});

async function once(): Promise<number> {
  const agent = new Agent({
    model,
    tools: () => [...builtins, agentTool],
    permissions,
    ask,
    system: new SystemContext({ cwd: root, clock: systemClock, mcpInstructions: () => "" }),
    cwd: root,
  });
  for await (const event of agent.runTurn("main", new AbortController().signal)) {
    if (event.type === "error") throw new Error(event.message);
  }
  return model.asked - model.started;
}

for (let i = 0; i < WARMUP; i++) await once();
const times: number[] = [];
for (let i = 0; i < RUNS; i++) times.push(await once());
await manager.close();
rmSync(root, { recursive: true, force: true });
times.sort((a, b) => a - b);
const med = median(times);
const p90 = times[Math.floor(times.length * 0.9)]!;
console.log(
  `subagent start (no servers), reply complete → subagent's first request: median ${med.toFixed(2)} ms, p90 ${p90.toFixed(2)} ms over ${RUNS} runs (target < 5 ms): ${med < 5 ? "ok" : "OVER"}`,
);
