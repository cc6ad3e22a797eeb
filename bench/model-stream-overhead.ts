/**
 * What the Anthropic adapter adds to a streamed request: AnthropicModel.stream
 * (request building, the retry loop, the idle watch, assembling the message,
 * text deltas as events) against the floor, the raw SDK stream
 * (`messages.create({stream: true})` iterated, text concatenated), both
 * against the same local stand-in Messages API in the same run. Rounds
 * alternate which side goes first; figures are medians of the rounds.
 * Target: adapter ≤ 1.05 × floor.
 *
 *   npx node bench/model-stream-overhead.ts     (BENCH_REQUESTS=200, BENCH_ROUNDS=7, BENCH_TEXT_CHARS=4000)
 */
import Anthropic from "@anthropic-ai/sdk";
import { AnthropicModel } from "../src/model/anthropic-model.ts";
import { buildMessagesRequest } from "../src/model/anthropic-request.ts";
import type { ModelRequest } from "../src/model/model.ts";
import { FakeMessagesApi, type FakeReply } from "../tests/helpers/fake-messages-api.ts";
import { median, ratio, rotatingRuns } from "./stats.ts";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const TEXT_CHARS = Number(process.env.BENCH_TEXT_CHARS ?? 4000);
const MODEL = "claude-sonnet-4-5";

// A reply of TEXT_CHARS characters (8-character deltas, as the stand-in streams) and one tool call.
const text = "The quick brown fox jumps over the lazy dog. ".repeat(Math.ceil(TEXT_CHARS / 45)).slice(0, TEXT_CHARS);
const REPLY: FakeReply = {
  kind: "message",
  message: { content: [{ type: "text", text }, { type: "tool_use", id: "toolu_1", name: "Read", input: { file_path: "src/index.ts" } }] },
};
const REQUEST: ModelRequest = {
  system: [{ id: "base", text: "You are mini-cc." }],
  tools: [{ name: "Read", description: "Read a file", input_schema: { type: "object", properties: { file_path: { type: "string" } } } }],
  messages: [{ role: "user", content: "Read src/index.ts" }],
};

// The floor sends the very body the adapter builds, so the stand-in does the same work for both.
const BODY = buildMessagesRequest({ model: MODEL, maxTokens: 32_000, ...REQUEST });

const api = await FakeMessagesApi.start();
const replies = () => api.reply(...Array.from({ length: REQUESTS }, () => REPLY));
const raw = new Anthropic({ apiKey: "sk-ant-bench", baseURL: api.baseURL, maxRetries: 0, logLevel: "off" });
const adapter = new AnthropicModel({ apiKey: "sk-ant-bench", baseURL: api.baseURL, model: MODEL });
const signal = new AbortController().signal;

async function rawSide(): Promise<number> {
  replies();
  const started = performance.now();
  for (let i = 0; i < REQUESTS; i++) {
    const events = await raw.messages.create(BODY);
    let seen = "";
    for await (const event of events) if (event.type === "content_block_delta" && event.delta.type === "text_delta") seen += event.delta.text;
    if (seen !== text) throw new Error("raw side: wrong text");
  }
  return performance.now() - started;
}

async function adapterSide(): Promise<number> {
  replies();
  const started = performance.now();
  for (let i = 0; i < REQUESTS; i++) {
    let seen = "";
    let done = false;
    for await (const event of adapter.stream(REQUEST, signal)) {
      if (event.type === "text_delta") seen += event.text;
      else if (event.type === "message") done = event.stopReason === "tool_use";
    }
    if (seen !== text || !done) throw new Error("adapter side: wrong message");
  }
  return performance.now() - started;
}

// Warm both paths (JIT, the connection pool) before measuring.
await rotatingRuns(1, { raw: rawSide, adapter: adapterSide });
const runs = await rotatingRuns(ROUNDS, { raw: rawSide, adapter: adapterSide });
await api.close();

const floor = median(runs.raw);
const ours = median(runs.adapter);
const deltas = Math.ceil(TEXT_CHARS / 8);
console.log(`model stream overhead: ${REQUESTS} requests × ${ROUNDS} rounds, ${deltas} text deltas + a tool call each`);
console.log(`  raw SDK stream   ${(floor / REQUESTS).toFixed(3)} ms/request`);
console.log(`  AnthropicModel   ${(ours / REQUESTS).toFixed(3)} ms/request  (${ratio(ours, floor)} the floor; target ≤ 1.05×)`);
