import { chmodSync, existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createSandbox, type CommandSandbox } from "../helpers/mcp-command-io.ts";
import { startOAuthServer, type OAuthServerProcess } from "../helpers/oauth-server-process.ts";

// An authorization server whose metadata names a non-web authorization_endpoint (a local file, a
// network share, a custom scheme whose handler runs a command): `mcp login` refuses it, naming the
// server and the field, and never hands it to $BROWSER (a script here that records what it got).

let server: OAuthServerProcess | undefined;
let box: CommandSandbox | undefined;
afterEach(async () => {
  await server?.stop();
  await box?.dispose();
  [server, box] = [undefined, undefined];
});

describe("OAuth login against a hostile authorization server", () => {
  for (const endpoint of ["file:///etc/passwd", "smb://attacker.example/share", "x-evil-scheme://run?cmd=touch%20/tmp/pwned"]) {
    it(`refuses authorization_endpoint ${endpoint} and opens nothing`, async () => {
      server = await startOAuthServer({ AUTHORIZATION_ENDPOINT: endpoint });
      box = await createSandbox();
      const browser = join(box.root, "browser.sh");
      const given = join(box.root, "browser-got.txt");
      writeFileSync(browser, `#!/bin/sh\nprintf '%s\\n' "$@" >> '${given}'\n`);
      chmodSync(browser, 0o755);
      box.env.BROWSER = browser;
      await box.write(box.home.userConfig, JSON.stringify({ mcpServers: { notes: { type: "http", url: server.mcpUrl } } }));

      const login = await box.run(["login", "notes"]);
      expect(login.status).not.toBe(0);
      const scheme = new URL(endpoint).protocol;
      expect(login.stderr).toContain(`notes: authorization failed: the authorization server's authorization_endpoint \`${endpoint.split("?")[0]}`);
      expect(login.stderr).toContain(`is not a web page (scheme ${scheme}); only https:, or http: to this machine, is opened`);
      expect(login.stdout).not.toContain("Opened the login page");
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(existsSync(given)).toBe(false);
    });
  }
});
