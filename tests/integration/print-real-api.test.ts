// `mini-cc -p` in its own process against a stand-in Messages API that
// misbehaves the way the real one does (the real SDK, through
// ANTHROPIC_BASE_URL). MINI_CC_RETRY_BASE_MS makes the backoff milliseconds,
// so no test sleeps the real one.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { CONTINUE_NOTE, CUT_CALL_NOTE } from "../../src/agent/stop-reasons.ts";
import { cliForTestFile, NODE, resultOf, type CliSandbox } from "../helpers/cli-sandbox.ts";
import {
  messagesApisForTestFile,
  type FakeMessagesApi,
  type FakeMessage,
  type FakeReply,
} from "../helpers/fake-messages-api.ts";
import { resolveModelAlias } from "../../src/model/model-catalog.ts";
import { DEFAULT_ANTHROPIC_MODEL } from "../../src/model/model-catalog.ts";

const cli = cliForTestFile();
let box: CliSandbox;
const startApi = messagesApisForTestFile();

beforeAll(async () => {
  box = await cli.sandbox();
});

const HELLO: FakeMessage = {
  content: [{ type: "text", text: "Hello there, how are you?" }],
  usage: { input_tokens: 1000, output_tokens: 200, cache_read_input_tokens: 5000, cache_creation_input_tokens: 400 },
};
const OVERLOADED: FakeReply = { kind: "error", status: 529, type: "overloaded_error", message: "Overloaded" };

async function run(replies: FakeReply[], argv: string[], env: Record<string, string> = {}) {
  const fake = await startApi(replies);
  const result = await box.run(["-p", ...argv], {
    env: {
      ANTHROPIC_API_KEY: "sk-ant-test",
      ANTHROPIC_BASE_URL: fake.baseURL,
      ANTHROPIC_MODEL: "claude-sonnet-4-5",
      MINI_CC_RETRY_BASE_MS: "20",
      ...env,
    },
  });
  return Object.assign(result, { api: fake });
}

type Body = {
  model: string;
  max_tokens: number;
  system: Array<{ text: string }>;
  thinking?: unknown;
  messages: Array<{ role: string; content: any }>;
};
const bodyOf = (fake: FakeMessagesApi, i: number) => fake.requests[i]!.body as unknown as Body;

