/**
 * MCP tasks in the TUI, on a real pseudo-terminal with the built CLI and the real task server
 * (tests/helpers/task-server.mjs, 2026-07-28): a running task's status shows live under the
 * running call and in the server's opened panel view; a task's question is the usual
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
  it("shows the task's status under the running call and in the server's panel view", async () => {
    const screen = await launch("steps", { count: 40 }, join(apps.box.root, "steps.log"));
    await screen.waitFor("task task-1 working: step", 20_000);
    screen.write(TAB);
    await sleep(250);
    screen.write(ENTER);
    await screen.waitFor("Running tasks", 10_000);
    await screen.waitFor("│   task task-1 working: step");
    await screen.waitFor("● All done.", 30_000);
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
