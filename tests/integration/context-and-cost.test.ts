/**
 * `/context` and `/cost` against a request worked out by hand: the runtime as
 * the CLI wires it, the real SDK, and the stand-in Messages API reporting usage.
 */
import { describe, expect, it } from "vitest";
import type { Runtime } from "../../src/session/runtime.ts";
import { FakeMessagesApi } from "../helpers/fake-messages-api.ts";
import { runtimesForTestFile } from "../helpers/runtime-session.ts";

const runtimes = runtimesForTestFile("mini-cc-context-");
const runtimeFor = (api: FakeMessagesApi, model: string) => runtimes.start(api, { model });

async function turn(runtime: Runtime, prompt: string): Promise<void> {
  for await (const _event of runtime.runTurn(prompt, new AbortController().signal));
}

const tokens = (chars: number) => Math.ceil(chars / 4);
const count = (n: number) => n.toLocaleString("en-US");

describe("/context and /cost", () => {
  it("/context splits the next request into system prompt, built-in tools, messages and free space, as computed by hand", async () => {
    const api = await FakeMessagesApi.start([
      { kind: "message", message: { content: [{ type: "text", text: "Hello there." }] } },
    ]);
    runtimes.afterTest(() => api.close());
    const runtime = await runtimeFor(api, "claude-sonnet-4-5");
    await turn(runtime, "hi");
    const sent = api.requests[0]!.body as { system: Array<{ text: string }>; tools: Array<Record<string, unknown>> };
    const system = tokens(sent.system.reduce((n, block) => n + block.text.length, 0));
    const tools = tokens(JSON.stringify(sent.tools.map(({ cache_control: _c, ...tool }) => tool)).length);
    const messages = tokens(
      JSON.stringify([
        { role: "user", content: [{ type: "text", text: "hi" }] },
        { role: "assistant", content: [{ type: "text", text: "Hello there." }] },
      ]).length,
    );
    const used = system + tools + messages;
    const lines = runtime.sessions.contextLines();
    expect(lines[0]).toBe(
      `Context: ${count(used)} of 200,000 tokens (${Math.round(used / 2000)}%), estimated at about 4 characters a token`,
    );
    expect(lines.find((l) => l.includes("System prompt"))).toMatch(new RegExp(`System prompt\\s+${count(system)}\\s`));
    expect(lines.find((l) => l.includes("Built-in tools"))).toMatch(new RegExp(`Built-in tools\\s+${count(tools)}\\s`));
    expect(lines.find((l) => l.includes("Messages"))).toMatch(new RegExp(`Messages\\s+${count(messages)}\\s`));
    expect(lines.find((l) => l.includes("Free"))).toMatch(new RegExp(`Free\\s+${count(200_000 - used)}\\s`));
    expect(lines.at(-1)).toBe(`Auto-compact at 180,000 tokens (90%); ${count(180_000 - used)} to go`);
    expect(lines[1]).toMatch(/^ {2}[█░│]{40}$/);
  });

  it("/cost prices input, output, cache read and cache write tokens from the catalog; an unknown model counts tokens and its cost is unknown, not $0", async () => {
    const usage = {
      input_tokens: 1_000,
      output_tokens: 200,
      cache_read_input_tokens: 5_000,
      cache_creation_input_tokens: 300,
    };
    const api = await FakeMessagesApi.start([
      { kind: "message", message: { content: [{ type: "text", text: "one" }], usage } },
      { kind: "message", message: { content: [{ type: "text", text: "two" }], usage } },
    ]);
    runtimes.afterTest(() => api.close());
    const priced = await runtimeFor(api, "claude-sonnet-4-5");
    await turn(priced, "hi");
    // $3 / $15 per million, cache reads 0.1×, writes 1.25× input: 0.003 + 0.003 + 0.0015 + 0.001125.
    expect(priced.sessions.costLines()).toEqual([
      "Total cost: $0.0086",
      "claude-sonnet-4-5 (1 request): 1,000 input, 200 output, 5,000 cache read, 300 cache write tokens — $0.0086",
    ]);
    const unknown = await runtimeFor(api, "claude-test-model");
    await turn(unknown, "hi");
    expect(unknown.sessions.costLines()).toEqual([
      "Total cost: unknown (no price for claude-test-model)",
      "claude-test-model (1 request): 1,000 input, 200 output, 5,000 cache read, 300 cache write tokens — unknown (no price for claude-test-model)",
    ]);
  });
});
