import { Box, Text } from "ink";
import { cleanup } from "ink-testing-library";
import { afterEach, describe, expect, it } from "vitest";
import { Transcript } from "../../../components/transcript/Transcript.tsx";
import type { AgentEvent } from "../../../src/agent/events.ts";
import { EMPTY_TRANSCRIPT, type TranscriptItem } from "../../../components/transcript/items.ts";
import { reduceTranscript, type TranscriptAction } from "../../../components/transcript/reducer.ts";
import type { ScrollTop } from "../../../components/transcript/scroll.ts";
import { MotionContext } from "../../../components/runtime/useMotion.ts";
import { screen, renderUntilRendered } from "../../helpers/tui-screen.ts";

afterEach(cleanup);

function items(actions: readonly TranscriptAction[]): readonly TranscriptItem[] {
  return actions.reduce(reduceTranscript, EMPTY_TRANSCRIPT).items;
}

const usage = { input_tokens: 1, output_tokens: 1 };

interface ViewOptions {
  readonly rows?: number;
  readonly width?: number;
  readonly live?: string;
  readonly top?: ScrollTop;
  readonly expanded?: boolean;
  readonly working?: boolean;
}

/** The transcript in a box of `rows` rows, after the view has measured itself. */
async function view(
  shown: readonly TranscriptItem[],
  { rows = 40, width = 100, ...rest }: ViewOptions = {},
): Promise<string> {
  const ui = await renderUntilRendered(
    <MotionContext value={false}>
      <Box height={rows} width={width} flexDirection="column">
        <Transcript items={shown} rows={rows} width={width} {...rest} />
      </Box>
    </MotionContext>,
  );
  return screen(ui.lastFrame()).replace(/^\n+/, "");
}
const say = (text: string): AgentEvent => ({
  type: "assistant",
  message: { role: "assistant", content: [{ type: "text", text }] },
  usage,
});

