/**
 * Subagents on a real terminal: the Agent call's block shows the subagent's
 * calls live under its row (Ctrl+O opens it whole), a resumed session draws
 * the same block from the saved lines, and a project agent's own server is
 * asked about when the agent starts.
 */
import { writeFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ARMING_DELAY_MS } from "../../components/approval/useArming.ts";
import { ptyAppsForTestFile } from "../helpers/pty-app.ts";
import type { PtyScreen } from "../helpers/pty-screen.ts";

const apps = ptyAppsForTestFile();

const agentCall = {
  type: "tool_use",
  id: "toolu_agent",
  name: "Agent",
  input: { description: "find the notes", prompt: "Find the notes files", subagent_type: "finder" },
};
const SCRIPT = {
  responses: [
    { content: [{ type: "text", text: "Sending the finder." }, agentCall] },
    { content: [{ type: "tool_use", id: "toolu_glob", name: "Glob", input: { pattern: "*.txt" } }] },
    { content: [{ type: "tool_use", id: "toolu_read", name: "Read", input: { file_path: "notes.txt" } }] },
    { content: [{ type: "text", text: "notes.txt holds one line." }] },
    { content: [{ type: "text", text: "The finder found notes.txt." }] },
  ],
};

/** The rows from the Agent call's row to the reply after its result. */
function blockRows(screen: PtyScreen): string[] {
  const rows = screen.text().split("\n");
  const from = rows.findIndex((row) => row.startsWith("⏺ Agent(finder: find the notes)"));
  const to = rows.findIndex((row) => row.startsWith("● The finder found notes.txt."));
  return rows.slice(from, to + 1).map((row) => row.trimEnd());
}

describe("subagents in the TUI", () => {
  it("shows the subagent's calls under its Agent row, whole with Ctrl+O, and --continue draws the same block", async () => {
    const root = apps.tempDir("mini-cc-subagents-");
    const project = join(root, "project");
    mkdirSync(join(project, ".claude", "agents"), { recursive: true });
    writeFileSync(join(project, "notes.txt"), "one line\n");
    writeFileSync(
      join(project, ".claude", "agents", "finder.md"),
      "---\nname: finder\ndescription: Finds files\ntools: Glob, Read\n---\nYou find files.\n",
    );
    const script = join(root, "script.json");
    writeFileSync(script, JSON.stringify(SCRIPT));
    const env = { MINI_CC_HOME: join(root, "home") };
    const live = apps.launch(["--model-script", script, "find my notes"], { cols: 100, rows: 30, cwd: project, env });
    await live.waitFor("● The finder found notes.txt.");
    const folded = blockRows(live);
    expect(folded[0]).toBe("⏺ Agent(finder: find the notes)");
    expect(folded[1]).toMatch(/^ {2}⎿ ✔ finder · 2 tool uses · [\d.k]+ tokens · \d+\.\ds$/);
    expect(folded.slice(2)).toEqual([
      "      ⏺ Glob(*.txt)",
      "      ⏺ Read(notes.txt)",
      "      … 1 more (ctrl+o to expand)",
      "✔ Agent -> notes.txt holds one line.",
      "● The finder found notes.txt.",
    ]);
    live.write("\u000f");
    await live.waitFor("      ● notes.txt holds one line.");
    live.write("/exit\r");
    expect(await live.exited).toBe(0);

    const resumed = apps.launch(["--model-script", script, "--continue"], { cols: 100, rows: 30, cwd: project, env });
    await resumed.waitFor("Resumed session");
    await resumed.waitFor("● The finder found notes.txt.");
    const again = blockRows(resumed);
    expect(again[1]).toMatch(/^ {2}⎿ ✔ finder · 2 tool uses · [\d.k]+ tokens · done$/);
    expect(again.slice(2)).toEqual(folded.slice(2));
    resumed.write("/exit\r");
    expect(await resumed.exited).toBe(0);
  }, 60_000);

  it("asks before a project agent's own server starts, naming the agent and its file, then offers its tools to the agent", async () => {
    const root = apps.tempDir("mini-cc-subagent-server-");
    const project = join(root, "project");
    mkdirSync(join(project, ".claude", "agents"), { recursive: true });
    const tracker = join(import.meta.dirname, "../../examples/mcp_tracker_server.ts");
    writeFileSync(
      join(project, ".claude", "agents", "pm.md"),
      [
        "---",
        "name: pm",
        "description: Works the issue tracker",
        "mcpServers:",
        "  - tracker:",
        `      command: ${JSON.stringify(process.execPath)}`,
        `      args: [${JSON.stringify(tracker)}]`,
        "---",
        "You work the tracker.",
      ].join("\n"),
    );
    const script = join(root, "script.json");
    const pmCall = { ...agentCall, input: { description: "list issues", prompt: "List them", subagent_type: "pm" } };
    writeFileSync(
      script,
      JSON.stringify({
        responses: [
          { content: [pmCall] },
          { content: [{ type: "tool_use", id: "toolu_list", name: "mcp__tracker__list_issues", input: {} }] },
          { content: [{ type: "text", text: "Three open issues." }] },
          { content: [{ type: "text", text: "pm says three." }] },
        ],
      }),
    );
    const env = { MINI_CC_HOME: join(root, "home") };
    const screen = apps.launch(["--model-script", script, "list issues"], { cols: 110, rows: 34, cwd: project, env });
    await screen.waitFor("MCP server tracker wants to start");
    const question = screen.text();
    expect(question).toContain("(project · agent pm ·");
    expect(question).toContain(".claude/agents/pm.md)");
    expect(question).toContain(tracker);
    expect(question).not.toContain("● pm says three.");
    // Read as a person would: the question takes keys only once it has been on screen a moment.
    await new Promise((resolve) => setTimeout(resolve, ARMING_DELAY_MS + 300));
    screen.write("3");
    await screen.waitFor("● pm says three.");
    expect(screen.text()).toContain("✔ Agent -> Three open issues.");
    expect(screen.text()).toContain("⏺ mcp__tracker__list_issues");
    screen.write("/exit\r");
    expect(await screen.exited).toBe(0);
  }, 60_000);
});
