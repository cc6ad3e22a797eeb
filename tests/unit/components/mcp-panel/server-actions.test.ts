import { describe, expect, it } from "vitest";
import { runServerAction } from "../../../../components/mcp-panel/server-actions.ts";
import { connected, RecordingMcp, server, TRACKER_TOOLS } from "../../../helpers/tui-fixtures.ts";

describe("runServerAction", () => {
  it("asks the approval question again for a declined project server, and revokes an approved one", async () => {
    const mcp = new RecordingMcp([
      server("tracker", { status: "disabled", reason: "declined by user", cause: "declined" }),
    ]);
    expect(await runServerAction(mcp, "tracker", "approve")).toEqual({
      isError: false,
      lines: ["Approving tracker: answer its approval question (sandboxed or with full access)."],
    });
    expect(mcp.store.getSnapshot().servers[0]?.state).toEqual({ status: "needs-approval" });
    mcp.detailsOf.set("tracker", { logTail: [], approval: { status: "approved" } });
    expect(await runServerAction(mcp, "tracker", "approve")).toEqual({
      isError: false,
      lines: ["Revoked the approval of tracker: stopped, its tools gone (a approves it again)."],
    });
    expect(mcp.actions).toEqual(["ask tracker", "revoke tracker"]);
  });

  it("refuses what cannot be done, in one line", async () => {
    const mcp = new RecordingMcp([
      server("mem", connected(TRACKER_TOOLS), "user"),
      server("off", { status: "disabled", reason: "disabled by user", cause: "user" }),
    ]);
    expect(await runServerAction(mcp, "mem", "approve")).toEqual({
      isError: true,
      lines: ["mem is a user server: only project servers are approved."],
    });
    expect(await runServerAction(mcp, "off", "restart")).toEqual({
      isError: true,
      lines: ["off is disabled: nothing to restart (d enables, a approves)."],
    });
    expect(await runServerAction(mcp, "off", "approve")).toMatchObject({
      isError: true,
      lines: ["off is disabled: enable it first (d)."],
    });
    expect(await runServerAction(mcp, "gone", "log")).toEqual({ isError: true, lines: ["No MCP server named gone."] });
    mcp.store.update(() => ({
      servers: [{ ...server("qa-db", { status: "standby" }), forAgents: { agents: ["qa"] } }],
    }));
    expect(await runServerAction(mcp, "qa-db", "restart")).toEqual({
      isError: true,
      lines: ["qa-db runs for agents only: it starts when an agent that names it runs."],
    });
    expect(mcp.actions).toEqual([]);
  });

  it("says a failed restart in red, and an empty or remote log plainly", async () => {
    const mcp = new RecordingMcp([server("b", { status: "failed", error: "boom", code: "connect-failed" })]);
    mcp.restartTo = { status: "failed", error: "boom again", code: "connect-failed" };
    expect(await runServerAction(mcp, "b", "restart")).toEqual({
      isError: true,
      lines: ["Restarted b: failed, boom again"],
    });
    mcp.detailsOf.set("b", { logPath: "~/.mini-cc/logs/mcp-b.log", logTail: [] });
    expect(await runServerAction(mcp, "b", "log")).toEqual({
      isError: false,
      lines: ["b's log is empty: ~/.mini-cc/logs/mcp-b.log"],
    });
  });
});
