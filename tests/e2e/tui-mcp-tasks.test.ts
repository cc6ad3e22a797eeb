/**
 * MCP tasks in the TUI, on a real pseudo-terminal with the built CLI and the real task server
 * (tests/helpers/task-server.mjs, 2026-07-28): a running task's status shows live in the
 * server's opened panel view; a task's question is the usual
 * elicitation form, and what the user typed reaches the server through tasks/update.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { mcpConfig, NODE, ROOT } from "../helpers/cli-sandbox.ts";
import { ptyAppsForTestFile } from "../helpers/pty-app.ts";

const TASKER = join(ROOT, "tests/helpers/task-server.mjs");
const TAB = "\t";
const ENTER = "\r";

const apps = ptyAppsForTestFile({ sandbox: true });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function launch(tool: string, input: Record<string, unknown>, logFile: string) {
  const box = apps.box;
  const script = await box.write(`${tool}.json`, {
    responses: [
      { content: [{ type: "tool_use", name: `mcp__tasker__${tool}`, input }] },
      { content: [{ type: "text", text: "All done." }] },
    ],
  });
  const config = mcpConfig({ tasker: { command: NODE, args: [TASKER], env: { MCP_TASK_LOG: logFile } } });
  return apps.launch(["--model-script", script, "--mcp-config", config, "--allowedTools", "mcp__tasker__*", "go"], {
    cols: 120,
    rows: 40,
    cwd: box.project,
    env: { ...box.env, ANTHROPIC_API_KEY: "" },
  });
}

describe("MCP tasks in the TUI", () => {
  it("shows a task moved to the background live in the server's panel view", async () => {
    const screen = await launch("steps", { count: 400 }, join(apps.box.root, "steps.log"));
    // The call is answered at once (issue 32's background seam); the task goes on.
    await screen.waitFor("Moved to background as b1 (MCP task task-1)", 20_000);
    await screen.waitFor("● All done.", 10_000);
    screen.write(TAB);
    await sleep(250);
    screen.write(ENTER);
    await screen.waitFor("Running tasks", 10_000);
    await screen.waitFor("│   task task-1 working: step");
    // Live: the step it shows moves on (by however many steps a frame covers on a loaded machine).
    const step = () => Number(screen.text().match(/task task-1 working: step (\d+) of 400/)?.[1]);
    const first = step();
    const until = Date.now() + 10_000;
    while (!(step() > first) && Date.now() < until) await sleep(50);
    expect(step()).toBeGreaterThan(first);
  }, 60_000);

  it("asks a task's question with the elicitation form; the answer goes back with tasks/update", async () => {
    const logFile = join(apps.box.root, "ask.log");
    const screen = await launch("ask", {}, logFile);
    await screen.waitFor("Who runs this task?", 20_000);
    await screen.waitFor("❯ name", 10_000);
    await sleep(300);
    for (const key of [..."Ada", ENTER]) {
      screen.write(key);
      await sleep(40);
    }
    await sleep(200);
    screen.write(ENTER);
    await screen.waitFor("● All done.", 20_000);
    const update = readFileSync(logFile, "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { method?: string; inputResponses?: unknown })
      .find((entry) => entry.method === "tasks/update");
    expect(update?.inputResponses).toEqual({ who: { action: "accept", content: { name: "Ada" } } });
  }, 60_000);
});
