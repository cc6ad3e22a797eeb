import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cleanup } from "ink-testing-library";
import { afterEach, describe, expect, it } from "vitest";
import { ToolApprovalModal } from "../../../components/approval/ToolApprovalModal.tsx";
import { covers } from "../../helpers/rule-coverage.ts";
import type { ToolAnswer } from "../../../components/approval/approval-options.ts";
import type { PendingPermission } from "../../../components/runtime/permission-queue.ts";
import { screen, renderUntilRendered, typeKeys } from "../../helpers/tui-screen.ts";

afterEach(cleanup);

const COMMENT: PendingPermission = {
  id: 1,
  request: {
    toolUseId: "t3",
    toolName: "mcp__tracker__add_comment",
    input: { id: "BUG-101", body: "Fixed: listPosts now paginates." },
    summary: "mcp__tracker__add_comment(BUG-101)",
    reason: "needs approval",
  },
};

async function modal(isActive = true, stops?: string[], pending: PendingPermission = COMMENT) {
  const answers: Array<[ToolAnswer, string | undefined]> = [];
  const onStop = stops ? () => stops.push("stop") : undefined;
  const app = await renderUntilRendered(
    <ToolApprovalModal
      covers={covers}
      pending={pending}
      cwd="/home/ann/proj"
      isActive={isActive}
      onAnswer={(a, m) => answers.push([a, m])}
      onStop={onStop}
    />,
  );
  const press = (...keys: string[]) => typeKeys(app.stdin, ...keys);
  return { app, answers, press };
}

