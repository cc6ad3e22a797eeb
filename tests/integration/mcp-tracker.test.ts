import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApprovalsFile } from "../../src/mcp/approvals/approvals.ts";
import { systemClock } from "../../src/clock.ts";
import { fingerprint } from "../../src/mcp/approvals/fingerprint.ts";
import { McpManager } from "../../src/mcp/manager.ts";
import { stateOf, stdioServer } from "../helpers/mcp-fixtures.ts";

// End to end against the real example server: a real subprocess over stdio.
const ROOT = resolve(import.meta.dirname, "../..");
const home = mkdtempSync(join(tmpdir(), "mcp-tracker-"));
const logDir = join(home, "logs");
const approvalsFile = join(home, "mcp-approvals.json");
const approvals = new ApprovalsFile({ file: approvalsFile, clock: systemClock, warn: () => {} });
// The root .mcp.json's entry, with bare `node` pinned to the Node running the tests (the shell's may be older).
const declared = JSON.parse(readFileSync(join(ROOT, ".mcp.json"), "utf8")).mcpServers.tracker;
const tracker = stdioServer("tracker", { ...declared, command: process.execPath }, "project");
const broken = stdioServer("broken", { command: "mini-cc-no-such-command", args: ["--stdio"] });

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const manager = new McpManager({ projectDir: ROOT, approvals, logDir, env: process.env, interactive: true });

beforeAll(async () => {
  await manager.start([tracker, broken]);
  await manager.decide("tracker", "remember");
});

afterAll(() => manager.close());

describe("the tracker example server", () => {
  it("is declared in the root .mcp.json as node examples/mcp_tracker_server.ts", () => {
    expect(declared).toEqual({ command: "node", args: ["examples/mcp_tracker_server.ts"] });
  });

  it("connects after approval, and the approval is remembered", async () => {
    expect(stateOf(manager, "tracker").status).toBe("connected");
    expect(await approvals.status(ROOT, tracker)).toBe("approved");
    const stored = JSON.parse(readFileSync(approvalsFile, "utf8"));
    expect(stored[ROOT].tracker.fingerprint).toBe(fingerprint(tracker.entry));
  });

  it("fails a missing command alone, with a one-line reason", () => {
    expect(stateOf(manager, "broken")).toEqual({
      status: "failed",
      error: "command not found: mini-cc-no-such-command",
      code: "command-not-found",
    });
  });

  it("offers three tools, the two readers marked read-only", () => {
    expect(manager.tools().map((t) => [t.name, t.readOnly])).toEqual([
      ["mcp__tracker__list_issues", true],
      ["mcp__tracker__get_issue", true],
      ["mcp__tracker__add_comment", false],
    ]);
  });

  it("runs a tool through McpTool and returns its text", async () => {
    const listIssues = manager.tools().find((t) => t.name === "mcp__tracker__list_issues");
    const result = await listIssues?.run({ status: "Todo" }, { cwd: ROOT, signal: new AbortController().signal });
    expect(result).toEqual({
      content: [
        { type: "text", text: "BUG-101 [Todo] list_posts has no pagination; the home page returns 5000 posts" },
      ],
      isError: false,
    });
    expect(listIssues?.summarize({ status: "Todo" })).toBe("Todo");
  });

  it("gets an issue with its comments", async () => {
    expect(await manager.call("tracker", "get_issue", { id: "BUG-102" })).toEqual({
      content: [
        {
          type: "text",
          text: "BUG-102: Safari styling broken on the posts page\nstatus: In Progress\ncomments: (none)",
        },
      ],
      isError: false,
    });
  });

  it("returns an unknown id as an error result with the server's message, logged to the server's log", async () => {
    expect(await manager.call("tracker", "get_issue", { id: "NOPE" })).toEqual({
      content: [{ type: "text", text: "No issue NOPE. Use list_issues to see ids." }],
      isError: true,
    });
    const log = readFileSync(join(logDir, "mcp-tracker.log"), "utf8").split("\n");
    expect(log[0]).toMatch(
      new RegExp(
        `^--- \\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z mini-cc started tracker: ${escapeRegExp(process.execPath)} examples/mcp_tracker_server.ts$`,
      ),
    );
    expect(log).toContain("INFO tracker: get_issue failed: No issue NOPE. Use list_issues to see ids.");
  });

  it("adds a comment and counts them", async () => {
    expect(await manager.call("tracker", "add_comment", { id: "BUG-101", body: "Paginated in #42." })).toEqual({
      content: [{ type: "text", text: "Comment added to BUG-101 (2 total)." }],
      isError: false,
    });
  });

  it("puts the server's instructions in the system-prompt section", () => {
    expect(manager.instructionsSection()).toBe(
      "# MCP Server Instructions\n\n" +
        "The following MCP servers have provided instructions for how to use their tools and resources:\n\n" +
        "## tracker\n" +
        "An issue tracker for this project. Call list_issues first to find issue ids, then get_issue for the details. " +
        "Use add_comment only when the user asks you to comment on an issue.",
    );
  });
});
