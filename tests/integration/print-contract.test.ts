import { beforeEach, describe, expect, it } from "vitest";
import {
  BUILTIN_TOOLS,
  cliForTestFile,
  mcpConfig,
  modelScript,
  toolResults,
  trackerEntry,
  type CliSandbox,
} from "../helpers/cli-sandbox.ts";

// DESIGN.md "Print mode": the built CLI's stdout, stderr and exit status, in Claude Code's shapes.

const TRACKER_TOOLS = ["mcp__tracker__list_issues", "mcp__tracker__get_issue", "mcp__tracker__add_comment"];
const TODO_LINE = "BUG-101 [Todo] list_posts has no pagination; the home page returns 5000 posts";

const listTodo = [
  { type: "text", text: "Let me look." },
  { type: "tool_use", id: "toolu_list", name: "mcp__tracker__list_issues", input: { status: "Todo" } },
];
const listThenDone = modelScript(listTodo, [{ type: "text", text: "One Todo issue: BUG-101." }]);

const cli = cliForTestFile();
let box: CliSandbox;
beforeEach(async () => {
  box = await cli.sandbox();
});

/** `-p PROMPT --model-script FILE --mcp-config tracker …extra`. */
async function print(script: ReturnType<typeof modelScript>, extra: string[]) {
  const file = await box.write("script.json", script);
  return box.run([
    "-p",
    "What is left to do?",
    "--model-script",
    file,
    "--mcp-config",
    mcpConfig({ tracker: trackerEntry }),
    ...extra,
  ]);
}

