// The user's actions on servers that reach past the manager: revoking forgets the approval in its file,
// an opened server's details read the approval record, the log and what the sandbox blocked.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { afterEach, describe, expect, it } from "vitest";
import { ApprovalsFile } from "../../../src/mcp/approvals/approvals.ts";
import { McpManager } from "../../../src/mcp/manager.ts";
import { OAuthStore } from "../../../src/mcp/connection/oauth/token-store.ts";
import { serverActions } from "../../../src/mcp/server-actions.ts";
import { SandboxHost } from "../../../src/sandbox/sandbox-host.ts";
import { FakeClock } from "../../helpers/fake-clock.ts";
import { memoryTransports, stateOf, stdioServer } from "../../helpers/mcp-fixtures.ts";

const UNAVAILABLE = { available: false, reason: "no bubblewrap in this test", hint: "" } as const;

const closing: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

/** A project server `tracker` approved in a real approvals file, connected in memory, and its actions. */
async function approvedTracker() {
  const root = mkdtempSync(join(tmpdir(), "server-actions-"));
  const projectDir = join(root, "project");
  const approvals = new ApprovalsFile({ file: join(root, "approvals.json"), clock: new FakeClock(0), warn: () => {} });
  const tracker = stdioServer("tracker", { command: "run-tracker" }, "project");
  await approvals.approve(projectDir, tracker, { sandboxed: false });
  const { factory } = memoryTransports({ tracker: () => new McpServer({ name: "tracker", version: "1.0.0" }) });
  const logDir = join(root, "logs");
  const manager = new McpManager({
    projectDir,
    approvals,
    logDir,
    env: {},
    interactive: true,
    transportFactory: factory,
  });
  const sandbox = new SandboxHost({
    projectDir,
    home: root,
    miniCcHome: root,
    env: {},
    check: async () => UNAVAILABLE,
  });
  closing.push(
    () => manager.close(),
    () => sandbox.close(),
  );
  await manager.start([tracker]);
  const oauth = new OAuthStore({ file: join(root, "oauth.json"), clock: new FakeClock(0), warn: () => {} });
  const actions = serverActions({ manager, approvals, sandbox, projectDir, logDir, userHome: root, env: {}, oauth });
  return { actions, approvals, manager, sandbox, projectDir, tracker };
}

describe("the servers' actions", () => {
  it("open a server with its approval record and log, and what the sandbox blocked once it blocked something", async () => {
    const { actions, sandbox } = await approvedTracker();
    const details = await actions.details("tracker");
    expect(details).toEqual({
      approval: { status: "approved", approvedAt: "1970-01-01T00:00:00.000Z" },
      logPath: "~/logs/mcp-tracker.log",
      logTail: [expect.stringMatching(/^--- .* mini-cc started tracker: run-tracker$/)],
    });
    sandbox.violations.add("tracker", "blocked: write ~/.bashrc");
    expect((await actions.details("tracker")).sandbox).toEqual({
      profile: "default profile (chosen at approval)",
      blocked: ["blocked: write ~/.bashrc"],
    });
    expect(await actions.details("nobody")).toEqual({ logTail: [] });
  });

  it("revoke forgets the approval in its file and stops the server until it is approved anew", async () => {
    const { actions, approvals, manager, projectDir, tracker } = await approvedTracker();
    await actions.revoke("tracker");
    expect(await approvals.status(projectDir, tracker)).toBe("new");
    expect(stateOf(manager, "tracker")).toEqual({ status: "disabled", reason: "approval revoked", cause: "declined" });
  });

  it("say whether the sandbox can run once checked", async () => {
    const { actions } = await approvedTracker();
    expect(actions.sandbox.getSnapshot()).toBe("checking");
    await actions.checkSandbox();
    expect(actions.sandbox.getSnapshot()).toBe(UNAVAILABLE);
  });
});
