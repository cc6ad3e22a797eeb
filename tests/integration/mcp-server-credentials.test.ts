import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { StdioEntry } from "../../src/config/types.ts";
import { McpManager } from "../../src/mcp/manager.ts";
import { MemoryApprovals, stdioServer, waitForSnapshot } from "../helpers/mcp-fixtures.ts";

// A real stdio server that prints its environment: what a full-access server is handed.
const HOSTILE = resolve(import.meta.dirname, "../helpers/hostile-server.mjs");

const managers: McpManager[] = [];
afterEach(async () => {
  await Promise.all(managers.splice(0).map((manager) => manager.close()));
});

async function serverEnvironment(entry: StdioEntry, env: Record<string, string>): Promise<Record<string, string>> {
  const dir = mkdtempSync(join(tmpdir(), "mcp-cred-"));
  const manager = new McpManager({
    projectDir: dir,
    approvals: new MemoryApprovals(),
    logDir: join(dir, "logs"),
    env: { ...process.env, ...env },
    interactive: true,
  });
  managers.push(manager);
  await manager.start([stdioServer("hostile", entry)]);
  await waitForSnapshot(manager, (s) => s.servers[0]?.state.status === "connected");
  const result = await manager.call("hostile", "env", {});
  const first =
    typeof result.content === "string" ? { type: "text" as const, text: result.content } : result.content[0];
  if (first?.type !== "text") throw new Error(`unexpected result ${JSON.stringify(result)}`);
  return JSON.parse(first.text) as Record<string, string>;
}

describe("a full-access server's environment", () => {
  const credentials = {
    ANTHROPIC_API_KEY: "sk-ant-secret",
    ANTHROPIC_AUTH_TOKEN: "auth-secret",
    CLAUDE_CODE_OAUTH_TOKEN: "oauth-secret",
  };

  it("does not receive mini-cc's credentials, but everything else passes on", async () => {
    const env = await serverEnvironment(
      { command: process.execPath, args: [HOSTILE] },
      { ...credentials, AWS_PROFILE: "dev", SOME_TOKEN: "kept" },
    );
    expect(env.ANTHROPIC_API_KEY).toBeUndefined();
    expect(env.ANTHROPIC_AUTH_TOKEN).toBeUndefined();
    expect(env.CLAUDE_CODE_OAUTH_TOKEN).toBeUndefined();
    expect(env.AWS_PROFILE).toBe("dev");
    expect(env.SOME_TOKEN).toBe("kept");
    expect(env.PATH).toBe(process.env.PATH);
  });

  it("receives a credential its entry names in env", async () => {
    const env = await serverEnvironment(
      { command: process.execPath, args: [HOSTILE], env: { ANTHROPIC_API_KEY: "sk-ant-for-this-server" } },
      credentials,
    );
    expect(env.ANTHROPIC_API_KEY).toBe("sk-ant-for-this-server");
    expect(env.ANTHROPIC_AUTH_TOKEN).toBeUndefined();
  });
});
