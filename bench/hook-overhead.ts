/**
 * What hooks add to a tool call through the ToolRunner (permission check,
 * run, result events): the same in-memory read-only tool called with no
 * Hooks at all (the path before hooks existed) and with a Hooks whose
 * settings declare none, in CPU microseconds a call (process.cpuUsage,
 * medians of rotating rounds). Target: within 2 µs. Then one no-op
 * PreToolUse hook (`true`), in wall-clock milliseconds: the hook's own
 * process start is the only cost it adds.
 *
 *   npx node bench/hook-overhead.ts     (BENCH_CALLS=3000, BENCH_ROUNDS=9, BENCH_HOOK_CALLS=50)
 */
import { tmpdir } from "node:os";
import { PermissionChain } from "../src/agent/permissions.ts";
import { ToolRunner } from "../src/agent/tool-runner.ts";
import type { ToolPlan } from "../src/agent/tool-search.ts";
import { systemClock } from "../src/clock.ts";
import type { HookCommand } from "../src/hooks/hook-config.ts";
import { Hooks } from "../src/hooks/hooks.ts";
import { textResult, type Tool } from "../src/tools/tool.ts";
import { median, rotatingRuns } from "./stats.ts";

const CALLS = Number(process.env.BENCH_CALLS ?? 3000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
const HOOK_CALLS = Number(process.env.BENCH_HOOK_CALLS ?? 50);
const cwd = tmpdir();

const tool: Tool = {
  name: "Lookup",
  description: "bench",
  inputSchema: { type: "object" },
  readOnly: true,
  run: async () => textResult("found"),
};
const plan: ToolPlan = { specs: [], callable: [tool], deferred: [] };
const uses = [{ type: "tool_use" as const, id: "toolu_1", name: "Lookup", input: { q: "x" } }];
const signal = new AbortController().signal;

function runner(hooks: readonly HookCommand[] | undefined): () => Promise<void> {
  const permissions = new PermissionChain({ mode: "default", allow: [], deny: [], cwd, canAsk: false });
  const made =
    hooks &&
    new Hooks({
      hooks: () => hooks,
      cwd,
      env: process.env,
      sessionId: () => "bench",
      transcriptPath: () => "",
      permissionMode: () => "default",
    });
  const tools = new ToolRunner({
    permissions,
    ask: () => Promise.reject(new Error("no")),
    cwd,
    clock: systemClock,
    ...(made ? { hooks: made } : {}),
  });
  return async () => {
    const events = tools.run(uses, plan, signal);
    let step = await events.next();
    while (!step.done) step = await events.next();
    if (step.value.blocks[0]?.content !== "found") throw new Error("unexpected result");
  };
}

async function cpuPerCallUs(call: () => Promise<void>, n: number): Promise<number> {
  const started = process.cpuUsage();
  for (let i = 0; i < n; i++) await call();
  const used = process.cpuUsage(started);
  return (used.user + used.system) / n;
}

async function wallPerCallMs(call: () => Promise<void>, n: number): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < n; i++) await call();
  return (performance.now() - started) / n;
}

const before = runner(undefined);
const none = runner([]);
await cpuPerCallUs(before, CALLS);
await cpuPerCallUs(none, CALLS);
const runs = await rotatingRuns(ROUNDS, {
  before: () => cpuPerCallUs(before, CALLS),
  none: () => cpuPerCallUs(none, CALLS),
});
const [b, n] = [median(runs.before), median(runs.none)];
console.log(`tool call, no Hooks:              ${b.toFixed(2)} µs/call (CPU, median of ${ROUNDS} rounds of ${CALLS})`);
console.log(
  `tool call, Hooks with none:       ${n.toFixed(2)} µs/call  → ${n - b >= 0 ? "+" : ""}${(n - b).toFixed(2)} µs (target ≤ 2 µs)`,
);

const noop: HookCommand = { event: "PreToolUse", matcher: "", command: "true", timeoutS: 60, source: "bench" };
const withHook = runner([noop]);
const spawnOnly = async () => {
  const { runHookProcess } = await import("../src/hooks/hook-process.ts");
  await runHookProcess({ command: "true", stdin: "{}", cwd, env: { PATH: process.env.PATH ?? "" }, timeoutMs: 60_000 });
};
await wallPerCallMs(withHook, 5);
const hookMs = await wallPerCallMs(withHook, HOOK_CALLS);
const spawnMs = await wallPerCallMs(spawnOnly, HOOK_CALLS);
console.log(
  `tool call, one no-op hook:        ${hookMs.toFixed(2)} ms/call (wall); \`sh -c true\` alone: ${spawnMs.toFixed(2)} ms`,
);
const ok = n - b <= 2;
console.log(ok ? "PASS" : "FAIL: hooks with none configured cost more than 2 µs a call");
process.exitCode = ok ? 0 : 1;
