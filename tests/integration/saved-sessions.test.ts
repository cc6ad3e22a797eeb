/**
 * Saved sessions and compaction through the real CLI (`-p`), the real
 * Anthropic SDK and the stand-in Messages API: a session killed with SIGKILL
 * mid-turn is continued with the same request prefix, and a long one is
 * compacted before it passes the window, and once more, smaller, on a 400.
 */
import { appendFileSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { SUMMARY_PREFIX } from "../../src/agent/compaction.ts";
import { projectKey } from "../../src/session/project-key.ts";
import { cliForTestFile, type CliSandbox } from "../helpers/cli-sandbox.ts";
import { FakeMessagesApi, type FakeReply } from "../helpers/fake-messages-api.ts";

const cli = cliForTestFile();
let api: FakeMessagesApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

const text = (value: string, usage?: Record<string, number>): FakeReply => ({
  kind: "message",
  message: { content: [{ type: "text", text: value }], ...(usage ? { usage } : {}) },
});
const readCall = (id: string, file: string, usage?: Record<string, number>): FakeReply => ({
  kind: "message",
  message: {
    content: [{ type: "tool_use", id, name: "Read", input: { file_path: file } }],
    ...(usage ? { usage } : {}),
  },
});

function apiEnv(box: CliSandbox, fake: FakeMessagesApi, extra: Record<string, string> = {}): Record<string, string> {
  // claude-sonnet-4-5: a 200,000-token window in the catalog, so 90% is 180,000.
  return {
    ANTHROPIC_API_KEY: "sk-ant-test",
    ANTHROPIC_BASE_URL: fake.baseURL,
    ANTHROPIC_MODEL: "claude-sonnet-4-5",
    ...extra,
  };
}

function sessionFiles(box: CliSandbox): string[] {
  const dir = join(box.home, "projects", projectKey(box.project));
  return readdirSync(dir).map((name) => join(dir, name));
}

type Body = { system: unknown; tools: unknown; messages: Array<{ role: string; content: unknown }> };
const body = (fake: FakeMessagesApi, n: number) => fake.requests[n]!.body as unknown as Body;
/** The request without its moving cache breakpoint (it sits on the last user block of each request). */
function withoutCacheControl<T>(value: T): T {
  return JSON.parse(JSON.stringify(value, (key, v) => (key === "cache_control" ? undefined : v))) as T;
}

async function until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("saved sessions", () => {
  it("survives SIGKILL mid-turn: --continue skips the torn line and sends the last good request's prefix unchanged", async () => {
    const box = await cli.sandbox();
    await box.write("project/notes.txt", "first line\nsecond line\n");
    api = await FakeMessagesApi.start([
      readCall("toolu_1", "notes.txt"),
      // The second request of the turn never finishes: the process is killed while it streams.
      {
        kind: "message",
        message: { content: [{ type: "text", text: "The notes say two lines." }] },
        hangAfterEvents: 3,
      },
    ]);
    const running = box.start(["-p", "read notes.txt", "--output-format", "stream-json"], { env: apiEnv(box, api) });
    await until(() => api!.requests.length === 2, "the second request is out");
    running.child.kill("SIGKILL");
    const killed = await running.ended;
    expect(killed.signal).toBe("SIGKILL");

    const [file] = sessionFiles(box);
    expect(statSync(file!).mode & 0o777).toBe(0o600);
    const lines = readFileSync(file!, "utf8")
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line) as { type: string });
    expect(lines.map((line) => line.type)).toEqual(["session", "prompt", "assistant", "tool_results"]);
    // As if killed in the middle of writing the next line.
    appendFileSync(file!, '{"type":"assistant","message":{"role":"assis');

    api.reply(text("Both lines read."));
    const resumed = await box.run(["-p", "--continue", "what did it say?", "--output-format", "json"], {
      env: apiEnv(box, api),
    });
    expect(resumed.stderr).toContain("1 unreadable line skipped");
    expect(resumed.code).toBe(0);
    expect(JSON.parse(resumed.stdout)).toMatchObject({
      result: "Both lines read.",
      session_id: (lines[0] as unknown as { sessionId: string }).sessionId,
    });

    const lastGood = withoutCacheControl(body(api, 1));
    const next = withoutCacheControl(body(api, 2));
    expect(JSON.stringify(next.system)).toBe(JSON.stringify(lastGood.system));
    expect(JSON.stringify(next.tools)).toBe(JSON.stringify(lastGood.tools));
    // The same messages, byte for byte; the new prompt joins the user message that held the tool result.
    expect(JSON.stringify(next.messages.slice(0, -1))).toBe(JSON.stringify(lastGood.messages.slice(0, -1)));
    const before = lastGood.messages.at(-1)!.content as unknown[];
    const after = next.messages.at(-1)!.content as unknown[];
    expect(JSON.stringify(after.slice(0, before.length))).toBe(JSON.stringify(before));
    expect(after.slice(before.length)).toEqual([{ type: "text", text: "what did it say?" }]);
    // The torn line stays where it was, on a line of its own; what came after is whole.
    const text2 = readFileSync(file!, "utf8");
    expect(text2).toContain(
      '{"type":"assistant","message":{"role":"assis\n{"type":"prompt","content":"what did it say?"',
    );
  }, 60_000);

  it("--resume ID continues a named session, and a missing one is a usage error", async () => {
    const box = await cli.sandbox();
    api = await FakeMessagesApi.start([text("one"), text("two")]);
    const first = await box.run(["-p", "hello", "--output-format", "json"], { env: apiEnv(box, api) });
    const id = JSON.parse(first.stdout).session_id as string;
    const again = await box.run(["-p", "--resume", id, "again", "--output-format", "json"], { env: apiEnv(box, api) });
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout).session_id).toBe(id);
    expect(body(api, 1).messages.map((m) => m.role)).toEqual(["user", "assistant", "user"]);
    const missing = await box.run(["-p", "--resume", "00000000-0000-4000-8000-000000000000", "x"], {
      env: apiEnv(box, api),
    });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("mini-cc: --resume: no saved session 00000000-0000-4000-8000-000000000000");
  }, 60_000);
});

