/**
 * Whether starting background commands holds a turn up. Two turns of the same
 * shape (a request, one round of 20 tool calls, a last request) through the
 * real Agent and tools: one whose calls start 20 background shells
 * (`Bash` with run_in_background, `sleep 30`), one whose calls start none
 * (20 `TaskList`). The model answers after BENCH_MODEL_MS (default 500: a
 * fast model's time to first token; 0 measures the bare loop, where every
 * millisecond the spawns take shows). Rounds alternate which turn goes first;
 * figures are medians. Target: 20 starts ≤ 1.10 × none.
 *
 *   npx node bench/background-spawn.ts     (BENCH_ROUNDS=7, BENCH_MODEL_MS=500, BENCH_VERBOSE=1)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Agent } from "../src/agent/agent.ts";
import { PermissionChain } from "../src/agent/permissions.ts";
import { SystemContext } from "../src/agent/system-sections.ts";
import { BackgroundTasks } from "../src/background/background-tasks.ts";
import { systemClock } from "../src/clock.ts";
import type { AssistantBlock } from "../src/model/messages.ts";
import type { Model, ModelEvent, ModelRequest } from "../src/model/model.ts";
import { builtinTools } from "../src/tools/builtin.ts";
import { median, ratio, rotatingRuns } from "./stats.ts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const MODEL_MS = Number(process.env.BENCH_MODEL_MS ?? 500);
const CALLS = 20;
const root = mkdtempSync(join(tmpdir(), "background-spawn-bench-"));

/** A model that answers each request after MODEL_MS: the round of calls first, then a last word. */
class DelayedModel implements Model {
  readonly name = "bench";
  readonly contextWindowTokens = 200_000;
  readonly #round: AssistantBlock[];

  constructor(round: AssistantBlock[]) {
    this.#round = round;
  }

  async *stream(request: ModelRequest): AsyncIterable<ModelEvent> {
    await new Promise((resolve) => setTimeout(resolve, MODEL_MS));
    const first = request.messages.length === 1;
    const content: AssistantBlock[] = first ? this.#round : [{ type: "text", text: "done" }];
    yield {
      type: "message",
      message: { role: "assistant", content },
      stopReason: first ? "tool_use" : "end_turn",
      usage: { input_tokens: 10, output_tokens: 5 },
    };
  }
}

/** One turn's wall time, in ms, with `round` as the model's tool calls. */
async function timedTurn(name: string, round: (i: number) => AssistantBlock): Promise<number> {
  const dir = mkdtempSync(join(root, `${name}-`));
  const background = new BackgroundTasks({ dir: join(dir, "tasks"), clock: systemClock });
  const tools = builtinTools({ background });
  const agent = new Agent({
    model: new DelayedModel(Array.from({ length: CALLS }, (_, i) => round(i))),
    tools: () => tools,
    permissions: new PermissionChain({ mode: "bypassPermissions", allow: [], deny: [], cwd: dir }),
    ask: async () => ({ behavior: "deny" }),
    system: new SystemContext({
      cwd: dir,
      clock: systemClock,
      mcpInstructions: () => "",
      readFile: () => ({ kind: "missing" }),
    }),
    cwd: dir,
  });
  const started = performance.now();
  for await (const event of agent.runTurn("go", new AbortController().signal)) {
    if (event.type === "error") throw new Error(event.message);
    if (event.type === "tool_result" && event.result.isError) throw new Error(String(event.result.content));
  }
  const elapsed = performance.now() - started;
  const running = background.running();
  await background.stopAll("exit");
  if (name === "starts" && background.getSnapshot().tasks.length !== CALLS)
    throw new Error("not every command started");
  if (process.env.BENCH_VERBOSE)
    console.log(`${name}: ${elapsed.toFixed(1)} ms (${running} running at the turn's end)`);
  return elapsed;
}

const runs = await rotatingRuns(ROUNDS, {
  none: () => timedTurn("none", (i) => ({ type: "tool_use", id: `t${i}`, name: "TaskList", input: {} })),
  starts: () =>
    timedTurn("starts", (i) => ({
      type: "tool_use",
      id: `t${i}`,
      name: "Bash",
      input: { command: "sleep 30", run_in_background: true },
    })),
});
rmSync(root, { recursive: true, force: true });
const none = median(runs.none);
const starts = median(runs.starts);
console.log(`model answers after ${MODEL_MS} ms; ${ROUNDS} rounds, medians`);
console.log(`turn starting none:                 ${none.toFixed(1)} ms`);
console.log(`turn starting ${CALLS} background commands: ${starts.toFixed(1)} ms`);
console.log(`ratio: ${ratio(starts, none)} (target ≤ 1.10×)`);
