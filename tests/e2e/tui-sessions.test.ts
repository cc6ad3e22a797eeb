/**
 * The real CLI on a real pseudo-terminal: the model asks with
 * AskUserQuestion (keys typed before its modal land in the prompt box), the
 * session is saved and the exit screen says how to resume it; --continue
 * and --resume's picker bring it back.
 */
import { mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { copyBuiltCli, type BuiltCli } from "../helpers/cli-sandbox.ts";
import { interactiveEnv, PtyScreen } from "../helpers/pty-screen.ts";

let built: BuiltCli;
beforeAll(async () => {
  built = await copyBuiltCli();
});
afterAll(() => built.dispose());

const screens: PtyScreen[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const screen of screens.splice(0)) screen.kill();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const ASK = {
  type: "tool_use",
  name: "AskUserQuestion",
  input: {
    questions: [
      {
        question: "Which color?",
        header: "Color",
        options: [
          { label: "Red", description: "warm" },
          { label: "Blue", description: "cool" },
        ],
        multiSelect: false,
      },
    ],
  },
};

function sandbox() {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "mini-cc-tui-sessions-")));
  dirs.push(root);
  const project = join(root, "proj");
  mkdirSync(project);
  const script = join(root, "script.json");
  writeFileSync(
    script,
    JSON.stringify({
      responses: [
        { content: [{ type: "text", text: "Let me ask." }, ASK] },
        { content: [{ type: "text", text: "Blue it is." }] },
      ],
    }),
  );
  return { project, home: join(root, "home"), script };
}

function launch(project: string, home: string, ...args: string[]): PtyScreen {
  const screen = new PtyScreen(process.execPath, [built.cli, ...args], {
    cols: 170,
    rows: 30,
    cwd: project,
    env: interactiveEnv({ MINI_CC_HOME: home }),
  });
  screens.push(screen);
  return screen;
}

describe("sessions on a real terminal", () => {
  it("answers AskUserQuestion in an armed modal, saves the session, says how to resume it, and --continue and --resume bring it back", async () => {
    const { project, home, script } = sandbox();
    const screen = launch(project, home, "--model-script", script, "pick a color");
    await screen.waitFor("Which color?");
    // Typed as the modal appears: dropped (not typed into the prompt behind it), it answers nothing.
    screen.write("2");
    await screen.waitFor("⏸ Key ignored: read the question, then press a key");
    expect(screen.text()).not.toContain("User has answered");
    await screen.waitFor("❯ 1. Red — warm");
    screen.write("2");
    await screen.waitFor('✔ AskUserQuestion -> User has answered your questions: "Which color?"="Blue"');
    await screen.waitFor("● Blue it is.");
    screen.write("\u0015/exit\r");
    expect(await screen.exited).toBe(0);

    const dir = join(home, "projects");
    const [key] = readdirSync(dir);
    const [name] = readdirSync(join(dir, key!));
    const id = name!.replace(/\.jsonl$/, "");
    expect(screen.output).toContain(`Resume this session with: mini-cc --resume ${id}`);
    expect(readFileSync(join(dir, key!, name!), "utf8")).toContain('\\"Which color?\\"=\\"Blue\\"');

    const again = launch(project, home, "--model-script", script, "--continue");
    await again.waitFor(`Resumed session ${id}.`);
    expect(again.text()).toContain("❯ pick a color");
    expect(again.text()).toContain("● Blue it is.");
    // Ctrl+D on the empty prompt: a resumed session that said nothing new still says how to come back.
    again.write("\u0004");
    expect(await again.exited).toBe(0);
    expect(again.output).toContain(`Resume this session with: mini-cc --resume ${id}`);

    const picked = launch(project, home, "--model-script", script, "--resume");
    await picked.waitFor("Resume a session");
    await picked.waitFor("❯ 1. just now · 1 prompt · pick a color");
    picked.write("1");
    await picked.waitFor(`Resumed session ${id}.`);
    expect(picked.text()).toContain("● Blue it is.");
    picked.write("/context\r");
    await picked.waitFor("Auto-compact at 180,000 tokens (90%)");
    picked.write("/exit\r");
    expect(await picked.exited).toBe(0);
  }, 90_000);

  it("a resumed Edit shows its diff as the live one did, not the result's snippet", async () => {
    const { project, home } = sandbox();
    writeFileSync(join(project, "notes.txt"), "one\ntwo\nthree\n");
    const script = join(project, "..", "edit-script.json");
    const edit = {
      type: "tool_use",
      id: "toolu_edit",
      name: "Edit",
      input: { file_path: "notes.txt", old_string: "two", new_string: "TWO" },
    };
    writeFileSync(
      script,
      JSON.stringify({ responses: [{ content: [edit] }, { content: [{ type: "text", text: "Changed it." }] }] }),
    );
    const live = launch(project, home, "--model-script", script, "--allowedTools", "Edit", "change two");
    await live.waitFor("● Changed it.");
    // The call's rows, from its line to the reply after it.
    const callRows = (screen: PtyScreen) => {
      const rows = screen.text().split("\n");
      return rows.slice(
        rows.findIndex((row) => row.startsWith("⏺ Edit(notes.txt)")),
        rows.findIndex((row) => row.startsWith("● Changed it.")),
      );
    };
    const liveRows = callRows(live);
    expect(liveRows.slice(2).map((row) => row.trim())).toEqual(["1   one", "2 - two", "2 + TWO", "3   three"]);
    live.write("\u0015/exit\r");
    expect(await live.exited).toBe(0);
    // The file moves on after the session: the saved change, not the file, makes the diff.
    writeFileSync(join(project, "notes.txt"), "rewritten\n");

    const again = launch(project, home, "--model-script", script, "--continue");
    await again.waitFor("Resumed session");
    await again.waitFor("2 + TWO");
    expect(callRows(again)).toEqual(liveRows);
    again.write("\u0004");
    expect(await again.exited).toBe(0);
  }, 90_000);
});
