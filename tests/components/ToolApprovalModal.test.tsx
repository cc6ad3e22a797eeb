import { cleanup, render } from "ink-testing-library";
import { afterEach, describe, expect, it } from "vitest";
import { ToolApprovalModal } from "../../components/approval/ToolApprovalModal.tsx";
import type { ToolAnswer } from "../../src/tui/approval-options.ts";
import type { PendingPermission } from "../../src/tui/permission-queue.ts";
import { screen, settle, typeKeys } from "../helpers/tui-screen.ts";

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

async function modal(isActive = true) {
  const answers: Array<[ToolAnswer, string | undefined]> = [];
  const app = render(<ToolApprovalModal pending={COMMENT} cwd="/home/ann/proj" isActive={isActive} onAnswer={(a, m) => answers.push([a, m])} />);
  await settle();
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

  it("ignores keys while inactive", async () => {
    const { press, answers } = await modal(false);
    await press("1", "\r", "\u001b");
    expect(answers).toEqual([]);
  });
});
