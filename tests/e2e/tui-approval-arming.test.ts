/**
 * Approvals on a real terminal, against the double press: a script runs
 * `echo first`, then `rm -rf ./important-data`; a `1` pressed twice (0.4 s
 * apart, as a person does, or in one burst, as a machine does) answers the
 * first modal only, and the second never takes it. Esc at an approval stops
 * the turn.
 */
import { existsSync, mkdirSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ptyAppsForTestFile } from "../helpers/pty-app.ts";
import type { PtyScreen } from "../helpers/pty-screen.ts";

const apps = ptyAppsForTestFile();

const bash = (command: string) => ({ content: [{ type: "tool_use", name: "Bash", input: { command } }] });
const SCRIPT = {
  responses: [bash("echo first"), bash("rm -rf ./important-data"), { content: [{ type: "text", text: "Deleted." }] }],
};

function launch(): { project: string; screen: PtyScreen } {
  const root = apps.tempDir("mini-cc-arming-");
  const project = realpathSync(root);
  mkdirSync(join(project, "important-data"));
  writeFileSync(join(project, "important-data", "keep.txt"), "precious\n");
  writeFileSync(join(root, "script.json"), JSON.stringify(SCRIPT));
  const argv = ["--model-script", join(root, "script.json"), "clean up"];
  return {
    project,
    screen: apps.launch(argv, { cols: 110, rows: 36, cwd: project, env: { MINI_CC_HOME: join(root, "home") } }),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Answers the first modal with `1` once it is armed, then sends `second` after `gapMs` — or, on a
 * machine too busy to show the second question by then, as soon as it shows (still well inside its
 * arming delay), since a key typed before it appeared would go to the prompt, not to the question.
 */
async function doublePress(screen: PtyScreen, second: () => void, gapMs: number): Promise<void> {
  await screen.waitFor("Allow Bash(echo first)?", 20_000);
  await screen.waitFor("❯ 1. Allow");
  screen.write("1");
  if (gapMs > 0) {
    await sleep(gapMs);
    await screen.waitFor("Allow Bash(rm -rf ./important-data)?");
  }
  second();
  await screen.waitFor("Allow Bash(rm -rf ./important-data)?");
}

describe("approval modals against a double press", () => {
  for (const [speed, gapMs, second] of [
    ["a person's (0.4 s apart)", 400, (s: PtyScreen) => s.write("1")],
    ["a machine's (back to back)", 0, (s: PtyScreen) => s.write("1")],
    [
      "a held key's (1 every 40 ms)",
      0,
      (s: PtyScreen) =>
        void (async () => {
          for (let i = 0; i < 25; i++, await sleep(40)) s.write("1");
        })(),
    ],
  ] as const) {
    it(`never approves the second command on a second 1 at ${speed} speed`, async () => {
      const { project, screen } = launch();
      await doublePress(screen, () => second(screen), gapMs);
      // What reached the modal unarmed was dropped, not typed into the prompt behind it, and the modal says so.
      if (gapMs > 0) {
        await screen.waitFor("⏸ Key ignored: read the question, then press a key");
        expect(screen.text()).toContain("❯ Ask anything");
      }
      await sleep(1500);
      expect(existsSync(join(project, "important-data", "keep.txt"))).toBe(true);
      expect(screen.text()).toContain("Allow Bash(rm -rf ./important-data)?");
      // Esc, once it is armed, denies and stops the turn: nothing more runs.
      await screen.waitFor("❯ 1. Allow");
      screen.write("\u001b");
      await screen.waitFor("◇ Interrupted.");
      await sleep(300);
      expect(screen.text()).not.toContain("Deleted.");
      expect(existsSync(join(project, "important-data", "keep.txt"))).toBe(true);
      // Keys that came between the two modals went to the prompt: empty it first.
      screen.write("\u0015/exit\r");
      expect(await screen.exited).toBe(0);
    }, 60_000);
  }
});
