/**
 * The built CLI on a real terminal, read back as a person would: every line
 * of a long answer can be scrolled to, and after the window was resized,
 * quitting leaves nothing of the UI on the main screen (checked in tmux,
 * where the leftovers showed).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ptyAppsForTestFile } from "../helpers/pty-app.ts";
import { interactiveEnv } from "../helpers/pty-screen.ts";

const PAGE_UP = "\u001b[5~";
const END_KEY = "\u001b[F";
const HOME = "\u001b[H";
const ANSWER_LINES = 80;
const lineText = (n: number): string => `answer line ${String(n).padStart(2, "0")} of ${ANSWER_LINES}`;

const apps = ptyAppsForTestFile();

/** An empty project, a fresh home, and a model script: a tool call with 300 lines of output, then an 80-line answer. */
function sandbox(): { project: string; home: string; script: string } {
  const root = apps.tempDir("mini-cc-tui-screen-");
  const project = join(root, "project");
  const home = join(root, "home");
  mkdirSync(project);
  mkdirSync(home);
  const answer = ["## Findings", "", ...Array.from({ length: ANSWER_LINES }, (_, i) => `- ${lineText(i + 1)}`)].join(
    "\n",
  );
  const script = join(root, "script.json");
  writeFileSync(
    script,
    JSON.stringify({
      responses: [
        {
          content: [
            { type: "text", text: "Counting first." },
            { type: "tool_use", name: "Bash", input: { command: "seq 1 300" } },
          ],
        },
        { content: [{ type: "text", text: answer }] },
      ],
    }),
  );
  return { project, home, script };
}

describe("the transcript on a real terminal", () => {
  it("reaches every line of an 80-line answer and everything before it with PgUp, and comes back with End", async () => {
    const { project, home, script } = sandbox();
    const argv = ["--model-script", script, "--permission-mode", "bypassPermissions", "count please"];
    const app = apps.launch(argv, { cols: 100, rows: 30, cwd: project, env: { MINI_CC_HOME: home } });
    await app.waitFor(lineText(ANSWER_LINES), 20_000);
    await app.waitFor("shift+tab mode");

    const seen = new Set<string>();
    let screenText = "";
    for (let page = 0; page < 20 && !screenText.includes("❯ count please"); page++) {
      screenText = app.text();
      for (const line of screenText.split("\n")) seen.add(line.slice(0, 62).trim());
      app.write(PAGE_UP);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    screenText = app.text();
    for (const line of screenText.split("\n")) seen.add(line.slice(0, 62).trim());
    for (let n = 1; n <= ANSWER_LINES; n++) expect(seen, lineText(n)).toContain(`- ${lineText(n)}`);
    for (const before of [
      "❯ count please",
      "● Counting first.",
      "⏺ Bash(seq 1 300)",
      "✔ Bash -> 1",
      "… +297 lines (ctrl+o to expand)",
      "● Findings",
    ]) {
      expect(seen, before).toContain(before);
    }
    expect(screenText).toContain("lines below · PgDn, End");

    app.write(END_KEY);
    await app.waitFor(`- ${lineText(ANSWER_LINES)}`);
    expect(app.text()).not.toContain("lines below");
    app.write(HOME);
    await app.waitFor("❯ count please");
    app.write("/exit\r");
    expect(await app.exited).toBe(0);
  }, 60_000);
});

const hasTmux = (() => {
  try {
    execFileSync("tmux", ["-V"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

describe.skipIf(!hasTmux)("leaving the UI in tmux", () => {
  // One tmux server per window: a new session started just after kill-server can reach the
  // dying server's socket and fail with "server exited unexpectedly".
  const sockets: string[] = [];
  let socket = "";
  const tmux = (...args: string[]): string => execFileSync("tmux", ["-L", socket, ...args], { encoding: "utf8" });
  afterEach(() => {
    for (socket of sockets.splice(0)) {
      try {
        tmux("kill-server");
      } catch {
        // Already gone.
      }
    }
  });

  async function until(check: () => boolean, what: string): Promise<void> {
    const deadline = Date.now() + 15_000;
    while (!check()) {
      if (Date.now() > deadline)
        throw new Error(`timed out waiting for ${what}:\n${tmux("capture-pane", "-p", "-t", "ui")}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it("leaves nothing of the UI on the main screen after a resize, however the window changed", async () => {
    for (const [cols, rows] of [
      [200, 50],
      [100, 30],
    ] as const) {
      socket = `mini-cc-test-${process.pid}-${cols}x${rows}`;
      sockets.push(socket);
      const { project, home, script } = sandbox();
      const env = Object.entries(interactiveEnv({ MINI_CC_HOME: home })).map(([k, v]) => `${k}=${JSON.stringify(v)}`);
      const command = `env -i ${env.join(" ")} ${process.execPath} ${apps.built.cli} --model-script ${script}; echo UI-EXITED; sleep 60`;
      tmux("new-session", "-d", "-s", "ui", "-x", "160", "-y", "40", "-c", project, command);
      const pane = (): string => tmux("capture-pane", "-p", "-t", "ui");
      await until(() => pane().includes("Ask anything"), "the first frame");
      tmux("resize-window", "-t", "ui", "-x", String(cols), "-y", String(rows));
      await new Promise((resolve) => setTimeout(resolve, 300));
      tmux("send-keys", "-t", "ui", "/exit", "Enter");
      await until(() => pane().includes("UI-EXITED"), "the UI to quit");
      expect(
        pane()
          .split("\n")
          .map((line) => line.trimEnd())
          .filter(Boolean),
        `${cols}×${rows}`,
      ).toEqual(["UI-EXITED"]);
    }
  }, 60_000);
});
