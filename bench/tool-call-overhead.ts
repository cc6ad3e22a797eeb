/**
 * What the agent's tool layer adds to an MCP tool call. N sequential calls of
 * the tracker's read-only list_issues through PermissionChain.check +
 * McpTool.run (McpManager.call: deadline, abort wiring, output cap, content
 * conversion), against the floor: raw `client.callTool` on a separate
 * connection to another tracker process, in the same run. Rounds alternate
 * which side goes first; the figures are medians of the rounds.
 * Target: layer ≤ 1.10 × floor. A second comparison over in-memory
 * transports measures the layer's own cost in CPU time (process.cpuUsage:
 * client, server and layer all run in this process, so other processes on a
 * loaded machine do not count): target ≤ 5 µs a call.
 *
 * The in-memory rounds are short (~0.1 s), so they run more of them: with 9, the difference of
 * two medians moved by ±3 µs from run to run on a busy machine, more than the target leaves.
 *
 *   npx node bench/tool-call-overhead.ts     (BENCH_CALLS=3000, BENCH_ROUNDS=9, BENCH_MEMORY_ROUNDS=61, BENCH_WARMUP=1000, BENCH_VERBOSE=1)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client, type Transport } from "@modelcontextprotocol/client";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { InPlaceStdioTransport } from "./sdk-floor.ts";
import { z } from "zod";
import { PermissionChain } from "../src/agent/permissions.ts";
import type { TransportFactory } from "../src/mcp/connection/transports.ts";
import { benchManager, benchServer } from "./bench-manager.ts";
import { median, ratio, rotatingRuns } from "./stats.ts";

const TRACKER = join(import.meta.dirname, "..", "examples", "mcp_tracker_server.ts");
// 3000 calls a round: an in-memory round of 1000 lasts ~20 ms, shorter than the spread one GC
// or JIT pause puts on it (1000-call rounds read 7–12 µs on the same tree that reads 3–4 µs here).
const CALLS = Number(process.env.BENCH_CALLS ?? 3000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
const MEMORY_ROUNDS = Number(process.env.BENCH_MEMORY_ROUNDS ?? 61);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1000);
const INPUT = { status: "Todo" };
const EXPECTED = "BUG-101 [Todo] list_posts has no pagination; the home page returns 5000 posts";

/** One way of calling list_issues, checked on every call. */
type Side = { call: () => Promise<void>; close: () => Promise<void> };

const root = mkdtempSync(join(tmpdir(), "tool-call-bench-"));

/** An in-process stand-in for the tracker's list_issues (same schema, same answer). */
function memoryServer(): McpServer {
  const server = new McpServer({ name: "tracker", version: "1.0.0" });
  server.registerTool(
    "list_issues",
    {
      inputSchema: { status: z.enum(["Todo", "In Progress", "Done"]).optional() },
      annotations: { readOnlyHint: true },
    },
    () => ({ content: [{ type: "text", text: EXPECTED }] }),
  );
  return server;
}

/** The client end of a fresh in-memory pair whose other end serves memoryServer(). */
function memoryTransport(): Transport {
  const [client, server] = InMemoryTransport.createLinkedPair();
  void memoryServer().connect(server);
  return client;
}

/** The floor: the v2 SDK client (2026-07-28 first, as mini-cc's) on its own stdio connection. */
async function rawClient(
  transport: Transport = new InPlaceStdioTransport({ command: process.execPath, args: [TRACKER], stderr: "ignore" }),
): Promise<Side> {
  const client = new Client({ name: "bench", version: "1.0.0" }, { versionNegotiation: { mode: "auto" } });
  await client.connect(transport);
  return {
    call: async () => {
      const result = await client.callTool({ name: "list_issues", arguments: INPUT });
      if ((result.content as Array<{ text?: string }>)[0]?.text !== EXPECTED)
        throw new Error("floor: unexpected result");
    },
    close: () => client.close(),
  };
}

