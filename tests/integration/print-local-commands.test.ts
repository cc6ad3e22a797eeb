/**
 * `/cost` and `/context` given to `-p` run here, as the TUI runs them: the
 * real CLI continues a session held with the real SDK and the stand-in
 * Messages API, prints the lines the commands show, and sends no request.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { cliForTestFile, resultOf, type CliSandbox } from "../helpers/cli-sandbox.ts";
import { messagesApisForTestFile, type FakeMessagesApi } from "../helpers/fake-messages-api.ts";

const cli = cliForTestFile();
const startApi = messagesApisForTestFile();
let box: CliSandbox;
let api: FakeMessagesApi;

const USAGE = {
  input_tokens: 1000,
  output_tokens: 200,
  cache_read_input_tokens: 5000,
  cache_creation_input_tokens: 400,
};

beforeAll(async () => {
  box = await cli.sandbox();
});

async function sessionWithOneReply(): Promise<void> {
  api = await startApi([
    { kind: "message", message: { content: [{ type: "text", text: "Hello there." }], usage: USAGE } },
  ]);
  const first = await runIn(["hi"]);
  expect(first.code, first.stderr).toBe(0);
}

function runIn(argv: string[]) {
  return box.run(["-p", ...argv], {
    env: { ANTHROPIC_API_KEY: "sk-ant-test", ANTHROPIC_BASE_URL: api.baseURL, ANTHROPIC_MODEL: "claude-sonnet-4-5" },
  });
}

describe("-p /cost and /context", () => {
  it("/cost --continue prints the session's tokens and price, with no model request", async () => {
    await sessionWithOneReply();
    const r = await runIn(["/cost", "--continue"]);

    expect(r.code, r.stderr).toBe(0);
    // $3 / $15 per million, cache reads 0.1×, writes 1.25× input: 0.003 + 0.003 + 0.0015 + 0.0015.
    expect(r.stdout).toBe(
      "Total cost: $0.0090\n" +
        "claude-sonnet-4-5 (1 request): 1,000 input, 200 output, 5,000 cache read, 400 cache write tokens — $0.0090\n",
    );
    expect(api.requests).toHaveLength(1);
  }, 30_000);

  it("/context prints the window's parts; json and stream-json carry the same text as their result, and nothing else happens", async () => {
    await sessionWithOneReply();
    const text = await runIn(["/context", "--continue"]);
    const json = await runIn(["/context", "--continue", "--output-format", "json"]);
    const stream = await runIn(["/context", "--continue", "--output-format", "stream-json"]);

    expect([text.code, json.code, stream.code], text.stderr + json.stderr + stream.stderr).toEqual([0, 0, 0]);
    expect(text.stdout).toMatch(
      /^Context: [\d,]+ of 200,000 tokens \(\d+%\), estimated at about 4 characters a token\n/,
    );
    expect(text.stdout).toMatch(/\n {2}Messages +[1-9][\d,]* /);
    expect(text.stdout).toMatch(/\nAuto-compact at 180,000 tokens \(90%\); [\d,]+ to go\n$/);
    const result = JSON.parse(json.stdout) as Record<string, unknown>;
    expect(result).toMatchObject({
      type: "result",
      subtype: "success",
      is_error: false,
      num_turns: 0,
      total_cost_usd: 0,
      result: text.stdout.trimEnd(),
    });
    expect(stream.lines.map((line) => `${line.type}/${line.subtype}`)).toEqual(["system/init", "result/success"]);
    expect(resultOf(stream.lines)?.result).toBe(text.stdout.trimEnd());
    expect(api.requests).toHaveLength(1);
  }, 30_000);
});
