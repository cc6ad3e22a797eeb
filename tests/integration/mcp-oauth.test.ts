import { readdirSync, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { commandSandboxesForTestFile, type CommandSandbox } from "../helpers/mcp-command-io.ts";
import { oauthServersForTestFile, SCRIPTED_BROWSER } from "../helpers/oauth-server-process.ts";

// A hosted MCP server behind an OAuth authorization server built on the SDK's
// server auth pieces, in a subprocess; mini-cc logs in through a scripted
// "browser" ($BROWSER) that follows the authorization URL to the callback.

const oauth = oauthServersForTestFile();
const sandboxes = commandSandboxesForTestFile();

async function sandboxWith(entry: Record<string, unknown>, env: Record<string, string> = {}): Promise<CommandSandbox> {
  const sandbox = await sandboxes.create({ BROWSER: SCRIPTED_BROWSER, ...env });
  sandbox.env.BROWSER_LOG = join(sandbox.root, "browser.log");
  await sandbox.write(sandbox.home.userConfig, JSON.stringify({ mcpServers: { notes: entry } }));
  return sandbox;
}

/** `mcp login` with a terminal that answers through `prompt`, stdout going to `out`. */
async function runLogin(
  sandbox: CommandSandbox,
  argv: string[],
  prompt: (question: string) => Promise<string>,
  out: (text: string) => void,
): Promise<number> {
  return (await sandbox.run(argv, { prompt, stdout: out })).status;
}

const visited = async (sandbox: CommandSandbox) =>
  (await readFile(join(sandbox.root, "browser.log"), "utf8"))
    .trim()
    .split("\n")
    .map((line) => new URL(line));

describe("OAuth login for a remote server", () => {
  it("401 → needs-auth → login (discovery, dynamic registration, PKCE, resource) → connected → refresh after expiry → logout", async () => {
    const server = await oauth.start();
    const box = await sandboxWith({ type: "http", url: server.mcpUrl });

    const before = await box.run(["list"]);
    expect(before.stdout).toContain(
      `notes: ${server.mcpUrl} (http, user) - ! needs authentication — run: mini-cc mcp login notes`,
    );
    expect(before.status).toBe(0); // waiting for a login is not a failure

    const login = await box.run(["login", "notes"]);
    expect(login.stderr).toBe("");
    expect(login.stdout).toContain("Opened the login page for notes with $BROWSER.");
    expect(login.stdout).toContain("Logged in to notes.");
    expect(login.stdout).toContain("notes: ✔ connected · 4 tools");
    expect(login.status).toBe(0);

    const [authorize, callback] = await visited(box);
    expect(authorize?.pathname).toBe("/authorize");
    expect(authorize?.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorize?.searchParams.get("resource")).toBe(server.mcpUrl);
    expect(authorize?.searchParams.get("redirect_uri")).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(callback?.searchParams.get("state")).toBe(authorize?.searchParams.get("state"));
    let state = await server.state();
    expect(state).toMatchObject({ registrations: 1, codeGrants: 1, refreshes: 0, resources: [server.mcpUrl] });

    // The tokens: only in the home's OAuth file, the user's alone, never printed.
    const file = box.home.oauth;
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const stored = JSON.parse(await readFile(file, "utf8")) as {
      servers: Record<string, { tokens: { access_token: string } }>;
    };
    const token = stored.servers[server.mcpUrl]?.tokens.access_token ?? "";
    expect(token).not.toBe("");
    expect(login.stdout).not.toContain(token);
    expect(await box.read(box.home.userConfig)).not.toContain(token);

    const get = await box.run(["get", "notes"]);
    expect(get.stdout).toContain("  OAuth: logged in, expires 2026-05-01T11:00:00.000Z");
    expect(get.stdout).toContain("  Authenticates: dynamic registration");
    expect(get.stdout).toContain(`  Issuer: ${new URL(server.mcpUrl).origin}/`);
    expect(get.stdout).toContain("  Scopes: mcp:tools");
    expect(get.stdout).not.toContain(token);

    // The access token expires: the next connect refreshes it (with the resource again) and connects.
    await server.expireTokens();
    const afterExpiry = await box.run(["list"]);
    expect(afterExpiry.stdout).toContain("notes: ✔ connected · 4 tools".replace("notes: ", ""));
    state = await server.state();
    expect(state.refreshes).toBe(1);
    expect(state.resources).toEqual([server.mcpUrl, server.mcpUrl]);

    const logout = await box.run(["logout", "notes"]);
    // Which authorization server's tokens were forgotten: the issuer its metadata names (127.0.0.1:PORT/).
    expect(logout.stdout).toBe(`Logged out of notes (forgot the tokens ${new URL(server.mcpUrl).origin}/ issued).\n`);
    expect((await box.run(["list"])).stdout).toContain("! needs authentication — run: mini-cc mcp login notes");
  });

  it("--no-browser prints the URL, opens nothing and takes the redirect pasted back (a login over SSH)", async () => {
    const server = await oauth.start();
    const box = await sandboxWith({ type: "http", url: server.mcpUrl });
    let printed = "";
    const questions: string[] = [];
    // The "other machine's browser": follows the printed URL up to the loopback redirect it could not reach, and the user pastes that.
    const prompt = async (question: string) => {
      questions.push(question);
      if (questions.length === 1) return "https://example.com/not-it";
      let url: string | undefined = printed
        .split("\n")
        .find((line) => line.startsWith("http") && line.includes("/authorize"));
      for (let hop = 0; hop < 5 && url && !new URL(url).pathname.endsWith("/callback"); hop++) {
        const response = await fetch(url, { redirect: "manual" });
        await response.body?.cancel();
        const next = response.headers.get("location");
        url = next ? new URL(next, url).href : undefined;
      }
      return url ?? "";
    };
    const status = await runLogin(box, ["login", "--no-browser", "notes"], prompt, (text) => (printed += text));
    expect(status).toBe(0);
    expect(printed).toContain("Open this page in a browser to log in to notes:");
    expect(printed).toContain("Logged in to notes.");
    expect(questions[1]).toMatch(/^That is not the redirect URL/);
    expect(readdirSync(box.root)).not.toContain("browser.log");
  });

  it("an sse server behind OAuth: needs-auth, then login and connected", async () => {
    const server = await oauth.start({ RESOURCE: "origin" });
    const url = server.mcpUrl.replace(/\/mcp$/, "/sse");
    const box = await sandboxWith({ type: "sse", url });
    expect((await box.run(["list"])).stdout).toContain(
      `notes: ${url} (sse, user) - ! needs authentication — run: mini-cc mcp login notes`,
    );
    const login = await box.run(["login", "notes"]);
    expect(login).toMatchObject({ status: 0, stderr: "" });
    expect(login.stdout).toContain("notes: ✔ connected · 4 tools");
  });

  it("logs in with a pre-registered client from the entry: no registration, its callback port, its secret", async () => {
    const server = await oauth.start({ PRECLIENT: "pre-client:s3cret", REGISTRATION: "off" });
    const port = await freePort();
    const box = await sandboxWith(
      {
        type: "http",
        url: server.mcpUrl,
        oauth: { clientId: "pre-client", clientSecret: "${NOTES_SECRET}", callbackPort: port },
      },
      { NOTES_SECRET: "s3cret" },
    );
    const login = await box.run(["login", "notes"]);
    expect(login.stderr).toBe("");
    expect(login.status).toBe(0);
    const [authorize] = await visited(box);
    expect(authorize?.searchParams.get("client_id")).toBe("pre-client");
    expect(authorize?.searchParams.get("redirect_uri")).toBe(`http://127.0.0.1:${port}/callback`);
    expect(await server.state()).toMatchObject({ registrations: 0, codeGrants: 1, clients: ["pre-client"] });
    // The secret stays in the entry (as written); the OAuth file has tokens only.
    expect(await readFile(box.home.oauth, "utf8")).not.toContain("s3cret");
    const get = await box.run(["get", "--no-connect", "notes"]);
    expect(get.stdout).toContain("  OAuth client: pre-client (client secret set, callback port");
    expect(get.stdout).not.toContain("s3cret");
  });
});

describe("a login that cannot finish says which server and which step, and exits 1", () => {
  it("registration rejected", async () => {
    const server = await oauth.start({ REGISTRATION: "reject" });
    const box = await sandboxWith({ type: "http", url: server.mcpUrl });
    const login = await box.run(["login", "notes"]);
    expect(login.status).toBe(1);
    expect(login.stderr).toMatch(
      /^mini-cc mcp login: notes: client registration failed: .*registration is closed for tests\n$/,
    );
  });

  it("the authorization server is down", async () => {
    const port = await freePort();
    const box = await sandboxWith({ type: "http", url: `http://127.0.0.1:${port}/mcp` });
    const login = await box.run(["login", "notes"]);
    expect(login.status).toBe(1);
    expect(login.stderr).toMatch(
      new RegExp(
        `^mini-cc mcp login: notes: discovery failed: cannot reach http://127.0.0.1:${port}/mcp: fetch failed.*\\n$`,
      ),
    );
  });

  it("invalid authorization-server metadata", async () => {
    const bogus = createServer((req, res) => {
      const base = `http://127.0.0.1:${(bogus.address() as AddressInfo).port}`;
      if (req.url === "/mcp") {
        res.writeHead(401, { "www-authenticate": `Bearer resource_metadata="${base}/prm"` }).end();
      } else if (req.url === "/prm") {
        res
          .writeHead(200, { "content-type": "application/json" })
          .end(JSON.stringify({ resource: `${base}/mcp`, authorization_servers: [base] }));
      } else res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ issuer: 42 }));
    });
    await new Promise<void>((resolve) => bogus.listen(0, "127.0.0.1", resolve));
    try {
      const box = await sandboxWith({
        type: "http",
        url: `http://127.0.0.1:${(bogus.address() as AddressInfo).port}/mcp`,
      });
      const login = await box.run(["login", "notes"]);
      expect(login.status).toBe(1);
      expect(login.stderr).toMatch(/^mini-cc mcp login: notes: discovery failed: .+\n$/);
    } finally {
      bogus.closeAllConnections();
      await new Promise((resolve) => bogus.close(resolve));
    }
  });

  it("the browser never comes back", async () => {
    const server = await oauth.start();
    const box = await sandboxWith(
      { type: "http", url: server.mcpUrl },
      { BROWSER_MODE: "ignore", MCP_LOGIN_TIMEOUT: "400" },
    );
    const login = await box.run(["login", "notes"]);
    expect(login.status).toBe(1);
    expect(login.stdout).toContain("/authorize?"); // the URL is always printed
    expect(login.stderr).toBe(
      "mini-cc mcp login: notes: authorization failed: no answer from the browser within 0.4s (open the printed URL to log in)\n",
    );
  });

  it("a corrupt token file is moved aside and the server waits for a login", async () => {
    const server = await oauth.start();
    const box = await sandboxWith({ type: "http", url: server.mcpUrl });
    await box.write(box.home.oauth, "{ not json");
    const list = await box.run(["list"]);
    // The reason says where the file went (only "not logged in" goes unsaid).
    expect(list.stdout).toMatch(
      /! needs authentication \(token file was unreadable, moved to .*mcp-oauth\.json\.corrupt-[^)]*\) — run: mini-cc mcp login notes/,
    );
    expect(readdirSync(box.home.root).some((name) => name.startsWith("mcp-oauth.json.corrupt-"))).toBe(true);
  });
});

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