/** The agent's path: permission check, then McpTool.run with the turn's abort signal. */
async function toolLayer(transportFactory?: TransportFactory): Promise<Side> {
  const manager = benchManager({ projectDir: root, logDir: join(root, "logs"), transportFactory });
  await manager.start([benchServer("tracker", TRACKER)]);
  const tool = manager.tools().find((t) => t.name === "mcp__tracker__list_issues");
  if (!tool) throw new Error(`tracker did not connect: ${JSON.stringify(manager.getSnapshot().servers)}`);
  const permissions = new PermissionChain({ mode: "default", allow: [], deny: [], cwd: root, canAsk: false });
  // As the agent calls it: the turn's signal, and a tool-use id its progress is reported under.
  const ctx = { cwd: root, signal: new AbortController().signal, toolUseId: "toolu_bench" };
  return {
    call: async () => {
      if (permissions.check(tool, INPUT).behavior !== "allow") throw new Error("layer: list_issues was not allowed");
      const result = await tool.run(INPUT, ctx);
      if (result.isError || (result.content as Array<{ text?: string }>)[0]?.text !== EXPECTED) {
        throw new Error(`layer: unexpected result ${JSON.stringify(result)}`);
      }
    },
    close: () => manager.close(),
  };
}

/** Wall-clock microseconds per call over `n` sequential calls. */
async function perCallUs(call: () => Promise<void>, n: number): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < n; i++) await call();
  return ((performance.now() - started) * 1000) / n;
}

/** This process's CPU microseconds per call over `n` sequential calls. */
async function cpuPerCallUs(call: () => Promise<void>, n: number): Promise<number> {
  const started = process.cpuUsage();
  for (let i = 0; i < n; i++) await call();
  const used = process.cpuUsage(started);
  return (used.user + used.system) / n;
}

/** Warms both sides up, then `rounds` rounds of CALLS calls each, alternating which side goes first. */
async function compare(
  floorSide: Side,
  layerSide: Side,
  measure = perCallUs,
  rounds = ROUNDS,
): Promise<{ floor: number[]; layer: number[] }> {
  await measure(floorSide.call, WARMUP);
  await measure(layerSide.call, WARMUP);
  return rotatingRuns(rounds, {
    floor: () => measure(floorSide.call, CALLS),
    layer: () => measure(layerSide.call, CALLS),
  });
}

const us = (value: number) => `${value.toFixed(1)} µs/call`;

const stdio = { floor: await rawClient(), layer: await toolLayer() };
try {
  const times = await compare(stdio.floor, stdio.layer);
  const floorUs = median(times.floor);
  const layerUs = median(times.layer);
  const budgetUs = floorUs * 1.1;
  console.log(`${CALLS} sequential list_issues calls to the tracker over stdio, median of ${ROUNDS} rounds`);
  console.log(
    `  floor (client.callTool)                    ${us(floorUs)}   (best round ${us(Math.min(...times.floor))})`,
  );
  console.log(
    `  tool layer (PermissionChain + McpTool.run) ${us(layerUs)}   (best round ${us(Math.min(...times.layer))})`,
  );
  console.log(`  ratio ${ratio(layerUs, floorUs)}, overhead ${us(layerUs - floorUs)}`);
  console.log(`  target ≤ 1.10 × floor = ${us(budgetUs)}: ${layerUs <= budgetUs ? "met" : "MISSED"}`);
  if (process.env.BENCH_VERBOSE) console.log(JSON.stringify(times));
} finally {
  await Promise.all([stdio.floor.close(), stdio.layer.close()]);
}

// The layer's own CPU cost, free of process scheduling: the same comparison over in-memory transports.
const memory = { floor: await rawClient(memoryTransport()), layer: await toolLayer(memoryTransport) };
try {
  const times = await compare(memory.floor, memory.layer, cpuPerCallUs, MEMORY_ROUNDS);
  const floorUs = median(times.floor);
  const layerUs = median(times.layer);
  const pairs = times.layer.map((layer, i) => layer - times.floor[i]!);
  console.log(`Same over in-memory transports, CPU time (the layer's own cost), median of ${MEMORY_ROUNDS} rounds`);
  console.log(
    `  floor ${us(floorUs)}, tool layer ${us(layerUs)}, overhead ${us(layerUs - floorUs)} (round by round: median ${us(median(pairs))}, least ${us(Math.min(...pairs))})`,
  );
  console.log(`  target ≤ 5 µs a call: ${layerUs - floorUs <= 5 ? "met" : "MISSED"}`);
  if (process.env.BENCH_VERBOSE) console.log(JSON.stringify(times));
} finally {
  await Promise.all([memory.floor.close(), memory.layer.close()]);
  rmSync(root, { recursive: true, force: true });
}
