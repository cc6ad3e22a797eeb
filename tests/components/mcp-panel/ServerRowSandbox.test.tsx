import { cleanup } from "ink-testing-library";
import { afterEach, describe, expect, it } from "vitest";
import { McpPanel } from "../../../components/mcp-panel/McpPanel.tsx";
import { serverPanelLines } from "../../../components/mcp-panel/server-panel-lines.ts";
import { server } from "../../helpers/tui-fixtures.ts";
import { screen, renderUntilRendered } from "../../helpers/tui-screen.ts";

afterEach(cleanup);

const connected = { status: "connected", tools: [], instructions: "", connectMs: 40 } as const;
const TRACKER = server("tracker", connected, "project", { command: "node", args: ["t.ts"] });
const HOSTILE = server("hostile", connected, "project", { command: "node", args: ["h.mjs"], sandbox: true });
const PLAIN = server("plain", connected, "user", { command: "node", args: ["p.mjs"] });

describe("sandboxed servers in the MCP panel", () => {
  it("marks a sandboxed row, with the count of what was blocked", async () => {
    const sandboxed = { tracker: { count: 0, recent: [] }, hostile: { count: 3, recent: ["a", "b", "c"] } };
    const app = await renderUntilRendered(
      <McpPanel
        servers={[TRACKER, HOSTILE, PLAIN]}
        summary="MCP 3/3 connected · 0 tools"
        width={40}
        sandboxed={sandboxed}
      />,
    );
    const rows = screen(app.lastFrame())
      .split("\n")
      .slice(2, 5)
      .map((row) => row.replace(/│/g, "").trimEnd());
    expect(rows).toEqual([
      " ● tracker         project 0 tools ▣",
      " ● hostile         project 0 tools ▣3",
      " ● plain           user    0 tools",
    ]);
  });

  it("lists what was blocked in the opened view", () => {
    const text = serverPanelLines(
      HOSTILE,
      { servers: [HOSTILE] },
      {
        logTail: [],
        sandbox: {
          profile: "default profile",
          blocked: ["blocked: write ~/.bashrc (sandbox.allowWrite would allow it)"],
        },
      },
    ).map((row) => row.text);
    const at = text.indexOf("Sandbox");
    expect(text.slice(at, at + 3)).toEqual([
      "Sandbox",
      "default profile",
      "blocked: write ~/.bashrc (sandbox.allowWrite would allow it)",
    ]);
  });
});
