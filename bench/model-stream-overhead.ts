/**
 * What the Anthropic adapter adds to a streamed request: AnthropicModel.stream
 * (request building, the retry loop, the idle watch, assembling the message,
 * text deltas as events) against the floor, the raw SDK stream
 * (`messages.create({stream: true})` iterated, text concatenated), in the
 * same run, twice: over HTTP to the local stand-in Messages API, and from
 * memory (the SDK's fetch answers with the same server-sent events at once),
 * which shows the adapter's own CPU cost without the server's and the
 * scheduler's noise. Each side is timed in CPU time (process.cpuUsage: the
 * stand-in server runs in this process too, the same for both sides), so
 * other work on a shared machine does not count. Rounds alternate which side
 * goes first; figures are medians of the rounds. Target: adapter ≤ 1.05 × floor.
 *
 *   npx node bench/model-stream-overhead.ts     (BENCH_REQUESTS=200, BENCH_ROUNDS=7, BENCH_TEXT_CHARS=4000)
 */
import Anthropic from "@anthropic-ai/sdk";
import { AnthropicModel } from "../src/model/anthropic-model.ts";
import { buildMessagesRequest } from "../src/model/anthropic-request.ts";
import type { ModelRequest } from "../src/model/model.ts";
import { FakeMessagesApi, messageEvents, type FakeReply } from "../tests/helpers/fake-messages-api.ts";
import { median, ratio, rotatingRuns } from "./stats.ts";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const TEXT_CHARS = Number(process.env.BENCH_TEXT_CHARS ?? 4000);
const MODEL = "claude-sonnet-4-5";

// A reply of TEXT_CHARS characters (8-character deltas, as the stand-in streams) and one tool call.
const text = "The quick brown fox jumps over the lazy dog. ".repeat(Math.ceil(TEXT_CHARS / 45)).slice(0, TEXT_CHARS);
const REPLY: FakeReply = {
  kind: "message",
  message: {
    content: [
      { type: "text", text },
      { type: "tool_use", id: "toolu_1", name: "Read", input: { file_path: "src/index.ts" } },
    ],
  },
};
const REQUEST: ModelRequest = {
  system: [{ id: "base", text: "You are mini-cc." }],
  tools: [
    {
      name: "Read",
      description: "Read a file",
      input_schema: { type: "object", properties: { file_path: { type: "string" } } },
    },
  ],
  messages: [{ role: "user", content: "Read src/index.ts" }],
};

// The floor sends the very body the adapter builds, so the stand-in does the same work for both.
const BODY = buildMessagesRequest({ model: MODEL, maxTokens: 32_000, ...REQUEST });

const api = await FakeMessagesApi.start();
const replies = () => api.reply(...Array.from({ length: REQUESTS }, () => REPLY));
const raw = new Anthropic({ apiKey: "sk-ant-bench", baseURL: api.baseURL, maxRetries: 0, logLevel: "off" });
const adapter = new AnthropicModel({ apiKey: "sk-ant-bench", baseURL: api.baseURL, model: MODEL });
const signal = new AbortController().signal;

// From memory: every request is answered at once with the reply's events.
const SSE = new TextEncoder().encode(
  messageEvents((REPLY as Extract<FakeReply, { kind: "message" }>).message, MODEL, "msg_bench")
    .map(({ event, data }) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)
    .join(""),
);
const memoryFetch: typeof fetch = async () =>
  new Response(SSE, { status: 200, headers: { "content-type": "text/event-stream", "request-id": "req_bench" } });
const rawMemory = new Anthropic({
  apiKey: "sk-ant-bench",
  baseURL: "http://memory.invalid",
  maxRetries: 0,
  logLevel: "off",
  fetch: memoryFetch,
});
const adapterMemory = new AnthropicModel({
  apiKey: "sk-ant-bench",
  baseURL: "http://memory.invalid",
  model: MODEL,
  fetch: memoryFetch,
});

/** User and system CPU time of this process so far, ms. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

async function rawSide(client = raw, fill = true): Promise<number> {
  if (fill) replies();
  const started = cpuMs();
  for (let i = 0; i < REQUESTS; i++) {
    // A signal, as any stream that Esc must be able to stop needs one (undici's abort wiring costs CPU over HTTP).
    const events = await client.messages.create(BODY, { signal: new AbortController().signal });
    let seen = "";
    for await (const event of events)
      if (event.type === "content_block_delta" && event.delta.type === "text_delta") seen += event.delta.text;
    if (seen !== text) throw new Error("raw side: wrong text");
  }
  return cpuMs() - started;
}

async function adapterSide(model = adapter, fill = true): Promise<number> {
  if (fill) replies();
  const started = cpuMs();
  for (let i = 0; i < REQUESTS; i++) {
    let seen = "";
    let done = false;
    for await (const event of model.stream(REQUEST, signal)) {
      if (event.type === "text_delta") seen += event.text;
      else if (event.type === "message") done = event.stopReason === "tool_use";
    }
    if (seen !== text || !done) throw new Error("adapter side: wrong message");
  }
  return cpuMs() - started;
}

const sides = {
  raw: () => rawSide(),
  adapter: () => adapterSide(),
  rawMemory: () => rawSide(rawMemory, false),
  adapterMemory: () => adapterSide(adapterMemory, false),
};
// Warm every path (JIT, the connection pool) before measuring.
await rotatingRuns(1, sides);
const runs = await rotatingRuns(ROUNDS, sides);
await api.close();

const deltas = Math.ceil(TEXT_CHARS / 8);
console.log(`model stream overhead: ${REQUESTS} requests × ${ROUNDS} rounds, ${deltas} text deltas + a tool call each`);
for (const [label, floorRuns, oursRuns] of [
  ["over HTTP  ", runs.raw, runs.adapter],
  ["from memory", runs.rawMemory, runs.adapterMemory],
] as const) {
  const floor = median(floorRuns);
  const ours = median(oursRuns);
  console.log(
    `  ${label}  raw SDK ${(floor / REQUESTS).toFixed(3)} ms CPU/request, AnthropicModel ${(ours / REQUESTS).toFixed(3)} ms CPU/request: ${ratio(ours, floor)} (target ≤ 1.05×)`,
  );
}
