/**
 * A server asking the user from inside a tool call, on a real pseudo-terminal
 * with the built CLI and the real asker server: the elicitation form is
 * filled by keyboard and the server receives the typed values; a sampling
 * request is approved, the scripted model's reply shown, then sent.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { mcpConfig, NODE, ROOT, SERVERS_DIR } from "../helpers/cli-sandbox.ts";
import { ptyAppsForTestFile } from "../helpers/pty-app.ts";
import type { PtyScreen } from "../helpers/pty-screen.ts";

const ASKER = join(ROOT, "tests/helpers/elicit-sampling-server.mjs");
const TAB = "\t";
const DOWN = "\u001b[B";
const RIGHT = "\u001b[C";
const ENTER = "\r";

const apps = ptyAppsForTestFile({ sandbox: true });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function launch(tool: string, resultFile: string, middle: unknown[] = []) {
  const box = apps.box;
  const script = await box.write(`${tool}.json`, {
    responses: [
      { content: [{ type: "tool_use", name: `mcp__asker__${tool}`, input: {} }] },
      ...middle,
      { content: [{ type: "text", text: "All done." }] },
    ],
  });
  const config = mcpConfig({ asker: { command: NODE, args: [ASKER], env: { MCP_ASK_RESULT_FILE: resultFile } } });
  return apps.launch(["--model-script", script, "--mcp-config", config, "--allowedTools", "mcp__asker__*", "go"], {
    cols: 120,
    rows: 40,
    cwd: box.project,
    env: { ...box.env, ANTHROPIC_API_KEY: "" },
  });
}

/**
 * Waits until the modal shows focus (it does once armed), then a little more: the frame is drawn
 * before the effects that hand the modal the keyboard run, and this machine may be loaded.
 */
async function armed(screen: PtyScreen, focused: string) {
  await screen.waitFor(focused, 10_000);
  await sleep(250);
}

/** Keys one at a time, as a person types them. */
async function press(screen: PtyScreen, ...keys: string[]) {
  for (const key of keys) {
    screen.write(key);
    await sleep(40);
  }
}

describe("a server asking the user, in the TUI", () => {
  it("fills an elicitation form by keyboard; the server receives the typed values", async () => {
    const resultFile = join(apps.box.root, "form.json");
    const screen = await launch("ask_form", resultFile);
    await screen.waitFor("asker asks for input", 20_000);
    await screen.waitFor("Tell us about yourself");
    await armed(screen, "❯ Your name");
    // name keeps its default "Ann"; email, age; ratio keeps 0.5; subscribe on; colour Green; size keeps Medium; tags Beta.
    await press(
      screen,
      TAB,
      ..."ann@example.com",
      ENTER,
      ..."42",
      ENTER,
      ENTER,
      " ",
      DOWN,
      RIGHT,
      RIGHT,
      DOWN,
      DOWN,
      RIGHT,
      " ",
      DOWN,
    );
    await screen.waitFor("[x] Beta");
    await press(screen, ENTER);
    await screen.waitFor("● All done.", 20_000);
    expect(existsSync(resultFile)).toBe(true);
    expect(JSON.parse(readFileSync(resultFile, "utf8"))).toEqual({
      action: "accept",
      content: {
        name: "Ann",
        email: "ann@example.com",
        age: 42,
        ratio: 0.5,
        subscribe: true,
        color: "g",
        size: "m",
        tags: ["b"],
      },
    });
  });

  it("runs an approved sampling request through the model and sends the reply once the user approves it", async () => {
    const resultFile = join(apps.box.root, "sample.json");
    const screen = await launch("ask_sample", resultFile, [{ content: [{ type: "text", text: "Blue." }] }]);
    await screen.waitFor("asker wants to use the model", 20_000);
    // A modal this tall can reach the pty in more than one read: wait for its last rows before reading it.
    await screen.waitFor("max tokens: 50");
    expect(screen.text()).toContain("You answer in one word.");
    await armed(screen, "❯ 1. Run it through the model");
    await press(screen, "1");
    await screen.waitFor("Send this reply to asker?");
    await screen.waitFor("Blue.");
    await armed(screen, "❯ 1. Send it");
    await press(screen, "1");
    await screen.waitFor("● All done.", 20_000);
    expect(JSON.parse(readFileSync(resultFile, "utf8"))).toMatchObject({
      role: "assistant",
      content: { type: "text", text: "Blue." },
    });
  });

  it("fills server-everything's elicitation form: the server validates and reports what it received", async () => {
    const box = apps.box;
    const script = await box.write("everything.json", {
      responses: [
        { content: [{ type: "tool_use", name: "mcp__everything__trigger-elicitation-request", input: {} }] },
        { content: [{ type: "text", text: "All done." }] },
      ],
    });
    const everything = { command: NODE, args: [join(SERVERS_DIR, "server-everything/dist/index.js"), "stdio"] };
    const app = apps.launch(
      [
        "--model-script",
        script,
        "--mcp-config",
        mcpConfig({ everything }),
        "--allowedTools",
        "mcp__everything__*",
        "go",
      ],
      {
        cols: 120,
        rows: 40,
        cwd: box.project,
        env: { ...box.env, ANTHROPIC_API_KEY: "" },
      },
    );
    await app.waitFor("everything asks for input", 20_000);
    await armed(app, "❯ String*");
    // The name is the one required field; every other keeps its default. Thirteen fields, then Accept.
    await press(app, ..."Ann Example", ...Array<string>(13).fill(TAB), ENTER);
    await app.waitFor("● All done.", 20_000);
    expect(app.text()).toContain("✅ User provided the requested i");
    expect(app.text()).toContain("- Name: Ann Example");
  });
});
