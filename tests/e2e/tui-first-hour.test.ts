/**
 * What a new user meets in the first hour, on a real pseudo-terminal with the
 * built CLI: `@` completes project files and says what it attached (or that a
 * mention matched nothing), and keys that arrive together in one chunk
 * (Tab then Enter, from a fast typist or tmux) each do what they would apart.
 */
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { NODE, TEST_SERVER } from "../helpers/cli-sandbox.ts";
import { ptyAppsForTestFile } from "../helpers/pty-app.ts";

const apps = ptyAppsForTestFile({ sandbox: true });

const SCRIPT = { responses: [{ content: [{ type: "text", text: "I read it." }] }] };

/** Every saved session line of the box's home, joined. */
async function savedSessions(home: string): Promise<string> {
  const projects = join(home, "projects");
  let text = "";
  for (const folder of await readdir(projects)) {
    for (const file of await readdir(join(projects, folder)))
      text += await readFile(join(projects, folder, file), "utf8");
  }
  return text;
}

async function waitUntilGone(app: { text(): string }, needle: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (app.text().includes(needle)) {
    if (Date.now() > deadline) throw new Error(`screen still shows ${JSON.stringify(needle)}:\n${app.text()}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe("@ mentions of project files", () => {
  it("completes @pos to posts.ts (not an ignored file), attaches it, and says a mention that matched nothing", async () => {
    const box = apps.box;
    await box.write("project/posts.ts", "export const posts = [];\n");
    await box.write("project/.gitignore", "ignored\n");
    await box.write("project/ignored/postscript.ts", "never offered\n");
    const script = await box.write("script.json", SCRIPT);
    const app = apps.launch(["--model-script", script], {
      cols: 100,
      rows: 30,
      cwd: box.project,
      env: { ...box.env, ANTHROPIC_API_KEY: "" },
    });
    await app.waitFor("Ask anything, or /help");
    // Typed at human speed, one key at a time.
    for (const key of "read @pos") {
      app.write(key);
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    await app.waitFor("› @posts.ts");
    expect(app.text()).not.toContain("postscript");
    app.write("\t");
    await app.waitFor("❯ read @posts.ts");
    app.write("and @missing.ts\r");
    await app.waitFor("⎿ Attached posts.ts (25 B)");
    await app.waitFor("⎿ @missing.ts: no such file in the project; sent as typed");
    await app.waitFor("● I read it.");
    expect(await savedSessions(box.home)).toContain("export const posts = [];");
    app.write("/exit\r");
    expect(await app.exited).toBe(0);
  }, 60_000);
});

describe("keys that arrive in one chunk", () => {
  it("Tab then Enter together open the panel and then the selected server; Tab with text in the prompt keeps the text", async () => {
    const box = apps.box;
    await box.write("echo.json", { mcpServers: { echo: { command: NODE, args: [TEST_SERVER] } } });
    const app = apps.launch(["--mcp-config", join(box.root, "echo.json")], {
      cols: 120,
      rows: 32,
      cwd: box.project,
      env: box.env,
    });
    await app.waitFor("● echo");
    // Machine speed: text, Tab and Enter in one write.
    app.write("draft\t\r");
    await app.waitFor("echo · connected · flag");
    app.write("\u001b");
    await app.waitFor("Enter/→ open");
    app.write("\t");
    await waitUntilGone(app, "Enter/→ open");
    expect(app.text()).toContain("❯ draft");
    app.write("\u0015/exit\r");
    expect(await app.exited).toBe(0);
  }, 60_000);
});

describe("the opened server view", () => {
  it("shows the log in the view on l, scrolls with End/Home and PgUp/PgDn, and says what r did", async () => {
    const box = apps.box;
    await box.write("echo.json", { mcpServers: { echo: { command: NODE, args: [TEST_SERVER] } } });
    const app = apps.launch(["--mcp-config", join(box.root, "echo.json")], {
      cols: 120,
      rows: 24,
      cwd: box.project,
      env: box.env,
    });
    await app.waitFor("● echo");
    app.write("\t");
    await app.waitFor("Enter/→ open");
    app.write("l");
    await app.waitFor("(l: last lines only)");
    await app.waitFor("mini-cc started echo");
    expect(app.text()).not.toContain("Last lines of");
    app.write("\u001b[H"); // Home
    await app.waitFor("echo · connected · flag");
    app.write("\u001b[6~"); // PgDn
    await waitUntilGone(app, "echo · connected · flag");
    app.write("\u001b[5~"); // PgUp
    await app.waitFor("echo · connected · flag");
    app.write("r");
    await app.waitFor("restarting…");
    await waitUntilGone(app, "restarting…");
    expect(app.text()).toMatch(/│ {3}Restarted echo: connected, 3 tools/);
    expect(app.text()).toMatch(/History \(since start\)\s+│\n.*pending at \d+\.\d s/);
    app.write("\u001b[D\t\u0015/exit\r");
    expect(await app.exited).toBe(0);
  }, 60_000);
});
