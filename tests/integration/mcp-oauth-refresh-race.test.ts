import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cliForTestFile } from "../helpers/cli-sandbox.ts";
import { oauthServersForTestFile, SCRIPTED_BROWSER } from "../helpers/oauth-server-process.ts";

// Two real mini-cc processes whose access token expired refresh the same rotating
// refresh token at once: one refreshes, the other reads its result (a lock beside the
// OAuth file), so the authorization server never sees a spent refresh token and
// neither session loses the login.

const cli = cliForTestFile();
const oauth = oauthServersForTestFile();

describe("a rotating refresh token shared by two sessions", () => {
  it("two processes refreshing at once: one refresh, no reuse, both connected", { timeout: 60_000 }, async () => {
    const server = await oauth.start({ ROTATE: "1", REFRESH_DELAY_MS: "400" });
    const box = await cli.sandbox();
    await box.write(join(box.home, "mcp.json"), { mcpServers: { notes: { type: "http", url: server.mcpUrl } } });
    const env = { BROWSER: SCRIPTED_BROWSER };
    const login = await box.run(["mcp", "login", "notes"], { env });
    expect(login.code).toBe(0);
    const before = JSON.parse(await readFile(join(box.home, "mcp-oauth.json"), "utf8"));
    const firstRefresh = before.servers[server.mcpUrl].tokens.refresh_token as string;

    await server.expireTokens();
    const [one, two] = await Promise.all([box.run(["mcp", "list"], { env }), box.run(["mcp", "list"], { env })]);
    for (const run of [one, two]) expect(run.stdout).toContain("✔ connected · 4 tools");
    const state = await server.state();
    expect(state).toMatchObject({ refreshes: 1, refreshReuses: 0 });

    // The file holds the rotated token, and the next session connects with it.
    const after = JSON.parse(await readFile(join(box.home, "mcp-oauth.json"), "utf8"));
    expect(after.servers[server.mcpUrl].tokens.refresh_token).not.toBe(firstRefresh);
    expect((await box.run(["mcp", "list"], { env })).stdout).toContain("✔ connected · 4 tools");
  });
});