describe("print mode output contract", () => {
  it("stream-json writes init, assistant, user and result lines in Claude Code's shapes", async () => {
    const run = await print(listThenDone, ["--output-format", "stream-json"]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe("");
    const [init, first, toolLine, second, result, ...rest] = run.lines;
    expect(rest).toEqual([]);
    const sessionId = init?.session_id;
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(init).toEqual({
      type: "system",
      subtype: "init",
      cwd: box.project,
      session_id: sessionId,
      model: "script:script.json",
      permissionMode: "default",
      tools: [...BUILTIN_TOOLS, ...TRACKER_TOOLS],
      mcp_servers: [{ name: "tracker", status: "connected" }],
    });
    expect(first).toEqual({
      type: "assistant",
      message: {
        type: "message",
        role: "assistant",
        model: "script:script.json",
        content: [
          { type: "text", text: "Let me look." },
          { type: "tool_use", id: "toolu_list", name: "mcp__tracker__list_issues", input: { status: "Todo" } },
        ],
        stop_reason: "tool_use",
        stop_sequence: null,
        usage: expect.objectContaining({ input_tokens: expect.any(Number), output_tokens: expect.any(Number) }),
      },
      parent_tool_use_id: null,
      session_id: sessionId,
    });
    expect(toolLine).toEqual({
      type: "user",
      message: {
        role: "user",
        content: [
          {
            type: "tool_result",
            tool_use_id: "toolu_list",
            content: [{ type: "text", text: TODO_LINE }],
            is_error: false,
          },
        ],
      },
      parent_tool_use_id: null,
      session_id: sessionId,
    });
    expect(second).toMatchObject({
      type: "assistant",
      message: { content: [{ type: "text", text: "One Todo issue: BUG-101." }] },
    });
    expect(result).toEqual({
      type: "result",
      subtype: "success",
      is_error: false,
      duration_ms: expect.any(Number),
      duration_api_ms: expect.any(Number),
      num_turns: 2,
      result: "One Todo issue: BUG-101.",
      session_id: sessionId,
      total_cost_usd: null,
      usage: expect.objectContaining({ input_tokens: expect.any(Number), output_tokens: expect.any(Number) }),
      // A scripted model has no price: its tokens are counted, its cost is unknown (null), not 0.
      modelUsage: { "script:script.json": expect.objectContaining({ costUSD: null, contextWindow: 200_000 }) },
      permission_denials: [],
    });
  });

  it("json prints exactly one JSON object, the result", async () => {
    const run = await print(listThenDone, ["--output-format", "json"]);
    expect(run.code).toBe(0);
    expect(run.stdout.endsWith("}\n")).toBe(true);
    expect(run.stdout.split("\n")).toHaveLength(2);
    expect(run.lines).toEqual([
      expect.objectContaining({
        type: "result",
        subtype: "success",
        is_error: false,
        num_turns: 2,
        result: "One Todo issue: BUG-101.",
      }),
    ]);
  });

  it("text prints only the final text", async () => {
    const run = await print(listThenDone, []);
    expect(run).toMatchObject({ code: 0, stdout: "One Todo issue: BUG-101.\n", stderr: "" });
  });

  it("a script that runs out ends with error_during_execution and a non-zero exit", async () => {
    const run = await print(modelScript(listTodo), ["--output-format", "stream-json"]);
    expect(run.code).toBe(1);
    expect(run.lines.map((line) => line.type)).toEqual(["system", "assistant", "user", "result"]);
    expect(run.lines.at(-1)).toMatchObject({
      type: "result",
      subtype: "error_during_execution",
      is_error: true,
      num_turns: 2,
      result: "model script exhausted after 1 response",
    });
  });

  it("text mode reports the exhausted script on stderr and prints nothing on stdout", async () => {
    const run = await print(modelScript(), []);
    expect(run).toMatchObject({ code: 1, stdout: "", stderr: "mini-cc: model script exhausted after 0 responses\n" });
  });

  it("--max-turns caps the tool rounds with error_max_turns", async () => {
    const loop = modelScript(
      [{ type: "tool_use", name: "mcp__tracker__list_issues", input: {} }],
      [{ type: "tool_use", name: "mcp__tracker__list_issues", input: {} }],
      [{ type: "text", text: "never reached" }],
    );
    const run = await print(loop, ["--output-format", "json", "--max-turns", "1"]);
    expect(run.code).toBe(1);
    expect(run.lines).toEqual([
      expect.objectContaining({
        subtype: "error_max_turns",
        is_error: true,
        num_turns: 1,
        result: "Reached the limit of 1 tool round for this turn.",
      }),
    ]);
  });

  it("plan mode denies Edit and leaves the file alone", async () => {
    await box.write("project/notes.txt", "old\n");
    const edit = modelScript(
      [
        {
          type: "tool_use",
          id: "toolu_edit",
          name: "Edit",
          input: { file_path: "notes.txt", old_string: "old", new_string: "new" },
        },
      ],
      [{ type: "text", text: "Could not edit." }],
    );
    const run = await print(edit, ["--output-format", "stream-json", "--permission-mode", "plan"]);
    expect(run.code).toBe(0);
    const denied = "Edit is not allowed in plan mode: only read-only tools run.";
    expect(toolResults(run.lines)).toEqual([
      { type: "tool_result", tool_use_id: "toolu_edit", content: denied, is_error: true },
    ]);
    expect(run.lines.at(-1)).toMatchObject({
      result: "Could not edit.",
      permission_denials: [
        {
          tool_name: "Edit",
          tool_use_id: "toolu_edit",
          tool_input: { file_path: "notes.txt", old_string: "old", new_string: "new" },
        },
      ],
    });
    expect(await box.read("project/notes.txt")).toBe("old\n");
  });

  it("reads the prompt from standard input when none is given", async () => {
    const file = await box.write("script.json", modelScript([{ type: "text", text: "From stdin." }]));
    const run = await box.run(["-p", "--model-script", file], { stdin: "hello from a pipe\n" });
    expect(run).toMatchObject({ code: 0, stdout: "From stdin.\n", stderr: "" });
  });

  it("without a prompt and with empty standard input it is a usage error", async () => {
    const file = await box.write("script.json", modelScript([{ type: "text", text: "From stdin." }]));
    const run = await box.run(["-p", "--model-script", file], { stdin: "" });
    expect(run).toMatchObject({ code: 2, stdout: "" });
    expect(run.stderr.split("\n")[0]).toBe("mini-cc: no prompt: give one after -p, or on standard input");
  });
});