describe("the model of a resumed session", () => {
  it("comes back with the session, unless --model chooses one for this run", async () => {
    const box = await cli.sandbox();
    api = await FakeMessagesApi.start([text("one"), text("two"), text("three")]);
    const env = { ANTHROPIC_API_KEY: "sk-ant-test", ANTHROPIC_BASE_URL: api.baseURL };
    const first = await box.run(["-p", "hello", "--model", "claude-haiku-4-5", "--output-format", "json"], { env });
    const id = JSON.parse(first.stdout).session_id as string;
    const resumed = await box.run(["-p", "--resume", id, "again"], { env });
    expect(resumed.code, resumed.stderr).toBe(0);
    const chosen = await box.run(["-p", "--resume", id, "--model", "claude-opus-4-5", "and again"], { env });
    expect(chosen.code, chosen.stderr).toBe(0);
    expect(api.requests.map((request) => request.body.model)).toEqual([
      "claude-haiku-4-5",
      "claude-haiku-4-5",
      "claude-opus-4-5",
    ]);
  }, 60_000);
});

describe("a session from another folder", () => {
  it("says where it was started, and that the folder is gone when it is", async () => {
    const box = await cli.sandbox();
    await box.write("moved/.keep", "");
    const old = join(box.root, "moved");
    api = await FakeMessagesApi.start([text("one"), text("two"), text("three")]);
    const first = await box.run(["-p", "hello", "--output-format", "json"], { cwd: old, env: apiEnv(box, api) });
    const id = JSON.parse(first.stdout).session_id as string;
    const elsewhere = await box.run(["-p", "--resume", id, "again"], { env: apiEnv(box, api) });
    expect(elsewhere.code).toBe(0);
    expect(elsewhere.stderr).toContain(
      `mini-cc: session ${id} was started in ${old}; it continues here, in ${box.project}`,
    );
    rmSync(old, { recursive: true });
    const gone = await box.run(["-p", "--resume", id, "and again"], { env: apiEnv(box, api) });
    expect(gone.code).toBe(0);
    expect(gone.stderr).toContain(
      `was started in ${old}, which no longer exists (moved or deleted); it continues here, in ${box.project}`,
    );
    expect(body(api, 2).messages.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant", "user"]);
  }, 60_000);
});

describe("compaction", () => {
  it("compacts before a request would pass 90% of the window, keeping the cached prefix, and a resume starts from the summary", async () => {
    const box = await cli.sandbox();
    await box.write("project/notes.txt", "a note\n");
    api = await FakeMessagesApi.start([
      readCall("toolu_1", "notes.txt", { input_tokens: 3_000, cache_read_input_tokens: 182_000, output_tokens: 40 }),
      text("SUMMARY: the user asked to read notes.txt; it holds one note.", { input_tokens: 500, output_tokens: 200 }),
      text("It holds one note.", { input_tokens: 100, output_tokens: 7 }),
    ]);
    const run = await box.run(["-p", "read notes.txt", "--output-format", "stream-json"], { env: apiEnv(box, api) });
    expect(run.code).toBe(0);
    // The summary request is counted like the others.
    expect(run.lines.at(-1)?.usage).toMatchObject({
      input_tokens: 3_600,
      output_tokens: 247,
      cache_read_input_tokens: 182_000,
    });
    expect(api.requests).toHaveLength(3);
    const [first, summary, after] = [0, 1, 2].map((n) => withoutCacheControl(body(api!, n)));
    // Same system and tools: the summary request reads the cached prefix.
    expect(JSON.stringify(summary!.system)).toBe(JSON.stringify(first!.system));
    expect(JSON.stringify(summary!.tools)).toBe(JSON.stringify(first!.tools));
    expect(JSON.stringify(summary!.messages.slice(0, 1))).toBe(JSON.stringify(first!.messages));
    const instruction = (summary!.messages.at(-1)!.content as Array<{ type: string; text?: string }>).at(-1);
    expect(instruction?.text).toContain("The user's last request, quoted verbatim.");
    // The turn's prompt follows the summary as the user wrote it.
    const summaryThenPrompt = [
      {
        role: "user",
        content: [
          { type: "text", text: `${SUMMARY_PREFIX}SUMMARY: the user asked to read notes.txt; it holds one note.` },
          { type: "text", text: "read notes.txt" },
        ],
      },
    ];
    expect(after!.messages).toEqual(summaryThenPrompt);
    const boundary = run.lines.find((line) => line.subtype === "compact_boundary");
    expect(boundary?.compact_metadata).toEqual({ trigger: "auto", pre_tokens: expect.any(Number) });
    expect(boundary?.compact_metadata.pre_tokens).toBeGreaterThanOrEqual(185_040);

    api.reply(text("Yes."));
    const resumed = await box.run(["-p", "-c", "still there?"], { env: apiEnv(box, api) });
    expect(resumed.code).toBe(0);
    expect(withoutCacheControl(body(api, 3)).messages).toEqual([
      ...summaryThenPrompt,
      { role: "assistant", content: [{ type: "text", text: "It holds one note." }] },
      { role: "user", content: [{ type: "text", text: "still there?" }] },
    ]);
  }, 60_000);

  it("a resumed session counts from the last reported usage: one that ended near the limit compacts before its first new request", async () => {
    const box = await cli.sandbox();
    api = await FakeMessagesApi.start([
      text("Noted.", { input_tokens: 3_000, cache_read_input_tokens: 180_000, output_tokens: 40 }),
    ]);
    const first = await box.run(["-p", "remember the number 7"], { env: apiEnv(box, api) });
    expect(first.code, first.stderr).toBe(0);

    api.reply(text("SUMMARY: the user asked to remember 7."), text("It was 7."));
    const resumed = await box.run(["-p", "--continue", "which number?"], { env: apiEnv(box, api) });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(api.requests).toHaveLength(3);
    // The first request after the resume is the summary request, not the whole history again.
    const instruction = (body(api, 1).messages.at(-1)!.content as Array<{ type: string; text?: string }>).at(-1);
    expect(instruction?.text).toContain("Write a summary of the conversation so far");
    expect(withoutCacheControl(body(api, 2)).messages).toEqual([
      {
        role: "user",
        content: [
          { type: "text", text: `${SUMMARY_PREFIX}SUMMARY: the user asked to remember 7.` },
          { type: "text", text: "which number?" },
        ],
      },
    ]);
  }, 60_000);

  it("a saved reply without usage is resumed from an estimate, not refused", async () => {
    const box = await cli.sandbox();
    api = await FakeMessagesApi.start([
      text("Noted.", { input_tokens: 3_000, cache_read_input_tokens: 180_000, output_tokens: 40 }),
    ]);
    const first = await box.run(["-p", "remember the number 7"], { env: apiEnv(box, api) });
    expect(first.code, first.stderr).toBe(0);
    const [file] = sessionFiles(box);
    const lines = readFileSync(file!, "utf8")
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const stripped = lines.map((line) => (line.type === "assistant" ? { ...line, usage: undefined } : line));
    writeFileSync(file!, stripped.map((line) => JSON.stringify(line)).join("\n") + "\n");

    api.reply(text("It was 7."));
    const resumed = await box.run(["-p", "--continue", "which number?", "--output-format", "json"], {
      env: apiEnv(box, api),
    });
    expect(resumed.stderr).toBe("");
    expect(resumed.code).toBe(0);
    expect(JSON.parse(resumed.stdout)).toMatchObject({ result: "It was 7." });
    // Without a reported figure the small estimate stands: no compaction.
    expect(body(api, 1).messages.map((m) => m.role)).toEqual(["user", "assistant", "user"]);
  }, 60_000);

  it("compacts once more, smaller, when the API still answers 400 prompt is too long", async () => {
    const box = await cli.sandbox();
    await box.write("project/notes.txt", "a note\n");
    api = await FakeMessagesApi.start([
      readCall("toolu_1", "notes.txt", { input_tokens: 185_000, output_tokens: 40 }),
      text("SUMMARY ONE"),
      {
        kind: "error",
        status: 400,
        type: "invalid_request_error",
        message: "prompt is too long: 212000 tokens > 200000 maximum",
      },
      text("SUMMARY TWO"),
      text("Done after two compactions."),
    ]);
    const run = await box.run(["-p", "read notes.txt", "--output-format", "stream-json"], { env: apiEnv(box, api) });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(api.requests).toHaveLength(5);
    const brief = withoutCacheControl(body(api, 3));
    expect(brief.messages).toHaveLength(1);
    const briefText = (brief.messages[0]!.content as Array<{ text: string }>)[0]!.text;
    expect(briefText).toContain(
      `<conversation>\nUser: ${SUMMARY_PREFIX}SUMMARY ONE\n\nUser: read notes.txt\n</conversation>`,
    );
    expect(briefText).toContain("<request>\nread notes.txt\n</request>");
    expect(briefText).toContain("Keep it short: at most 300 words.");
    expect(withoutCacheControl(body(api, 4)).messages).toEqual([
      {
        role: "user",
        content: [
          { type: "text", text: `${SUMMARY_PREFIX}SUMMARY TWO` },
          { type: "text", text: "read notes.txt" },
        ],
      },
    ]);
    expect(run.lines.filter((line) => line.subtype === "compact_boundary")).toHaveLength(2);
    expect(run.lines.at(-1)).toMatchObject({ type: "result", is_error: false, result: "Done after two compactions." });
    const saved = readFileSync(sessionFiles(box)[0]!, "utf8");
    expect(saved.match(/"type":"compaction"/g)).toHaveLength(2);
  }, 60_000);

  it("the brief form keeps the first request and the turn's prompt whole and leaves out the middle; the prompt, attachment and all, is sent as written after", async () => {
    const box = await cli.sandbox();
    await box.write("project/notes.txt", "NOTE-CONTENT: frob is the new name\n");
    api = await FakeMessagesApi.start([text("On it.")]);
    const task = "TASK-ALPHA: rename frobnicate to frob in every file";
    const first = await box.run(["-p", task], { env: apiEnv(box, api) });
    expect(first.code, first.stderr).toBe(0);
    // A long middle: a question and an answer of 420,000 characters (no usage saved, so nothing compacts before the request).
    const [file] = sessionFiles(box);
    const time = new Date().toISOString();
    const long = `MIDDLE-START ${"filler ".repeat(60_000)}MIDDLE-END`;
    appendFileSync(file!, `${JSON.stringify({ type: "prompt", content: "MIDDLE-QUESTION", time })}\n`);
    appendFileSync(
      file!,
      `${JSON.stringify({ type: "assistant", message: { role: "assistant", content: [{ type: "text", text: long }] }, model: "claude-sonnet-4-5", time })}\n`,
    );

    api.reply(
      {
        kind: "error",
        status: 400,
        type: "invalid_request_error",
        message: "prompt is too long: 212000 tokens > 200000 maximum",
      },
      text("SUMMARY: renaming frobnicate to frob."),
      text("Renamed."),
    );
    const run = await box.run(["-p", "--continue", "@notes.txt go on with the task"], { env: apiEnv(box, api) });
    expect(run.code, run.stderr).toBe(0);
    expect(api.requests).toHaveLength(4);
    const overflowed = withoutCacheControl(body(api, 1));
    const briefText = (withoutCacheControl(body(api, 2)).messages[0]!.content as Array<{ text: string }>)[0]!.text;
    expect(briefText).toContain(`<conversation>\nUser: ${task}\n\n[… part of the conversation left out …]\n\n`);
    expect(briefText).not.toContain("MIDDLE-START");
    expect(briefText).toContain("MIDDLE-END");
    expect(briefText).toContain("<request>\n@notes.txt go on with the task\n\n");
    expect(briefText).toContain("NOTE-CONTENT: frob is the new name");
    // After the summary comes the prompt exactly as the overflowing request carried it, its attachment too.
    const prompt = overflowed.messages.at(-1)!.content as unknown[];
    expect(JSON.stringify(prompt)).toContain("NOTE-CONTENT");
    const after = withoutCacheControl(body(api, 3));
    expect(after.messages).toEqual([
      {
        role: "user",
        content: [{ type: "text", text: `${SUMMARY_PREFIX}SUMMARY: renaming frobnicate to frob.` }, ...prompt],
      },
    ]);

    // A resume replays the same: the summary, then the kept prompt.
    api.reply(text("Yes."));
    const resumed = await box.run(["-p", "-c", "done?"], { env: apiEnv(box, api) });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(withoutCacheControl(body(api, 4)).messages.slice(0, 1)).toEqual(after.messages);
  }, 60_000);
});
