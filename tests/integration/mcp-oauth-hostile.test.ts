import { chmodSync, existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { commandSandboxesForTestFile } from "../helpers/mcp-command-io.ts";
import { oauthServersForTestFile, SCRIPTED_BROWSER } from "../helpers/oauth-server-process.ts";

// An authorization server whose metadata names a non-web authorization_endpoint (a local file, a
// network share, a custom scheme whose handler runs a command): `mcp login` refuses it, naming the
// server and the field, and never hands it to $BROWSER (a script here that records what it got).

const oauth = oauthServersForTestFile();
const sandboxes = commandSandboxesForTestFile();

describe("OAuth login against a hostile authorization server", () => {
  for (const endpoint of [
    "file:///etc/passwd",
    "smb://attacker.example/share",
    "x-evil-scheme://run?cmd=touch%20/tmp/pwned",
  ]) {
    it(`refuses authorization_endpoint ${endpoint} and opens nothing`, async () => {
      const server = await oauth.start({ AUTHORIZATION_ENDPOINT: endpoint });
      const box = await sandboxes.create();
      const browser = join(box.root, "browser.sh");
      const given = join(box.root, "browser-got.txt");
      writeFileSync(browser, `#!/bin/sh\nprintf '%s\\n' "$@" >> '${given}'\n`);
      chmodSync(browser, 0o755);
      box.env.BROWSER = browser;
      await box.write(
        box.home.userConfig,
        JSON.stringify({ mcpServers: { notes: { type: "http", url: server.mcpUrl } } }),
      );

      const login = await box.run(["login", "notes"]);
      expect(login.status).not.toBe(0);
      const scheme = new URL(endpoint).protocol;
      expect(login.stderr).toContain(
        `notes: authorization failed: the authorization server's authorization_endpoint \`${endpoint.split("?")[0]}`,
      );
      expect(login.stderr).toContain(
        `is not a web page (scheme ${scheme}); only https:, or http: to this machine, is opened`,
      );
      expect(login.stdout).not.toContain("Opened the login page");
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(existsSync(given)).toBe(false);
    });
  }
});

describe("mcp login of a project server not yet approved", () => {
  /** A project whose .mcp.json names an OAuth server, not approved yet. */
  async function projectSandbox() {
    const server = await oauth.start();
    const sandbox = await sandboxes.create({ BROWSER: SCRIPTED_BROWSER });
    await sandbox.write(
      sandbox.projectFile,
      JSON.stringify({ mcpServers: { notes: { type: "http", url: server.mcpUrl } } }),
    );
    return { sandbox, server };
  }

  it("without a terminal, refuses and contacts nothing", async () => {
    const { sandbox, server } = await projectSandbox();
    const login = await sandbox.run(["login", "notes"]);
    expect(login.status).toBe(1);
    expect(login.stderr).toContain(
      "notes is a project server not approved in this project: approve it first with `mini-cc mcp approve notes` (nothing was contacted)",
    );
    expect((await server.state()).requests).toBe(0);
  });

  it("asks first on a terminal: no contacts nothing; yes approves, then logs in", async () => {
    const { sandbox, server } = await projectSandbox();
    const questions: string[] = [];
    const no = await sandbox.run(["login", "notes"], { prompt: async (q) => (questions.push(q), "n") });
    expect(no.status).toBe(1);
    expect(no.stdout).toContain(`Logging in contacts ${server.mcpUrl} and opens the login page it names.`);
    expect(questions).toEqual(["Approve notes for this project and log in? [y/N] "]);
    expect((await server.state()).requests).toBe(0);

    const yes = await sandbox.run(["login", "notes"], { prompt: async () => "y" });
    expect(yes.stdout).toContain("Approved project server notes.");
    expect(yes.stdout).toContain("Logged in to notes.");
    expect(yes.status).toBe(0);
  });
});
