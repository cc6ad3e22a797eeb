import { cleanup } from "ink-testing-library";
import { afterEach, describe, expect, it } from "vitest";
import { App } from "../../../components/app/App.tsx";
import { panelWidth } from "../../../components/mcp-panel/panel-width.ts";
import { MotionContext } from "../../../components/runtime/useMotion.ts";
import { ClockContext } from "../../../components/runtime/useClock.ts";
import { ARMING_DELAY_MS } from "../../../components/approval/useArming.ts";
import { FakeClock } from "../../helpers/fake-clock.ts";
import { ChatSession } from "../../../components/session/chat-session.ts";
import type { ServerView } from "../../../src/mcp/state/server-state.ts";
import {
  connected,
  END,
  fakeRuntime,
  RecordingMcp,
  ScriptedTurn,
  server,
  TRACKER_TOOLS,
} from "../../helpers/tui-fixtures.ts";
import { eventually, renderUntilRendered, screen, typeKeys, untilRendered } from "../../helpers/tui-screen.ts";

afterEach(cleanup);

const ENTER = "\r";
const ESC = "\u001b";
const SHIFT_TAB = "\u001b[Z";
const PAGE_UP = "\u001b[5~";
const PAGE_DOWN = "\u001b[6~";
const HOME = "\u001b[H";
const END_KEY = "\u001b[F";
const CTRL_O = "\u000f";
/** SGR mouse reports of one wheel notch up and down. */
const WHEEL_UP = "\u001b[<64;10;5M";
const WHEEL_DOWN = "\u001b[<65;10;5M";
/** The screen the tests draw on: ink-testing-library's 100 columns, and this many rows. */
const ROWS = 16;
const usage = { input_tokens: 1, output_tokens: 1 };

const COMMENT_REQUEST = {
  toolUseId: "t3",
  toolName: "mcp__tracker__add_comment",
  input: { id: "BUG-101" },
  summary: "mcp__tracker__add_comment(BUG-101)",
  reason: "needs approval",
};

async function app(
  servers: readonly ServerView[] = [server("tracker", connected(TRACKER_TOOLS))],
  turn = new ScriptedTurn(),
  rows = ROWS,
) {
  const mcp = new RecordingMcp(servers);
  const runtime = fakeRuntime({ mcp, turn: turn.script });
  const session = new ChatSession(runtime);
  let exits = 0;
  const clock = new FakeClock();
  const ui = await renderUntilRendered(
    <ClockContext value={clock}>
      <MotionContext value={false}>
        <App runtime={runtime} session={session} home="/home/ann" onExit={() => (exits += 1)} height={rows} />
      </MotionContext>
    </ClockContext>,
  );
  const type = (...keys: string[]) => typeKeys(ui.stdin, ...keys);
  /** Lets the open question's arming delay pass on the fake clock, so it takes keys. */
  const passArming = async () => {
    // First the effects of the frame that shows the question (one sets the arming timer), then the delay.
    await untilRendered();
    await untilRendered(() => clock.advance(ARMING_DELAY_MS));
  };
  const text = () => screen(ui.lastFrame());
  /** The left-hand column only (the transcript, modal, prompt and footer), without the MCP panel. */
  const left = () =>
    screen(
      text()
        .split("\n")
        .map((line) => line.slice(0, 100 - panelWidth(100)))
        .join("\n"),
    );
  return { ui, mcp, runtime, session, turn, type, passArming, clock, exits: () => exits, text, left };
}

/** Waits until the armed question shows its focus, and the effects that hand it the keyboard have run. */
function armedWhen(left: () => string) {
  return async (focused: string): Promise<void> => {
    await eventually(() => expect(left()).toContain(focused));
    await untilRendered();
  };
}