describe("ToolApprovalModal", () => {
  it("asks about the call with its reason and arguments", async () => {
    const { app } = await modal();
    expect(screen(app.lastFrame())).toMatchInlineSnapshot(`
      "╭──────────────────────────────────────────────────────────────────────────────────────────────────╮
      │ Allow mcp__tracker__add_comment(BUG-101)?  (needs approval)                                      │
      │     id: BUG-101                                                                                  │
      │     body: Fixed: listPosts now paginates.                                                        │
      │                                                                                                  │
      │ ❯ 1. Allow                                                                                       │
      │   2. Allow, and don't ask again this session for mcp__tracker__add_comment                       │
      │   3. Deny, and tell the model what to do instead                                                 │
      │                                                                                                  │
      │ ↑/↓ j/k move · Enter or 1-3 choose · Esc deny                                                    │
      ╰──────────────────────────────────────────────────────────────────────────────────────────────────╯"
    `);
  });

  it("names the subagent whose call asks, its name made harmless", async () => {
    const { app } = await modal(true, undefined, { ...COMMENT, request: { ...COMMENT.request, agent: "qa\u001b[2J" } });
    const title = screen(app.lastFrame()).split("\n")[1];
    expect(title).toContain("Allow mcp__tracker__add_comment(BUG-101)?  asked by the qa");
    expect(title).toContain("agent  (needs approval)");
    expect(app.lastFrame()).not.toContain("\u001b[2J");
  });

  it("wraps a long choice under its label's text on a narrow screen, no row wider than the modal", async () => {
    const app = await renderUntilRendered(
      <ToolApprovalModal
        covers={covers}
        pending={COMMENT}
        cwd="/home/ann/proj"
        isActive
        onAnswer={() => {}}
        width={40}
      />,
    );
    const rows = screen(app.lastFrame()).split("\n");
    expect(rows.every((row) => row.length === 40)).toBe(true);
    const second = rows.findIndex((row) => row.includes("2. Allow"));
    expect(rows.slice(second, second + 4)).toEqual([
      "│   2. Allow, and don't ask again this │",
      "│      session for                     │",
      "│      mcp__tracker__add_comment       │",
      "│   3. Deny, and tell the model what   │",
    ]);
  });

  it("allows once on 1", async () => {
    const { press, answers } = await modal();
    await press("1");
    expect(answers).toEqual([["once", undefined]]);
  });

  it("allows for the session on 2", async () => {
    const { press, answers } = await modal();
    await press("2");
    expect(answers).toEqual([["session", undefined]]);
  });

  it("opens a message field on 3 instead of denying at once", async () => {
    const { app, press, answers } = await modal();
    await press("3");
    expect(answers).toEqual([]);
    expect(screen(app.lastFrame())).toMatchInlineSnapshot(`
      "╭──────────────────────────────────────────────────────────────────────────────────────────────────╮
      │ Allow mcp__tracker__add_comment(BUG-101)?  (needs approval)                                      │
      │     id: BUG-101                                                                                  │
      │     body: Fixed: listPosts now paginates.                                                        │
      │                                                                                                  │
      │   1. Allow                                                                                       │
      │   2. Allow, and don't ask again this session for mcp__tracker__add_comment                       │
      │ ❯ 3. Deny, and tell the model what to do instead                                                 │
      │      › optional: what should the model do instead?                                               │
      │                                                                                                  │
      │ Enter send · Esc deny without a message · ↑ back                                                 │
      ╰──────────────────────────────────────────────────────────────────────────────────────────────────╯"
    `);
  });

  it("denies with the typed message on Enter", async () => {
    const { app, press, answers } = await modal();
    await press("3", "Use BUG-102 insteax", "\u007f", "d", "\u001b[D", "\u001b[D");
    expect(screen(app.lastFrame())).toContain("› Use BUG-102 instead");
    await press("\r");
    expect(answers).toEqual([["deny", "Use BUG-102 instead"]]);
  });

  it("denies with the message when its text and Enter arrive in one chunk", async () => {
    const { press, answers } = await modal();
    await press("3", "not yet, ask ann\r");
    expect(answers).toEqual([["deny", "not yet, ask ann"]]);
  });

  it("keeps a pasted block in the message field without sending it", async () => {
    const { app, press, answers } = await modal();
    await press("3", "\u001b[200~first\rsecond\r\u001b[201~");
    expect(answers).toEqual([]);
    expect(screen(app.lastFrame())).toContain("› first");
    await press("\r");
    expect(answers).toEqual([["deny", "first\nsecond"]]);
  });

  it("moves up with Shift+Tab and down with Tab", async () => {
    const { press, answers } = await modal();
    await press("\t", "\t", "\u001b[Z", "\r");
    expect(answers).toEqual([["session", undefined]]);
  });

  it("denies without a message on Esc in the message field", async () => {
    const { press, answers } = await modal();
    await press("k", "\r", "never mind", "\u001b");
    expect(answers).toEqual([["deny", undefined]]);
  });

  it("denies on Esc from the list", async () => {
    const { press, answers } = await modal();
    await press("\u001b");
    expect(answers).toEqual([["deny", undefined]]);
  });

  it("stops (and answers nothing else) on Esc from the list or the message field when it can stop the turn, and says so", async () => {
    const stops: string[] = [];
    const { app, press, answers } = await modal(true, stops);
    expect(screen(app.lastFrame())).toContain("↑/↓ j/k move · Enter or 1-3 choose · Esc stop");
    await press("\u001b", "\u001b");
    expect(stops).toEqual(["stop"]);
    expect(answers).toEqual([]);
    const typing = await modal(true, []);
    await typing.press("3", "never");
    expect(screen(typing.app.lastFrame())).toContain("Enter send · Esc stop · ↑ back");
  });

  it("denies and goes on with the deny-with-a-message choice and an empty message, even where Esc stops", async () => {
    const stops: string[] = [];
    const { press, answers } = await modal(true, stops);
    await press("3", "\r");
    expect(answers).toEqual([["deny", undefined]]);
    expect(stops).toEqual([]);
  });

  it("ignores keys while inactive", async () => {
    const { press, answers } = await modal(false);
    await press("1", "\r", "\u001b");
    expect(answers).toEqual([]);
  });
});

