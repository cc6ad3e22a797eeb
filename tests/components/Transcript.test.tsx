import { Box, Text } from "ink";
import { cleanup, render } from "ink-testing-library";
import { afterEach, describe, expect, it } from "vitest";
import { Transcript } from "../../components/transcript/Transcript.tsx";
import { TranscriptItemView } from "../../components/transcript/TranscriptItemView.tsx";
import type { AgentEvent } from "../../src/agent/events.ts";
import { EMPTY_TRANSCRIPT, type TranscriptItem } from "../../src/tui/transcript-items.ts";
import { reduceTranscript, type TranscriptAction } from "../../src/tui/transcript-reducer.ts";
import { screen } from "../helpers/tui-screen.ts";

afterEach(cleanup);

function items(actions: readonly TranscriptAction[]): readonly TranscriptItem[] {
  return actions.reduce(reduceTranscript, EMPTY_TRANSCRIPT).items;
}

const usage = { input_tokens: 1, output_tokens: 1 };
const say = (text: string): AgentEvent => ({ type: "assistant", message: { role: "assistant", content: [{ type: "text", text }] }, usage });

describe("Transcript", () => {
  it("reads like the seed session: prompt, system notes, text, tool calls and results", () => {
    const session = items([
      { type: "turn_start", prompt: "Fix the Todo issue about posts.ts" },
      { type: "system_note", label: "project instructions", text: "0 files (AGENTS.md, CLAUDE.md)" },
      { type: "system_note", label: "date", text: "2026-10-22" },
      say("Let me look at the Todo issues first."),
      { type: "tool_call", id: "1", name: "mcp__tracker__list_issues", input: { status: "Todo" }, summary: "mcp__tracker__list_issues(Todo)" },
      { type: "tool_result", id: "1", name: "mcp__tracker__list_issues", result: { content: "BUG-101 [Todo] list_posts has no pagination", isError: false }, durationMs: 3 },
      { type: "tool_call", id: "2", name: "mcp__tracker__get_issue", input: { id: "BUG-101" }, summary: "mcp__tracker__get_issue(BUG-101)" },
      { type: "tool_result", id: "2", name: "mcp__tracker__get_issue", result: { content: "BUG-101: list_posts has no pagination\nstatus: Todo\ncomments:\n- ann: seen on staging", isError: false }, durationMs: 3 },
      { type: "tool_call", id: "3", name: "Read", input: { file_path: "posts.ts" }, summary: "Read(posts.ts)" },
      { type: "tool_result", id: "3", name: "Read", result: { content: "     1\tfunction listPosts(posts) {\n     2\t  return posts;\n     3\t}\n", isError: false }, durationMs: 1 },
      { type: "turn_end", reason: "end_turn", numTurns: 1, resultText: "" },
    ]);
    expect(screen(render(<Transcript items={session} rows={40} />).lastFrame())).toMatchInlineSnapshot(`
      "
      ❯ Fix the Todo issue about posts.ts
      ◇ system  project instructions 0 files (AGENTS.md, CLAUDE.md)
      ◇ system  date 2026-10-22
      ● Let me look at the Todo issues first.
      ⏺ mcp__tracker__list_issues(Todo)
      ✔ mcp__tracker__list_issues -> BUG-101 [Todo] list_posts has no pagination
      ⏺ mcp__tracker__get_issue(BUG-101)
      ✔ mcp__tracker__get_issue -> BUG-101: list_posts has no pagination
        status: Todo
        comments:  …(+1 lines)
      ⏺ Read(posts.ts)
      ✔ Read ->      1  function listPosts(posts) {
             2    return posts;
             3  }"
    `);
  });

  it("marks errors, denials, interruptions and command output", () => {
    const session = items([
      { type: "turn_start", prompt: "comment on BUG-101" },
      { type: "tool_call", id: "1", name: "mcp__tracker__get_issue", input: { id: "NOPE" }, summary: "mcp__tracker__get_issue(NOPE)" },
      { type: "tool_result", id: "1", name: "mcp__tracker__get_issue", result: { content: [{ type: "text", text: "No issue NOPE. Use list_issues to see ids." }], isError: true }, durationMs: 2 },
      { type: "permission_denied", id: "2", name: "mcp__tracker__add_comment", message: "The user denied this tool call. They said: not yet" },
      { type: "tool_result", id: "2", name: "mcp__tracker__add_comment", result: { content: "The user denied this tool call. They said: not yet", isError: true }, durationMs: 0 },
      { type: "error", message: "API error 529: overloaded" },
      { type: "turn_end", reason: "aborted", numTurns: 1, resultText: "" },
      { type: "user_input", text: "/mcp" },
      { type: "command_output", lines: ["MCP 1/1 connected · 3 tools", "tracker  connected  project  3 tools"], isError: false },
      { type: "command_output", lines: ["Unknown command /nope. Type /help for the list."], isError: true },
    ]);
    expect(screen(render(<Transcript items={session} rows={40} />).lastFrame())).toMatchInlineSnapshot(`
      "
      ❯ comment on BUG-101
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

  it("renders a tool result with no output as (no output)", () => {
    const [item] = items([{ type: "tool_result", id: "1", name: "Bash", result: { content: "", isError: false }, durationMs: 1 }]);
    expect(screen(render(<TranscriptItemView item={item!} />).lastFrame())).toMatchInlineSnapshot(`"✔ Bash -> (no output)"`);
  });

  it("keeps the newest lines and the live message at the bottom when the view is short, cutting the oldest", () => {
    const session = items([
      { type: "user_input", text: "/mcp" },
      { type: "command_output", lines: ["one", "two", "three"], isError: false },
      { type: "notice", text: "last" },
    ]);
    const view = render(
      <Box height={4} flexDirection="column">
        <Transcript items={session} rows={4}>
          <Text>● streaming…</Text>
        </Transcript>
      </Box>,
    );
    expect(screen(view.lastFrame())).toMatchInlineSnapshot(`
      "  two
        three
      ◇ last
      ● streaming…"
    `);
  });

  it("lays out only as many items as the view has rows", () => {
    const many = items(Array.from({ length: 50 }, (_, i): TranscriptAction => ({ type: "notice", text: `n${i}` })));
    const view = render(<Transcript items={many} rows={3} />);
    expect(screen(view.lastFrame())).toBe("◇ n47\n◇ n48\n◇ n49");
  });

  it("ends at an older item when scrolled back, saying how many are below, instead of the live message", () => {
    const many = items(Array.from({ length: 10 }, (_, i): TranscriptAction => ({ type: "notice", text: `n${i}` })));
    const view = render(
      <Transcript items={many} rows={3} end={4}>
        <Text>● streaming…</Text>
      </Transcript>,
    );
    expect(screen(view.lastFrame())).toBe("◇ n1\n◇ n2\n◇ n3\n↓ 6 newer items below · PgDn");
  });

  it("draws nothing of the old items after /clear empties the transcript", () => {
    const before = items([{ type: "user_input", text: "/mcp" }]);
    const app = render(<Transcript items={before} rows={10} />);
    app.rerender(<Transcript items={[]} rows={10} />);
    expect(screen(app.lastFrame())).toBe("");
  });
});
