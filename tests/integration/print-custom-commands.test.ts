// A custom command from .claude/commands given as -p runs as the user turn:
// the real Anthropic SDK against a local Messages API records what the model got.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cliForTestFile, resultOf, type CliSandbox } from "../helpers/cli-sandbox.ts";
import { FakeMessagesApi } from "../helpers/fake-messages-api.ts";

const cli = cliForTestFile();
let box: CliSandbox;
let api: FakeMessagesApi;

beforeAll(async () => {
  box = await cli.sandbox();
  api = await FakeMessagesApi.start([
    { kind: "message", message: { content: [{ type: "text", text: "Reviewed." }] } },
    { kind: "message", message: { content: [{ type: "text", text: "Standup." }] } },
  ]);
});
afterAll(() => api.close());

const userText = (i: number) => {
  const body = api.requests[i]!.body as {
    messages: Array<{ role: string; content: string | Array<{ text: string }> }>;
  };
  const content = body.messages[0]!.content;
  return typeof content === "string" ? content : content.map((block) => block.text).join("\n");
};

describe("print mode and custom commands", () => {
  it("runs -p /name args from the project's and the user's .claude/commands as the prompt", async () => {
    await box.write(
      "project/.claude/commands/review.md",
      "---\ndescription: Review a PR\n---\nReview PR $1, focusing on $2.\n",
    );
    await box.write(".claude/commands/team/standup.md", "Write my standup for $ARGUMENTS.");
    const env = { ANTHROPIC_API_KEY: "sk-ant-test", ANTHROPIC_BASE_URL: api.baseURL };
    const review = await box.run(["-p", '/review 42 "error handling"', "--output-format", "json"], { env });
    expect(review.code, review.stderr).toBe(0);
    expect(resultOf(review.lines)).toMatchObject({ result: "Reviewed." });
    expect(userText(0)).toBe("Review PR 42, focusing on error handling.");
    const standup = await box.run(["-p", "/team:standup Monday", "--output-format", "json"], { env });
    expect(standup.code, standup.stderr).toBe(0);
    expect(userText(1)).toBe("Write my standup for Monday.");
  }, 30_000);
});
