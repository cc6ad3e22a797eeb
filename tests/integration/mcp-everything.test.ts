// @modelcontextprotocol/server-everything as a real subprocess behind McpManager:
// the capabilities we declare unlock its roots, sampling and elicitation tools;
// its resources read through ReadMcpResource; its prompts expand; its
// long-running operation reports progress; its task-only tool is skipped.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { McpManager } from "../../src/mcp/manager.ts";
import { RootsStore } from "../../src/mcp/requests/roots.ts";
import { expandPromptCommand } from "../../src/mcp/features/prompts.ts";
import { attachMentions } from "../../src/mcp/features/resource-mentions.ts";
import { serverLogPath } from "../../src/mcp/logs/stderr-log.ts";
import type { ServerState } from "../../src/mcp/state/server-state.ts";
import { mcpResourceTools } from "../../src/mcp/features/resource-tools.ts";
import type { ToolProgress } from "../../src/mcp/tools/progress.ts";
import { MemoryApprovals, stdioServer, waitForSnapshot } from "../helpers/mcp-fixtures.ts";
import { NODE, SERVERS_DIR } from "../helpers/cli-sandbox.ts";

const EVERYTHING = join(SERVERS_DIR, "server-everything/dist/index.js");
const project = mkdtempSync(join(tmpdir(), "everything-project-"));
const extra = mkdtempSync(join(tmpdir(), "everything-extra-"));
const logDir = mkdtempSync(join(tmpdir(), "everything-logs-"));
const roots = new RootsStore(project);
const manager = new McpManager({
  projectDir: project,
  approvals: new MemoryApprovals(),
  logDir,
  env: { ...process.env, MCP_LOG_LEVEL: "debug" },
  interactive: false,
  roots,
});
const ctx = { cwd: project, signal: new AbortController().signal };

type Connected = Extract<ServerState, { status: "connected" }>;
const everything = (): Connected => {
  const state = manager.getSnapshot().servers[0]?.state;
  if (state?.status !== "connected") throw new Error(`not connected: ${JSON.stringify(state)}`);
  return state;
};
const toolNames = () => everything().tools.map((tool) => tool.name);

beforeAll(async () => {
  await manager.start([stdioServer("everything", { command: NODE, args: [EVERYTHING, "stdio"] })]);
  // Its capability-dependent tools are registered after the handshake and announced by tools/list_changed.
  await waitForSnapshot(
    manager,
    (s) => s.servers[0]?.state.status === "connected" && toolNames().includes("get-roots-list"),
  );
}, 30_000);

afterAll(() => manager.close());