describe("App", () => {
  it("opens with the server approval modal, the prompt, the footer and the MCP panel", async () => {
    const { text, passArming } = await app([
      server("tracker", { status: "needs-approval" }),
      server("memory", { status: "pending" }, "user"),
    ]);
    await passArming();
    expect(text()).toMatchInlineSnapshot(`
      "                                                                ╭──────────────────────────────────╮
      ╭─────────────────────────────────────────────────────────────╮ │ MCP 0/2 connected · 0 tools      │
      │ MCP server tracker wants to start  (project · .mcp.json)    │ │ ? tracker     project approve?   │
      │ It will run as you, on this machine:                        │ │ ◌ memory      user    ⠋ starting │
      │     node tracker.js                                         │ │                                  │
      │                                                             │ │                                  │
      │ ❯ 1. Start, and remember for this project                   │ │                                  │
      │   2. Start this time only                                   │ │                                  │
      │   3. Don't start                                            │ │                                  │
      │                                                             │ │                                  │
      │ ↑/↓ j/k move · Enter or 1-3 choose · Esc don't start        │ │                                  │
      ╰─────────────────────────────────────────────────────────────╯ │                                  │
      ╭─────────────────────────────────────────────────────────────╮ │                                  │
      │ ❯ Ask anything, or /help                                    │ │                                  │
      ╰─────────────────────────────────────────────────────────────╯ │                                  │
       ⏵ default · scripted · ~/proj          shift+tab mode · /help  ╰──────────────────────────────────╯"
    `);
  });

  it("gives the whole width to the transcript when no MCP server is configured; the footer says so", async () => {
    const { text } = await app([]);
    expect(text()).not.toContain("╮ │");
    expect(text()).toContain("MCP none");
  });

  it("sends the modal's answer to the manager and gives the keyboard back to the prompt", async () => {
    const { type, passArming, mcp, text } = await app([server("tracker", { status: "needs-approval" })]);
    await passArming();
    await type("1");
    await eventually(() => expect(mcp.decisions).toEqual([["tracker", "remember"]]));
    await type("hi");
    expect(text()).toContain("◇ MCP server tracker approved for this project; starting it.");
    expect(text()).toContain("❯ hi");
  });

  it("streams assistant text live, then asks permission and records the answer", async () => {
    const { type, passArming, turn, runtime, text } = await app();
    await type("fix BUG-101", ENTER);
    turn.push({ type: "text_delta", text: "Let me " }, { type: "text_delta", text: "look." });
    await eventually(() => expect(text()).toContain("● Let me look."));
    expect(text()).toContain("Working… (esc to interrupt)");
    const allowed = runtime.permissionQueue.ask(COMMENT_REQUEST, new AbortController().signal);
    turn.push(
      { type: "assistant", message: { role: "assistant", content: [{ type: "text", text: "Let me look." }] }, usage },
      {
        type: "tool_call",
        id: "t3",
        name: "mcp__tracker__add_comment",
        input: { id: "BUG-101" },
        summary: "mcp__tracker__add_comment(BUG-101)",
      },
    );
    await eventually(() => expect(text()).toContain("Allow mcp__tracker__add_comment(BUG-101)?"));
    await passArming();
    await type("2");
    expect(await allowed).toEqual({ behavior: "allow", scope: "session", rule: "mcp__tracker__add_comment" });
    turn.push(
      {
        type: "tool_result",
        id: "t3",
        name: "mcp__tracker__add_comment",
        result: { content: "Comment added to BUG-101 (1 total).", isError: false },
        durationMs: 4,
      },
      END,
    );
    await eventually(() => expect(text()).toContain("✔ mcp__tracker__add_comment -> Comment added"));
    expect(text()).toMatchInlineSnapshot(`
      "                                                                ╭──────────────────────────────────╮
                                                                      │ MCP 1/1 connected · 3 tools      │
                                                                      │ ● tracker     project 3 tools    │
                                                                      │                                  │
                                                                      │                                  │
                                                                      │                                  │
      ❯ fix BUG-101                                                   │                                  │
      ● Let me look.                                                  │                                  │
      ⏺ mcp__tracker__add_comment(BUG-101)                            │                                  │
      ◇ Allowed for the rest of this session:                         │                                  │
        mcp__tracker__add_comment.                                    │                                  │
      ✔ mcp__tracker__add_comment -> Comment added to BUG-101 (1 tot… │                                  │
      ╭─────────────────────────────────────────────────────────────╮ │                                  │
      │ ❯ Ask anything, or /help                                    │ │                                  │
      ╰─────────────────────────────────────────────────────────────╯ │                                  │
       ⏵ default · scripted · ~/proj          shift+tab mode · /help  ╰──────────────────────────────────╯"
    `);
  });

  it("interrupts the running turn on Esc", async () => {
    const { type, turn, left } = await app();
    await type("go", ENTER);
    turn.push({ type: "text_delta", text: "Working on it" });
    await eventually(() => expect(left()).toContain("● Working on it"));
    await type(ESC);
    await eventually(() => expect(left()).toContain("◇ Interrupted."));
    expect(left()).toContain("● Working on it\n◇ Interrupted.");
  });

  it("queues a prompt sent while a turn runs, shows it under the prompt, and sends it when the turn ends", async () => {
    const { type, turn, left, runtime } = await app();
    const prompts: string[] = [];
    const start = runtime.startTurn;
    runtime.startTurn = (prompt, signal) => (prompts.push(prompt), start(prompt, signal));
    await type("first", ENTER, "second", ENTER);
    await eventually(() => expect(left()).toContain("↳ queued: second"));
    expect(left().split("\n").slice(-5).join("\n")).toMatchInlineSnapshot(`
      "╭─────────────────────────────────────────────────────────────╮
      │ ❯ Ask anything, or /help                                    │
      ╰─────────────────────────────────────────────────────────────╯
       ↳ queued: second
       ⏵ default · scripted · ~/proj                  esc to unqueue"
    `);
    expect(prompts).toEqual(["first"]);
    turn.push(END);
    await eventually(() => expect(prompts).toEqual(["first", "second"]));
    expect(left()).not.toContain("queued");
  });

  it("takes a queued prompt back into the field on the first Esc, interrupts on the second", async () => {
    const { type, turn, left } = await app();
    await type("first", ENTER, "second", ENTER, "and more");
    turn.push({ type: "text_delta", text: "Working on it" });
    await eventually(() => expect(left()).toContain("↳ queued: second"));
    await type(ESC);
    await eventually(() => expect(left()).not.toContain("queued"));
    expect(left()).toContain("│ ❯ second");
    expect(left()).toContain("│   and more");
    expect(left()).toContain("esc to interrupt");
    expect(left()).not.toContain("Interrupted");
    await type(ESC);
    await eventually(() => expect(left()).toContain("◇ Interrupted."));
  });

  it("holds a prompt while MCP servers start, says so, and sends it on Esc", async () => {
    const prompts: string[] = [];
    const { type, left, runtime, mcp } = await app([
      server("tracker", { status: "pending" }),
      server("memory", { status: "pending" }, "user"),
    ]);
    runtime.startTurn = async function* (prompt) {
      prompts.push(prompt);
      yield END;
    };
    await type("list the issues", ENTER);
    await eventually(() => expect(left()).toContain("waiting for 2 MCP servers… (esc to send now)"));
    expect(left()).toContain("↳ queued: list the issues");
    mcp.set("tracker", connected(TRACKER_TOOLS));
    await eventually(() => expect(left()).toContain("waiting for 1 MCP server… (esc to send now)"));
    expect(prompts).toEqual([]);
    await type(ESC);
    await eventually(() => expect(prompts).toEqual(["list the issues"]));
    await eventually(() => expect(left()).not.toContain("waiting for"));
  });

  it("lists servers and tools with /mcp -v, from the registry", async () => {
    const { type, text } = await app();
    await type("/mcp -v", ENTER);
    await eventually(() => expect(text()).toContain("(read-only)"));
    const lines = text().split("\n");
    const from = lines.findIndex((line) => line.startsWith("❯ /mcp -v"));
    expect(
      lines
        .slice(from, from + 6)
        .map((line) => line.slice(0, 62).trimEnd())
        .join("\n"),
    ).toMatchInlineSnapshot(`
      "❯ /mcp -v
        MCP 1/1 connected · 3 tools
        tracker  connected  project  3 tools
            mcp__tracker__list_issues  (read-only)
            mcp__tracker__get_issue  (read-only)
            mcp__tracker__add_comment"
    `);
  });

  it("submits text and Enter that arrive in one chunk, as typed fast", async () => {
    const { type, text } = await app();
    await type("/mcp -v\r");
    await eventually(() => expect(text()).toContain("mcp__tracker__add_comment"));
    expect(text()).toContain("❯ Ask anything, or /help");
  });

  it("applies every key of a chunk before Enter sends it", async () => {
    const { type, text } = await app();
    await type("/mcpx\u007f\r");
    await eventually(() => expect(text()).toContain("tracker  connected  project  3 tools"));
    expect(text()).not.toContain("Unknown command");
  });

  it("keeps the lines of a pasted block in the prompt instead of sending each", async () => {
    const { type, text, session } = await app();
    await type("first line\rsecond line\r");
    await type("\u001b[200~third\rfourth\r\u001b[201~");
    expect(session.running).toBe(false);
    expect(text().split("\n").slice(-6).join("\n")).toMatchInlineSnapshot(`
      "│   second line                                               │ │                                  │
      │   third                                                     │ │                                  │
      │   fourth                                                    │ │                                  │
      │                                                             │ │                                  │
      ╰─────────────────────────────────────────────────────────────╯ │                                  │
       ⏵ default · scripted · ~/proj          shift+tab mode · /help  ╰──────────────────────────────────╯"
    `);
  });

  it("cycles the permission mode with Shift+Tab, passing bypassPermissions by on a second Shift+Tab", async () => {
    const { type, text, runtime } = await app();
    await type(SHIFT_TAB);
    expect(text()).toContain("⏵ acceptEdits");
    await type(SHIFT_TAB, SHIFT_TAB, SHIFT_TAB);
    expect(runtime.modes).toEqual(["acceptEdits", "plan", "default"]);
    expect(text()).toContain("⏵ default");
    await type(SHIFT_TAB + SHIFT_TAB);
    expect(text()).toContain("⏵ plan");
  });

  it("asks before bypassPermissions and turns it on only on y pressed once the question is armed", async () => {
    const { type, passArming, left, runtime } = await app();
    await type(SHIFT_TAB, SHIFT_TAB, SHIFT_TAB);
    expect(left()).toContain("⚠ Bypass permissions: tools run unasked. y on · other key no");
    // Typed on at once ("yarn test"): the y was not an answer, and is dropped.
    await type("yarn");
    expect(runtime.modes).toEqual(["acceptEdits", "plan"]);
    expect(left()).toContain("⏸ Key ignored: read the question, then press a key");
    expect(left()).toContain("❯ Ask anything");
    await passArming();
    await type("y");
    expect(runtime.modes).toEqual(["acceptEdits", "plan", "bypassPermissions"]);
    expect(left()).toContain("⏵ bypassPermissions");
    expect(left()).not.toContain("⚠ Bypass");
  });

  it("drops a y that came in the same read as the Shift+Tab opening the bypassPermissions question", async () => {
    const { type, left, runtime } = await app();
    await type(SHIFT_TAB + SHIFT_TAB + SHIFT_TAB + "y");
    await eventually(() => expect(left()).toContain("⏸ Key ignored: read the question, then press a key"));
    expect(runtime.modes).toEqual(["acceptEdits", "plan"]);
    expect(left()).toContain("⚠ Bypass permissions: tools run unasked. y on · other key no");
    expect(left()).toContain("❯ Ask anything");
  });

  it("keeps the mode when the bypassPermissions question gets another key", async () => {
    const { type, passArming, left, runtime } = await app();
    await type(SHIFT_TAB, SHIFT_TAB, SHIFT_TAB);
    await passArming();
    await type("n");
    expect(runtime.modes).toEqual(["acceptEdits", "plan"]);
    expect(left()).not.toContain("⚠ Bypass");
    expect(left()).toContain("⏵ plan");
  });

  it("drops keys typed before a modal is armed: neither the modal's answer nor typed into the prompt behind it", async () => {
    const { type, passArming, clock, mcp, left } = await app([server("tracker", { status: "needs-approval" })]);
    await type("fix 1 bug");
    expect(mcp.decisions).toEqual([]);
    expect(left()).toContain("⏸ Key ignored: read the question, then press a key");
    expect(left()).toContain("❯ Ask anything");
    // Each key while waiting starts the wait again: typing on never answers.
    clock.advance(ARMING_DELAY_MS - 50);
    await type(" 3");
    clock.advance(ARMING_DELAY_MS - 50);
    await type("2");
    expect(mcp.decisions).toEqual([]);
    await passArming();
    expect(left()).not.toContain("Key ignored");
    await type("2");
    expect(mcp.decisions).toEqual([["tracker", "once"]]);
    expect(left()).toContain("❯ Ask anything");
  });

  it("disarms an armed modal when text meant for the prompt is typed at it, so Enter cannot answer", async () => {
    const { type, passArming, mcp, left } = await app([server("tracker", { status: "needs-approval" })]);
    await passArming();
    await type("s");
    await type("ure", ENTER);
    expect(mcp.decisions).toEqual([]);
    expect(left()).toContain("MCP server tracker wants to start");
    await passArming();
    await type("3");
    expect(mcp.decisions).toEqual([["tracker", "deny"]]);
  });

  it("never lets a double press answer the modal that follows an answered one, nor a held key arm it", async () => {
    const { type, passArming, clock, runtime, left } = await app(undefined, undefined, 30);
    const signal = new AbortController().signal;
    const first = runtime.permissionQueue.ask(
      { ...COMMENT_REQUEST, toolUseId: "a", summary: "Bash(echo first)" },
      signal,
    );
    const second = runtime.permissionQueue.ask(
      { ...COMMENT_REQUEST, toolUseId: "b", summary: "Bash(rm -rf ./important-data)" },
      signal,
    );
    await eventually(() => expect(left()).toContain("Allow Bash(echo first)?"));
    await passArming();
    await type("1");
    expect(await first).toEqual({ behavior: "allow", scope: "once" });
    await eventually(() => expect(left()).toContain("Allow Bash(rm -rf ./important-data)?"));
    clock.advance(400);
    await type("1");
    // A key held down: each repeat starts the wait again.
    for (let i = 0; i < 20; i++) {
      clock.advance(ARMING_DELAY_MS - 100);
      await type("1");
    }
    expect(runtime.permissionQueue.getSnapshot().pending).toHaveLength(1);
    expect(left()).toContain("⏸ Key ignored: read the question, then press a key");
    expect(left()).toContain("❯ Ask anything");
    await passArming();
    await type("3", ENTER);
    expect(await second).toMatchObject({ behavior: "deny" });
  });

  it("drops keys typed as a tool approval opens, then takes the answer once armed", async () => {
    const { type, passArming, runtime, left } = await app();
    const allowed = runtime.permissionQueue.ask(COMMENT_REQUEST, new AbortController().signal);
    await eventually(() => expect(left()).toContain("Allow mcp__tracker__add_comment(BUG-101)?"));
    await type("and 1 more", ENTER);
    expect(runtime.permissionQueue.getSnapshot().pending).toHaveLength(1);
    await passArming();
    await type("1");
    expect(await allowed).toEqual({ behavior: "allow", scope: "once" });
    expect(left()).toContain("❯ Ask anything");
  });

  it("lets a server's question wait behind a tool approval, then takes its answer only once armed", async () => {
    const { type, passArming, runtime, left } = await app(undefined, undefined, 30);
    const armedAt = armedWhen(left);
    const signal = new AbortController().signal;
    const allowed = runtime.permissionQueue.ask(COMMENT_REQUEST, signal);
    const url = runtime.serverRequests.ask(
      { kind: "elicit-url", server: "tracker", message: "Sign in", url: "https://example.com/x" },
      signal,
    );
    await eventually(() => expect(left()).toContain("Allow mcp__tracker__add_comment(BUG-101)?"));
    expect(left()).not.toContain("asks you to open a link");
    await passArming();
    await armedAt("❯ 1. Allow");
    await type("1");
    expect(await allowed).toEqual({ behavior: "allow", scope: "once" });
    await eventually(() => expect(left()).toContain("tracker asks you to open a link"));
    // Typed before it was armed (a second press): dropped, answers nothing.
    await type("2");
    expect(runtime.serverRequests.getSnapshot().pending).toHaveLength(1);
    expect(left()).toContain("⏸ Key ignored");
    expect(left()).toContain("❯ Ask anything");
    await passArming();
    await armedAt("❯ 1. Open it in the browser");
    await type("3");
    expect(await url).toBe("decline");
  });

  it("fills an elicitation form once armed; keys typed before are dropped", async () => {
    const { type, passArming, runtime, left } = await app(undefined, undefined, 30);
    const armedAt = armedWhen(left);
    const fields = [
      { key: "n", label: "Count", description: "", required: true, kind: "number" as const, integer: true },
    ];
    const answer = runtime.serverRequests.ask(
      { kind: "elicit-form", server: "tracker", message: "How many?", fields },
      new AbortController().signal,
    );
    await eventually(() => expect(left()).toContain("tracker asks for input"));
    await type("9");
    await passArming();
    await armedAt("❯ Count");
    await type("12", ENTER, ENTER);
    expect(await answer).toEqual({ action: "accept", values: { n: "12" } });
    expect(left()).toContain("❯ Ask anything");
  });

  it("asks about several project servers one by one, counting them, and can start all the rest", async () => {
    const waiting = ["tracker", "memory", "files"].map((name) => server(name, { status: "needs-approval" }));
    const { type, passArming, mcp, left } = await app(waiting, new ScriptedTurn(), 30);
    await passArming();
    expect(left()).toMatchInlineSnapshot(`
      "







      ╭─────────────────────────────────────────────────────────────╮
      │ MCP server tracker wants to start  (1 of 3 · project ·      │
      │ .mcp.json)                                                  │
      │ All 3 will run as you, on this machine:                     │
      │   ❯ tracker                                                 │
      │       node tracker.js                                       │
      │     memory                                                  │
      │       node memory.js                                        │
      │     files                                                   │
      │       node files.js                                         │
      │                                                             │
      │ ❯ 1. Start, and remember for this project                   │
      │   2. Start this time only                                   │
      │   3. Start all 3, and remember for this project             │
      │   4. Don't start                                            │
      │                                                             │
      │ ↑/↓ j/k move · Enter or 1-4 choose · Esc don't start        │
      ╰─────────────────────────────────────────────────────────────╯
      ╭─────────────────────────────────────────────────────────────╮
      │ ❯ Ask anything, or /help                                    │
      ╰─────────────────────────────────────────────────────────────╯
       ⏵ default · scripted · ~/proj          shift+tab mode · /help"
    `);
    await type("1");
    await passArming();
    expect(left()).toContain("MCP server memory wants to start  (2 of 3");
    expect(left()).toContain("3. Start all 2, and remember for this project");
    await type("3");
    expect(mcp.decisions).toEqual([
      ["tracker", "remember"],
      ["memory", "remember"],
      ["files", "remember"],
    ]);
    // One line for the servers started together.
    expect(left()).toContain("◇ MCP servers memory, files approved for this project; starting");
    expect(left()).not.toContain("MCP server files approved");
  });

  it("scrolls the transcript by screenfuls of rows with PgUp/PgDn, to the top with Home and back with End", async () => {
    const { type, left } = await app();
    for (let i = 0; i < 12; i++) await type(`/nope${i}`, ENTER);
    await eventually(() => expect(left()).toContain("Unknown command /nope11."));
    await type(PAGE_UP);
    // 12 rows of transcript: a screenful of 11 rows back (one row still in view), the 12th says what is below.
    expect(left()).toMatch(/^  Unknown command \/nope4\. .*\n\n❯ \/nope5\n(.*\n){7}\n↓ 11 lines below · PgDn, End\n╭/);
    await type(HOME);
    expect(left()).toMatch(/^\n❯ \/nope0\n/);
    await type(PAGE_DOWN);
    expect(left()).toMatch(/^  Unknown command \/nope3\. /);
    await type(END_KEY);
    expect(left()).toContain("Unknown command /nope11.");
    expect(left()).not.toContain("below · PgDn");
  });

  it("toggles whole tool output with Ctrl+O", async () => {
    const { type, turn, left } = await app();
    await type("run it", ENTER);
    const output = Array.from({ length: 5 }, (_, i) => `out ${i + 1}`).join("\n");
    turn.push(
      { type: "tool_result", id: "t1", name: "Bash", result: { content: output, isError: false }, durationMs: 1 },
      END,
    );
    await eventually(() => expect(left()).toContain("  … +2 lines (ctrl+o to expand)"));
    await type(CTRL_O);
    expect(left()).toContain("✔ Bash -> out 1\n  out 2\n  out 3\n  out 4\n  out 5\n");
    await type(CTRL_O);
    expect(left()).toContain("  out 3\n  … +2 lines (ctrl+o to expand)");
  });

  it("scrolls with the mouse wheel when the terminal reports it, and never types the report into the prompt", async () => {
    const { type, left } = await app();
    for (let i = 0; i < 12; i++) await type(`/nope${i}`, ENTER);
    await eventually(() => expect(left()).toContain("Unknown command /nope11."));
    await type(WHEEL_UP);
    expect(left()).toContain("↓ 3 lines below · PgDn, End");
    await type(WHEEL_DOWN);
    expect(left()).not.toContain("below · PgDn");
    expect(left()).toContain("❯ Ask anything, or /help");
  });

  it("fills the screen: the prompt and footer on the bottom rows, the MCP panel full height", async () => {
    const { text } = await app();
    expect(text()).toMatchInlineSnapshot(`
      "                                                                ╭──────────────────────────────────╮
                                                                      │ MCP 1/1 connected · 3 tools      │
                                                                      │ ● tracker     project 3 tools    │
                                                                      │                                  │
                                                                      │                                  │
                                                                      │                                  │
                                                                      │                                  │
                                                                      │                                  │
                                                                      │                                  │
                                                                      │                                  │
                                                                      │                                  │
                                                                      │                                  │
      ╭─────────────────────────────────────────────────────────────╮ │                                  │
      │ ❯ Ask anything, or /help                                    │ │                                  │
      ╰─────────────────────────────────────────────────────────────╯ │                                  │
       ⏵ default · scripted · ~/proj          shift+tab mode · /help  ╰──────────────────────────────────╯"
    `);
  });

  it("starts a new conversation with /clear: the transcript and the model's context", async () => {
    const { type, text, runtime } = await app();
    await type("/mcp", ENTER);
    await eventually(() => expect(text()).toContain("tracker  connected  project"));
    // /mcp moved the keys to the panel (in an effect after the frame); Esc gives them back.
    await untilRendered();
    await type(ESC, "/clear", ENTER);
    await eventually(() => expect(text()).not.toContain("tracker  connected  project"));
    expect(text()).not.toContain("/clear");
    expect(text()).not.toContain("❯ /mcp");
    expect(runtime.conversations).toBe(2);
  });

  it("quits on /exit", async () => {
    const { type, exits } = await app();
    await type("/exit", ENTER);
    await eventually(() => expect(exits()).toBe(1));
  });

  it("quits on Ctrl+D with an empty prompt, not with text in it", async () => {
    const { type, exits } = await app();
    await type("x", "\u0004");
    expect(exits()).toBe(0);
    await type("\u007f", "\u0004");
    expect(exits()).toBe(1);
  });

  it("quits on the second Ctrl+C; the first clears the line and says so", async () => {
    const { type, exits, text } = await app();
    await type("draft", "\u0003");
    expect(text()).toContain("Press Ctrl+C again to quit");
    expect(text()).not.toContain("draft");
    expect(exits()).toBe(0);
    await type("\u0003");
    expect(exits()).toBe(1);
  });

  it("forgets the first Ctrl+C two seconds later, on the injected clock: the next one interrupts again", async () => {
    const { type, exits, text, clock } = await app();
    await type("\u0003");
    expect(text()).toContain("Press Ctrl+C again to quit");
    await untilRendered(() => clock.advance(2000));
    expect(text()).not.toContain("Press Ctrl+C again to quit");
    await type("\u0003");
    expect(exits()).toBe(0);
    expect(text()).toContain("Press Ctrl+C again to quit");
  });

  it("hides the MCP panel on a narrow terminal, its counts moving to the front of the footer", async () => {
    const { ui, type, text } = await app();
    await type("/mcp", ENTER);
    await eventually(() => expect(text()).toContain("tracker  connected"));
    await untilRendered();
    await type(ESC);
    Object.defineProperty(ui.stdout, "columns", { get: () => 80 });
    ui.stdout.emit("resize");
    await eventually(() => expect(text()).toContain(" MCP 1/1 · ⏵ default · scripted"));
    expect(text().split("❯ /mcp").length).toBe(2);
    expect(text()).toMatchInlineSnapshot(`
      "








      ❯ /mcp
        MCP 1/1 connected · 3 tools
        tracker  connected  project  3 tools
      ╭──────────────────────────────────────────────────────────────────────────────╮
      │ ❯ Ask anything, or /help                                                     │
      ╰──────────────────────────────────────────────────────────────────────────────╯
       MCP 1/1 · ⏵ default · scripted · ~/proj                 shift+tab mode · /help"
    `);
  });
});