describe("ToolApprovalModal shows all of what is approved", () => {
  let dir: string | undefined;
  afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

  const pendingCall = (toolName: string, input: Record<string, unknown>, summary = toolName): PendingPermission => ({
    id: 2,
    request: { toolUseId: "t9", toolName, input, summary, reason: "needs approval" },
  });
  async function show(
    pending: PendingPermission,
    size: { width?: number; maxHeight?: number } = {},
    cwd = "/home/ann/proj",
  ) {
    const answers: Array<[ToolAnswer, string | undefined]> = [];
    const app = await renderUntilRendered(
      <ToolApprovalModal
        covers={covers}
        pending={pending}
        cwd={cwd}
        isActive
        onAnswer={(a, m) => answers.push([a, m])}
        {...size}
      />,
    );
    return { app, answers, press: (...keys: string[]) => typeKeys(app.stdin, ...keys) };
  }

  it("wraps a long value instead of cutting it, at 60 columns", async () => {
    const body =
      "Fixed: listPosts now paginates with ?page and ?per_page, defaulting to 20 a page; the old behaviour returned every post at once, which timed out on large blogs.";
    const { app } = await show(
      pendingCall("mcp__tracker__add_comment", { id: "BUG-101", body }, "mcp__tracker__add_comment(BUG-101)"),
      { width: 60 },
    );
    expect(screen(app.lastFrame())).toMatchInlineSnapshot(`
      "╭──────────────────────────────────────────────────────────╮
      │ Allow mcp__tracker__add_comment(BUG-101)?  (needs        │
      │ approval)                                                │
      │     id: BUG-101                                          │
      │     body: Fixed: listPosts now paginates with ?page and  │
      │     ?per_page, defaulting to 20 a page; the old          │
      │     behaviour returned every post at once, which timed   │
      │     out on large blogs.                                  │
      │                                                          │
      │ ❯ 1. Allow                                               │
      │   2. Allow, and don't ask again this session for         │
      │      mcp__tracker__add_comment                           │
      │   3. Deny, and tell the model what to do instead         │
      │                                                          │
      │ ↑/↓ j/k move · Enter or 1-3 choose · Esc deny            │
      ╰──────────────────────────────────────────────────────────╯"
    `);
  });

  it("keeps a Bash script's lines and shows escape sequences as text; a script gets no session allow", async () => {
    const command = "set -e\nnpm ci\nnpm test -- --reporter=dot\u001b[2J\u001b[H";
    const { app } = await show(pendingCall("Bash", { command, description: "Install and test" }, "Bash(set -e…)"), {
      width: 60,
    });
    const frame = app.lastFrame() ?? "";
    expect(frame).not.toContain("\u001b[2J");
    expect(screen(frame)).toMatchInlineSnapshot(`
      "╭──────────────────────────────────────────────────────────╮
      │ Allow Bash(set -e…)?  (needs approval)                   │
      │     set -e                                               │
      │     npm ci                                               │
      │     npm test -- --reporter=dot\\x1b[2J\\x1b[H              │
      │     description: Install and test                        │
      │                                                          │
      │ ❯ 1. Allow                                               │
      │   2. Deny, and tell the model what to do instead         │
      │                                                          │
      │ ↑/↓ j/k move · Enter or 1-2 choose · Esc deny            │
      ╰──────────────────────────────────────────────────────────╯"
    `);
  });

  it("offers a single command's prefix, not all of Bash, for the session", async () => {
    const { app, press, answers } = await show(
      pendingCall("Bash", { command: "npm test -- --reporter=dot" }, "Bash(npm test -- --reporter=dot)"),
      { width: 60 },
    );
    expect(screen(app.lastFrame())).toMatchInlineSnapshot(`
      "╭──────────────────────────────────────────────────────────╮
      │ Allow Bash(npm test -- --reporter=dot)?  (needs          │
      │ approval)                                                │
      │     npm test -- --reporter=dot                           │
      │                                                          │
      │ ❯ 1. Allow                                               │
      │   2. Allow, and don't ask again this session for Bash    │
      │      commands starting with \`npm test\`                   │
      │   3. Deny, and tell the model what to do instead         │
      │                                                          │
      │ ↑/↓ j/k move · Enter or 1-3 choose · Esc deny            │
      ╰──────────────────────────────────────────────────────────╯"
    `);
    await press("2");
    expect(answers).toEqual([["session", undefined]]);
  });

  it("shows an Edit as a coloured diff against the file on disk", async () => {
    dir = mkdtempSync(join(tmpdir(), "mini-cc-modal-"));
    writeFileSync(
      join(dir, "posts.ts"),
      "export function listPosts(page: number) {\n  const all = load();\n  return all;\n}\n",
    );
    const edit = pendingCall(
      "Edit",
      {
        file_path: "posts.ts",
        old_string: "  return all;",
        new_string: "  return all.slice(page * 20, (page + 1) * 20);",
      },
      "Edit(posts.ts)",
    );
    const { app } = await show(edit, { width: 60 }, dir);
    expect(screen(app.lastFrame())).toMatchInlineSnapshot(`
      "╭──────────────────────────────────────────────────────────╮
      │ Allow Edit(posts.ts)?  (needs approval)                  │
      │     posts.ts                                             │
      │     1   export function listPosts(page: number) {        │
      │     2     const all = load();                            │
      │     3 -   return all;                                    │
      │     3 +   return all.slice(page * 20, (page + 1) * 20);  │
      │     4   }                                                │
      │                                                          │
      │ ❯ 1. Allow                                               │
      │   2. Allow, and don't ask again this session for Edit    │
      │   3. Deny, and tell the model what to do instead         │
      │                                                          │
      │ ↑/↓ j/k move · Enter or 1-3 choose · Esc deny            │
      ╰──────────────────────────────────────────────────────────╯"
    `);
  });

  it("scrolls a request taller than the screen with PgDn/PgUp and says how much is hidden", async () => {
    const content = Array.from({ length: 30 }, (_, i) => `line ${i + 1}`).join("\n") + "\n";
    const { app, press } = await show(pendingCall("Write", { file_path: "notes.txt", content }, "Write(notes.txt)"), {
      width: 60,
      maxHeight: 16,
    });
    expect(screen(app.lastFrame())).toMatchInlineSnapshot(`
      "╭──────────────────────────────────────────────────────────╮
      │ Allow Write(notes.txt)?  (needs approval)                │
      │     notes.txt (new file)                                 │
      │      1 + line 1                                          │
      │      2 + line 2                                          │
      │      3 + line 3                                          │
      │      4 + line 4                                          │
      │      5 + line 5                                          │
      │ ↓ 25 lines below                                         │
      │ ❯ 1. Allow                                               │
      │   2. Allow, and don't ask again this session for Write   │
      │   3. Deny, and tell the model what to do instead         │
      │ ↑/↓ j/k move · Enter or 1-3 choose · PgUp/PgDn scroll ·  │
      │ Esc deny                                                 │
      ╰──────────────────────────────────────────────────────────╯"
    `);
    await press("\u001b[6~");
    expect(screen(app.lastFrame())).toContain("↑ 5 lines above · ↓ 20 lines below");
    await press("\u001b[6~", "\u001b[6~", "\u001b[6~", "\u001b[6~");
    expect(screen(app.lastFrame())).toContain("30 + line 30");
    expect(screen(app.lastFrame())).toContain("↑ 25 lines above");
    await press("\u001b[1;5A");
    expect(screen(app.lastFrame())).toContain("↑ 24 lines above · ↓ 1 line below");
    await press("\u001b[5~", "\u001b[5~", "\u001b[5~", "\u001b[5~", "\u001b[5~");
    expect(screen(app.lastFrame())).toContain("1 + line 1");
  });

  it("shows no highlight and takes no key until armed", async () => {
    const answers: ToolAnswer[] = [];
    const app = await renderUntilRendered(
      <ToolApprovalModal
        covers={covers}
        pending={COMMENT}
        cwd="/"
        isActive={false}
        onAnswer={(a) => answers.push(a)}
      />,
    );
    expect(screen(app.lastFrame())).not.toContain("❯");
    await typeKeys(app.stdin, "1", "\r");
    expect(answers).toEqual([]);
  });
});