describe("server-everything", () => {
  it("keeps the negotiated server capabilities in the connected state", () => {
    const { capabilities } = everything();
    expect(capabilities?.tools).toBeDefined();
    expect(capabilities?.resources).toMatchObject({ subscribe: true, listChanged: true });
    expect(capabilities?.prompts).toBeDefined();
    expect(capabilities?.logging).toBeDefined();
  });

  it("offers the tools our capabilities unlock: roots, sampling, elicitation (form and URL)", () => {
    expect(toolNames()).toEqual(
      expect.arrayContaining([
        "get-roots-list",
        "trigger-sampling-request",
        "trigger-elicitation-request",
        "trigger-url-elicitation",
      ]),
    );
  });

  it("offers its task-only tool and calls it as a task, followed to its report (issue 35)", async () => {
    expect(everything().skippedTools ?? []).toEqual([]);
    expect(manager.tools().map((tool) => tool.toolName)).toContain("simulate-research-query");
    const statuses: string[] = [];
    const unsubscribe = manager.progress.subscribe((calls) => {
      const message = calls.get("research")?.task?.message;
      if (message && statuses.at(-1) !== message) statuses.push(message);
    });
    const result = await manager.call(
      "everything",
      "simulate-research-query",
      { topic: "tides" },
      { progressKey: "research" },
    );
    unsubscribe();
    expect(result.isError).toBe(false);
    expect(JSON.stringify(result.content)).toContain("# Research Report: tides");
    expect(statuses).toContain("Analyzing content...");
  }, 20_000);

  it("answers roots/list with the project folder, and a changed root list reaches the server", async () => {
    const first = await manager.call("everything", "get-roots-list", {});
    expect(JSON.stringify(first.content)).toContain(pathToFileURL(project).href);
    roots.setFolders([extra]);
    let text = "";
    for (let i = 0; i < 100 && !text.includes(pathToFileURL(extra).href); i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      text = JSON.stringify((await manager.call("everything", "get-roots-list", {})).content);
    }
    expect(text).toContain(pathToFileURL(extra).href);
  });

  it("lists its resources and templates for ListMcpResources", async () => {
    const [list] = mcpResourceTools(manager, process.env).offered();
    const result = await list!.run({ server: "everything" }, ctx);
    const entries = JSON.parse(result.content as string) as Array<Record<string, string>>;
    expect(entries.some((e) => e.uri?.startsWith("demo://resource/static/document/"))).toBe(true);
    expect(entries.map((e) => e.uriTemplate).filter(Boolean)).toEqual(
      expect.arrayContaining([
        "demo://resource/dynamic/text/{resourceId}",
        "demo://resource/dynamic/blob/{resourceId}",
      ]),
    );
  });

  it("reads a templated text resource as text and a blob as a note with its type and size", async () => {
    const [, read] = mcpResourceTools(manager, process.env).offered();
    const text = await read!.run({ server: "everything", uri: "demo://resource/dynamic/text/3" }, ctx);
    expect(text.isError).toBe(false);
    expect(JSON.stringify(text.content)).toContain("Resource 3");
    const blob = await read!.run({ server: "everything", uri: "demo://resource/dynamic/blob/3" }, ctx);
    expect(JSON.stringify(blob.content)).toMatch(
      /\[Resource demo:\/\/resource\/dynamic\/blob\/3 \(text\/plain, \d+ bytes\): binary content not shown\.\]/,
    );
  });

  it("attaches a mentioned @server:uri resource to the prompt", async () => {
    const blocks = await attachMentions(
      "summarise @everything:demo://resource/dynamic/text/1 please",
      manager,
      process.env,
    );
    expect(Array.isArray(blocks)).toBe(true);
    expect(JSON.stringify(blocks)).toContain("Contents of @everything:demo://resource/dynamic/text/1:");
    expect(JSON.stringify(blocks)).toContain("Resource 1");
  });

  it("expands its prompts as slash commands: positional and name=value arguments, usage on a missing one", async () => {
    const positional = await expandPromptCommand("/mcp__everything__args-prompt Paris", manager, process.env);
    expect(JSON.stringify(positional)).toContain("Paris");
    const named = await expandPromptCommand(
      '/mcp__everything__args-prompt state=Texas city="San Antonio"',
      manager,
      process.env,
    );
    expect(JSON.stringify(named)).toContain("San Antonio");
    expect(JSON.stringify(named)).toContain("Texas");
    const missing = await expandPromptCommand("/mcp__everything__args-prompt", manager, process.env);
    expect(missing).toEqual({
      error:
        "/mcp__everything__args-prompt: missing required argument: city. Usage: /mcp__everything__args-prompt <city> [state]",
    });
  });

  it("reports the long-running operation's progress under the call's key", async () => {
    const seen: ToolProgress[] = [];
    const stop = manager.progress.subscribe((next) => {
      const progress = next.get("call-1");
      if (progress) seen.push(progress);
    });
    const result = await manager.call(
      "everything",
      "trigger-long-running-operation",
      { duration: 0.6, steps: 3 },
      { progressKey: "call-1" },
    );
    stop();
    expect(result.isError).toBe(false);
    // The last notice and the result arrive together: the row may end without drawing 3/3.
    expect(seen.map((p) => `${p.progress}/${p.total}`).slice(0, 2)).toEqual(["1/3", "2/3"]);
    expect(manager.progress.getSnapshot().has("call-1")).toBe(false);
  });

  it("writes its notifications/message lines to its log file with level and logger", async () => {
    await manager.call("everything", "toggle-simulated-logging", {});
    const log = serverLogPath(logDir, "everything");
    let text = "";
    for (let i = 0; i < 150 && !/\[(debug|info|notice|warning|error|critical|alert|emergency)\]/.test(text); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      try {
        text = readFileSync(log, "utf8");
      } catch {
        text = "";
      }
    }
    await manager.call("everything", "toggle-simulated-logging", {});
    expect(text).toMatch(/^\S+Z \[(debug|info|notice|warning|error|critical|alert|emergency)\] /m);
  }, 20_000);
});