describe("print mode against the real API's misbehaviour", () => {
  it("waits out three overloaded answers with growing spacing, then succeeds and says what happened on stderr", async () => {
    const r = await run(
      [OVERLOADED, OVERLOADED, OVERLOADED, { kind: "message", message: HELLO }],
      ["hi", "--output-format", "stream-json"],
      { MINI_CC_RETRY_BASE_MS: "50" },
    );

    expect(r.code, r.stderr).toBe(0);
    const at = r.api.requests.map((req) => req.at);
    const gaps = at.slice(1).map((t, i) => t - at[i]!);
    // Overloaded waits start at two base delays and double, less up to a quarter of jitter: at least 75, 150, 300 ms.
    // (A loaded machine only stretches them; the exact schedule is checked on a fake clock in anthropic-resilience.)
    expect(gaps.map((gap, i) => gap >= 75 * 2 ** i)).toEqual([true, true, true]);
    expect(gaps[2]!).toBeGreaterThan(gaps[0]!);
    expect(r.stderr).toMatch(/^mini-cc: API overloaded · retry 1\/10 in 1 s: Anthropic API error 529: Overloaded/m);
    expect(r.stderr).toContain("retry 3/10");
    expect(resultOf(r.lines)).toMatchObject({ subtype: "success", result: "Hello there, how are you?" });
  }, 30_000);

  it("writes assistant messages with id, stop_reason and usage, and a result with the real cost per model", async () => {
    const r = await run([{ kind: "message", message: HELLO }], ["hi", "--output-format", "stream-json", "--verbose"]);

    expect(r.code, r.stderr).toBe(0);
    const assistant = r.lines.find((line) => line.type === "assistant");
    expect(assistant?.message).toMatchObject({
      id: "msg_fake_1",
      model: "claude-sonnet-4-5",
      stop_reason: "end_turn",
      usage: HELLO.usage,
    });
    const result = resultOf(r.lines)!;
    // 1000 × $3 + 200 × $15 + 5000 × $0.30 + 400 × $3.75, per million tokens.
    const cost = (1000 * 3 + 200 * 15 + 5000 * 0.3 + 400 * 3.75) / 1e6;
    expect(result.total_cost_usd).toBeCloseTo(cost, 10);
    expect(result.session_id).toBe(r.lines[0]?.session_id);
    expect(result.modelUsage).toEqual({
      "claude-sonnet-4-5": {
        inputTokens: 1000,
        outputTokens: 200,
        cacheReadInputTokens: 5000,
        cacheCreationInputTokens: 400,
        webSearchRequests: 0,
        costUSD: expect.closeTo(cost, 10),
        contextWindow: 200_000,
      },
    });
  }, 30_000);

  it("retries a connection closed before the response's headers, says so on stderr, and succeeds", async () => {
    const r = await run([{ kind: "close" }, { kind: "message", message: HELLO }], ["hi"]);

    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe("Hello there, how are you?\n");
    expect(r.stderr).toMatch(
      /^mini-cc: Connection lost · retry 1\/10 in 1 s: cannot reach the Anthropic API at http:\/\/127\.0\.0\.1:\d+: other side closed/m,
    );
    expect(r.api.requests).toHaveLength(2);
  }, 30_000);

  it("prices the default model, and gives null, not 0, for a model without a price", async () => {
    const byDefault = await run([{ kind: "message", message: HELLO }], ["hi", "--output-format", "json"], {
      ANTHROPIC_MODEL: "",
    });
    const unpriced = await run([{ kind: "message", message: HELLO }], ["hi", "--output-format", "json"], {
      ANTHROPIC_MODEL: "claude-test-model",
    });

    expect([byDefault.code, unpriced.code], byDefault.stderr + unpriced.stderr).toEqual([0, 0]);
    const priced = JSON.parse(byDefault.stdout) as {
      total_cost_usd: number;
      modelUsage: Record<string, { costUSD: number }>;
    };
    expect(Object.keys(priced.modelUsage)).toEqual([DEFAULT_ANTHROPIC_MODEL]);
    // Sonnet 5.5: 1000 × $2 + 200 × $10 + 5000 × $0.10 + 400 × $2.50, per million tokens.
    expect(priced.total_cost_usd).toBeCloseTo((1000 * 2 + 200 * 10 + 5000 * 0.1 + 400 * 2.5) / 1e6, 10);
    expect(JSON.parse(unpriced.stdout)).toMatchObject({
      total_cost_usd: null,
      modelUsage: { "claude-test-model": { inputTokens: 1000, costUSD: null } },
    });
  }, 30_000);

  it("caps a 10 MB error message at its first 2,000 characters, escaped, on stderr and in the result", async () => {
    const huge = `\u001b]0;owned\u0007\u001b[2J${"x".repeat(10_000_000)}`;
    const bad: FakeReply = { kind: "error", status: 400, type: "invalid_request_error", message: huge };
    const text = await run([bad], ["hi"]);
    const json = await run([bad], ["hi", "--output-format", "json"]);

    expect([text.code, json.code]).toEqual([1, 1]);
    expect(text.stdout).toBe("");
    const shown = `Anthropic API error 400: \\x1b]0;owned\\x07\\x1b[2J${"x".repeat(1_986)}… (9,998,014 more characters)`;
    expect(text.stderr).toBe(`mini-cc: ${shown}\n`);
    expect(JSON.parse(json.stdout)).toMatchObject({ is_error: true, result: shown });
  }, 30_000);

  it("retries a stream cut after a few events and prints its text once", async () => {
    const r = await run(
      [
        { kind: "message", message: HELLO, dropAfterEvents: 5 },
        { kind: "message", message: HELLO },
      ],
      ["hi"],
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe("Hello there, how are you?\n");
    expect(r.stderr).toContain("Response cut off · retry 1/10");
  }, 30_000);

  it("continues a text reply cut at max_tokens, then ends with a notice and error_max_tokens past the bound", async () => {
    const cut = (text: string): FakeReply => ({
      kind: "message",
      message: { content: [{ type: "text", text }], stopReason: "max_tokens" },
    });
    const r = await run(
      [cut("One. "), cut("Two. "), cut("Three. "), cut("Four.")],
      ["essay", "--output-format", "json"],
    );

    expect(r.code).toBe(1);
    expect(bodyOf(r.api, 1).messages.at(-1)).toEqual({
      role: "user",
      content: [{ type: "text", text: CONTINUE_NOTE, cache_control: { type: "ephemeral" } }],
    });
    expect(resultOf(r.lines)).toMatchObject({
      subtype: "error_max_tokens",
      is_error: true,
      result: "One. Two. Three. Four.",
      num_turns: 4,
    });
  }, 30_000);

  it("never runs a Write whose input max_tokens cut: the model is told, and the request is retried with a larger limit", async () => {
    const write = {
      type: "tool_use" as const,
      id: "toolu_w",
      name: "Write",
      input: { file_path: join(box.project, "big.txt"), content: "x".repeat(300) },
    };
    const r = await run(
      [
        { kind: "message", message: { content: [write], stopReason: "max_tokens", cutLastToolInput: true } },
        { kind: "message", message: HELLO },
      ],
      ["write big.txt", "--output-format", "stream-json", "--permission-mode", "acceptEdits"],
    );

    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(join(box.project, "big.txt"))).toBe(false);
    expect([bodyOf(r.api, 0).max_tokens, bodyOf(r.api, 1).max_tokens]).toEqual([32_000, 64_000]);
    expect(bodyOf(r.api, 1).messages.at(-1)?.content).toEqual([
      {
        type: "tool_result",
        tool_use_id: "toolu_w",
        content: CUT_CALL_NOTE,
        is_error: true,
        cache_control: { type: "ephemeral" },
      },
    ]);
  }, 30_000);

  it("shows a refusal on stderr and exits non-zero", async () => {
    const r = await run([{ kind: "message", message: { content: [], stopReason: "refusal" } }], ["something bad"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("mini-cc: The model declined to answer this request (stop reason: refusal)");
  }, 30_000);

  it("continues a paused turn (pause_turn) in the same run", async () => {
    const r = await run(
      [
        { kind: "message", message: { content: [{ type: "text", text: "Searching. " }], stopReason: "pause_turn" } },
        { kind: "message", message: HELLO },
      ],
      ["search", "--output-format", "json"],
    );
    expect(r.code, r.stderr).toBe(0);
    expect(bodyOf(r.api, 1).messages.at(-1)).toEqual({
      role: "assistant",
      content: [{ type: "text", text: "Searching. " }],
    });
    expect(resultOf(r.lines)).toMatchObject({ subtype: "success", result: "Searching. Hello there, how are you?" });
  }, 30_000);

  it("sends thinking with --thinking and round-trips the signed blocks over two tool turns", async () => {
    const glob = (id: string) => ({ type: "tool_use" as const, id, name: "Glob", input: { pattern: "*.md" } });
    const first = { type: "thinking" as const, thinking: "List the files first.", signature: "sig-one-EqQBCgIYAh" };
    const second = { type: "thinking" as const, thinking: "Once more to be sure.", signature: "sig-two-Ek8KAhgC" };
    const redacted = { type: "redacted_thinking" as const, data: "EmwKAhgBEgy3va3pzix" };
    const r = await run(
      [
        { kind: "message", message: { content: [first, glob("toolu_1")] } },
        { kind: "message", message: { content: [second, redacted, glob("toolu_2")] } },
        { kind: "message", message: HELLO },
      ],
      ["look", "--thinking", "--output-format", "stream-json"],
    );

    expect(r.code, r.stderr).toBe(0);
    expect(bodyOf(r.api, 0).thinking).toEqual({ type: "enabled", budget_tokens: 10_000 });
    const assistants = (i: number) =>
      bodyOf(r.api, i)
        .messages.filter((m) => m.role === "assistant")
        .map((m) => m.content);
    expect(assistants(2)).toEqual([
      [first, glob("toolu_1")],
      [second, redacted, glob("toolu_2")],
    ]);
    expect(r.lines.filter((line) => line.type === "assistant")[0]?.message.content[0]).toEqual(first);
  }, 30_000);

  it("sends a signature back exactly when the thinking block's start carried none", async () => {
    const thought = { type: "thinking" as const, thinking: "List the files first.", signature: "SIG-EqQBCgIYAhIM" };
    const glob = { type: "tool_use" as const, id: "toolu_1", name: "Glob", input: { pattern: "*.md" } };
    const r = await run(
      [
        { kind: "message", message: { content: [thought, glob], thinkingStartWithoutSignature: true } },
        { kind: "message", message: HELLO },
      ],
      ["look", "--thinking"],
    );

    expect(r.code, r.stderr).toBe(0);
    expect(bodyOf(r.api, 1).messages.find((m) => m.role === "assistant")?.content).toEqual([thought, glob]);
  }, 30_000);
});

describe("claude -p's flags", () => {
  it("takes --model, --system-prompt and --append-system-prompt", async () => {
    const r = await run(
      [{ kind: "message", message: HELLO }],
      [
        "hi",
        "--model",
        "claude-haiku-4-5",
        "--system-prompt",
        "You are a release bot.",
        "--append-system-prompt",
        "Answer in French.",
      ],
    );
    expect(r.code, r.stderr).toBe(0);
    const body = bodyOf(r.api, 0);
    expect(body.model).toBe("claude-haiku-4-5");
    expect(body.system[0]?.text).toBe("You are a release bot.");
    expect(body.system.at(-1)?.text).toBe("Answer in French.");
  }, 30_000);

  it("takes Claude Code's model aliases: --model opus asks for the newest Opus the SDK lists", async () => {
    const r = await run([{ kind: "message", message: HELLO }], ["hi", "--model", "opus", "--output-format", "json"]);
    expect(r.code, r.stderr).toBe(0);
    expect(bodyOf(r.api, 0).model).toBe(resolveModelAlias("opus"));
    expect(resolveModelAlias("opus")).toMatch(/^claude-opus-\d/);
  }, 30_000);

  it("puts piped standard input before the prompt", async () => {
    const fake = await startApi([{ kind: "message", message: HELLO }]);
    // A shell pipe, as a user types it: standard input is a FIFO there.
    const child = spawn("sh", ["-c", `printf 'error: disk full\\nerror: retry\\n' | "$NODE" "$CLI" -p summarise`], {
      cwd: box.project,
      env: { ...box.env, NODE, CLI: box.cli, ANTHROPIC_API_KEY: "sk-ant-test", ANTHROPIC_BASE_URL: fake.baseURL },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk));
    const code = await new Promise((resolve) => child.on("close", resolve));
    expect([code, stdout]).toEqual([0, "Hello there, how are you?\n"]);
    expect(bodyOf(fake, 0).messages[0]?.content[0]?.text).toBe("error: disk full\nerror: retry\n\nsummarise");
  }, 30_000);

  it("reads user messages as JSON lines with --input-format stream-json, one result each", async () => {
    const api = await startApi([
      { kind: "message", message: HELLO },
      { kind: "message", message: { content: [{ type: "text", text: "Bye." }] } },
    ]);
    const stdin = [
      JSON.stringify({ type: "user", message: { role: "user", content: "hello" } }),
      JSON.stringify({ type: "user", message: { role: "user", content: [{ type: "text", text: "bye" }] } }),
    ].join("\n");
    const r = await box.run(["-p", "--input-format", "stream-json", "--output-format", "stream-json"], {
      stdin,
      env: { ANTHROPIC_API_KEY: "sk-ant-test", ANTHROPIC_BASE_URL: api.baseURL },
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.lines.filter((line) => line.type === "result").map((line) => line.result)).toEqual([
      "Hello there, how are you?",
      "Bye.",
    ]);
    expect(bodyOf(api, 1).messages.map((m) => m.role)).toEqual(["user", "assistant", "user"]);
  }, 30_000);

  it("writes the raw stream events with --include-partial-messages", async () => {
    const r = await run(
      [{ kind: "message", message: HELLO }],
      ["hi", "--output-format", "stream-json", "--include-partial-messages"],
    );
    expect(r.code, r.stderr).toBe(0);
    const deltas = r.lines
      .filter((line) => line.type === "stream_event" && line.event.type === "content_block_delta")
      .map((line) => line.event.delta.text);
    expect(deltas.join("")).toBe("Hello there, how are you?");
  }, 30_000);

  it("says on stderr that the offline model answered when there is neither a key nor a script", async () => {
    const r = await box.run(["-p", "hi"]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe("mini-cc: no ANTHROPIC_API_KEY and no --model-script: the built-in offline model answers\n");
  }, 30_000);
});