describe("Transcript", () => {
  it("shows thinking dimmed and folded to one line, whole with Ctrl+O", async () => {
    const thought = items([
      {
        type: "assistant",
        message: {
          role: "assistant",
          content: [
            { type: "thinking", thinking: "First list the files.\nThen read README.md.", signature: "s" },
            { type: "text", text: "Let me look." },
          ],
        },
        usage,
      },
    ]);
    expect(await view(thought, { rows: 5 })).toMatchInlineSnapshot(`
      "∴ Thinking… (ctrl+o to show)
      ● Let me look."
    `);
    expect(await view(thought, { rows: 5, expanded: true })).toMatchInlineSnapshot(`
      "∴ First list the files.
        Then read README.md.
      ● Let me look."
    `);
  });

  it("reads like the seed session: prompt, system notes, text, tool calls and results", async () => {
    const session = items([
      { type: "turn-start", prompt: "Fix the Todo issue about posts.ts" },
      { type: "system_note", label: "project instructions", text: "0 files (AGENTS.md, CLAUDE.md)" },
      { type: "system_note", label: "date", text: "2026-10-22" },
      say("Let me look at the Todo issues first."),
      {
        type: "tool_call",
        id: "1",
        name: "mcp__tracker__list_issues",
        input: { status: "Todo" },
        summary: "mcp__tracker__list_issues(Todo)",
      },
      {
        type: "tool_result",
        id: "1",
        name: "mcp__tracker__list_issues",
        result: { content: "BUG-101 [Todo] list_posts has no pagination", isError: false },
        durationMs: 3,
      },
      {
        type: "tool_call",
        id: "2",
        name: "mcp__tracker__get_issue",
        input: { id: "BUG-101" },
        summary: "mcp__tracker__get_issue(BUG-101)",
      },
      {
        type: "tool_result",
        id: "2",
        name: "mcp__tracker__get_issue",
        result: {
          content: "BUG-101: list_posts has no pagination\nstatus: Todo\ncomments:\n- ann: seen on staging",
          isError: false,
        },
        durationMs: 3,
      },
      { type: "tool_call", id: "3", name: "Read", input: { file_path: "posts.ts" }, summary: "Read(posts.ts)" },
      {
        type: "tool_result",
        id: "3",
        name: "Read",
        result: {
          content: "     1\tfunction listPosts(posts) {\n     2\t  return posts;\n     3\t}\n",
          isError: false,
        },
        durationMs: 1,
      },
      { type: "turn_end", reason: "end_turn", numTurns: 1, resultText: "" },
    ]);
    expect(await view(session)).toMatchInlineSnapshot(`
      "❯ Fix the Todo issue about posts.ts
      ◇ system  project instructions 0 files (AGENTS.md, CLAUDE.md)
      ◇ system  date 2026-10-22
      ● Let me look at the Todo issues first.
      ⏺ mcp__tracker__list_issues(Todo)
      ✔ mcp__tracker__list_issues -> BUG-101 [Todo] list_posts has no pagination
      ⏺ mcp__tracker__get_issue(BUG-101)
      ✔ mcp__tracker__get_issue -> BUG-101: list_posts has no pagination
        status: Todo
        comments:
        … +1 line (ctrl+o to expand)
      ⏺ Read(posts.ts)
      ✔ Read ->      1  function listPosts(posts) {
             2    return posts;
             3  }"
    `);
  });

  it("marks errors, denials, interruptions and command output", async () => {
    const session = items([
      { type: "turn-start", prompt: "comment on BUG-101" },
      {
        type: "tool_call",
        id: "1",
        name: "mcp__tracker__get_issue",
        input: { id: "NOPE" },
        summary: "mcp__tracker__get_issue(NOPE)",
      },
      {
        type: "tool_result",
        id: "1",
        name: "mcp__tracker__get_issue",
        result: { content: [{ type: "text", text: "No issue NOPE. Use list_issues to see ids." }], isError: true },
        durationMs: 2,
      },
      {
        type: "permission_denied",
        id: "2",
        name: "mcp__tracker__add_comment",
        message: "The user denied this tool call. They said: not yet",
      },
      {
        type: "tool_result",
        id: "2",
        name: "mcp__tracker__add_comment",
        result: { content: "The user denied this tool call. They said: not yet", isError: true },
        durationMs: 0,
      },
      { type: "error", message: "API error 529: overloaded" },
      { type: "turn_end", reason: "aborted", numTurns: 1, resultText: "" },
      { type: "user-input", text: "/mcp" },
      {
        type: "command-output",
        lines: ["MCP 1/1 connected · 3 tools", "tracker  connected  project  3 tools"],
        isError: false,
      },
      { type: "command-output", lines: ["Unknown command /nope. Type /help for the list."], isError: true },
    ]);
    expect(await view(session)).toMatchInlineSnapshot(`
      "❯ comment on BUG-101
      ⏺ mcp__tracker__get_issue(NOPE)
      ✘ mcp__tracker__get_issue -> No issue NOPE. Use list_issues to see ids.
      ✘ mcp__tracker__add_comment: The user denied this tool call. They said: not yet
      ✘ API error 529: overloaded
      ◇ Interrupted.

      ❯ /mcp
        MCP 1/1 connected · 3 tools
        tracker  connected  project  3 tools
        Unknown command /nope. Type /help for the list."
    `);
  });

  it("renders a tool result with no output as (no output)", async () => {
    const shown = items([
      { type: "tool_result", id: "1", name: "Bash", result: { content: "", isError: false }, durationMs: 1 },
    ]);
    expect(await view(shown)).toBe("✔ Bash -> (no output)");
  });

  const longOutput = (n: number): TranscriptAction[] => [
    { type: "tool_call", id: "1", name: "Bash", input: {}, summary: "Bash(seq 1 300)" },
    {
      type: "tool_result",
      id: "1",
      name: "Bash",
      result: { content: Array.from({ length: n }, (_, i) => `out ${i + 1}`).join("\n"), isError: false },
      durationMs: 1,
    },
  ];

  it("folds long tool output to three lines and says how to see the rest", async () => {
    expect(await view(items(longOutput(301)))).toMatchInlineSnapshot(`
      "⏺ Bash(seq 1 300)
      ✔ Bash -> out 1
        out 2
        out 3
        … +298 lines (ctrl+o to expand)"
    `);
  });

  it("shows every line of tool output when expanded, wrapping the long ones", async () => {
    const shown = items([
      ...longOutput(5),
      {
        type: "tool_result",
        id: "2",
        name: "Read",
        result: { content: `short\n${"word ".repeat(12).trim()}`, isError: false },
        durationMs: 1,
      },
    ]);
    expect(await view(shown, { width: 30, expanded: true })).toMatchInlineSnapshot(`
      "⏺ Bash(seq 1 300)
      ✔ Bash -> out 1
        out 2
        out 3
        out 4
        out 5
      ✔ Read -> short
        word word word word word
        word word word word word
        word word"
    `);
  });

  it("gives expanded output of a long-named tool the whole width, not the band beside its name", async () => {
    const shown = items([
      {
        type: "tool_result",
        id: "3",
        name: "mcp__tracker__list_issues",
        result: {
          content: "BUG-101 [Todo] list_posts has no pagination; the home page returns 5000 posts",
          isError: false,
        },
        durationMs: 1,
      },
    ]);
    expect(await view(shown, { width: 50, expanded: true })).toMatchInlineSnapshot(`
      "✔ mcp__tracker__list_issues ->
        BUG-101 [Todo] list_posts has no pagination; the
         home page returns 5000 posts"
    `);
  });

  it("renders assistant Markdown: headings, emphasis, lists, code, links with their URL", async () => {
    const text = [
      "## Plan",
      "",
      "Fix **posts.ts** with *care*; see `listPosts` and [the issue](https://tracker.example/BUG-101).",
      "",
      "1. Add paging",
      "2. Reply on the issue",
      "   - with the commit",
      "",
      "```ts",
      "export function listPosts(posts: Post[], page = 1) {",
      "  return posts;",
      "}",
      "```",
    ].join("\n");
    expect(await view(items([say(text)]), { width: 60 })).toMatchInlineSnapshot(`
      "● Plan

        Fix posts.ts with care; see listPosts and the issue
        (https://tracker.example/BUG-101).

        1. Add paging
        2. Reply on the issue
           - with the commit

          export function listPosts(posts: Post[], page = 1) {
            return posts;
          }"
    `);
  });

  it("renders partial Markdown as it streams: an unclosed fence and emphasis do not break the view", async () => {
    expect(
      await view([], { live: "Here is the fix:\n\n```ts\nconst page = **1", working: true }),
    ).toMatchInlineSnapshot(`
      "● Here is the fix:

          const page = **1
      ⠋ Working… (esc to interrupt)"
    `);
  });

  it("keeps the newest rows and the working line at the bottom when the view is short, cutting the oldest", async () => {
    const session = items([
      { type: "user-input", text: "/mcp" },
      { type: "command-output", lines: ["one", "two", "three"], isError: false },
      { type: "notice", text: "last" },
    ]);
    expect(await view(session, { rows: 4, live: "streaming…", working: true })).toMatchInlineSnapshot(`
      "  three
      ◇ last
      ● streaming…
      ⠋ Working… (esc to interrupt)"
    `);
  });

  it("draws only the rows that fit, however many items there are", async () => {
    const many = items(Array.from({ length: 10_000 }, (_, i): TranscriptAction => ({ type: "notice", text: `n${i}` })));
    expect(await view(many, { rows: 3 })).toBe("◇ n9997\n◇ n9998\n◇ n9999");
  });

  it("shows the rows from a pinned top when scrolled back, and how many rows are below", async () => {
    const many = items(Array.from({ length: 10 }, (_, i): TranscriptAction => ({ type: "notice", text: `n${i}` })));
    expect(await view(many, { rows: 4, top: 1, live: "streaming…", working: true })).toBe(
      "◇ n1\n◇ n2\n◇ n3\n↓ 7 lines below · PgDn, End",
    );
  });

  it("draws nothing of the old items after /clear empties the transcript", async () => {
    expect(await view([], { rows: 10 })).toBe("");
  });
});
