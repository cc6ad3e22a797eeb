import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { validateEntry } from "../../../../src/config/schema.ts";
import { createSandbox, type CommandSandbox } from "../../../helpers/mcp-command-io.ts";

let box: CommandSandbox;
beforeEach(async () => {
  box = await createSandbox();
});
afterEach(async () => {
  await box.dispose();
});

const userServers = async () => ((await box.readJson(box.home.userConfig)) as { mcpServers: unknown }).mcpServers;

describe("mcp add with a pre-registered OAuth client", () => {
  it("writes --client-id, --client-secret and --callback-port as the entry's oauth", async () => {
    const run = await box.run([
      "add",
      "-s",
      "user",
      "-t",
      "http",
      "--client-id",
      "my-app",
      "--client-secret",
      "${APP_SECRET}",
      "--callback-port",
      "8765",
      "docs",
      "https://example.com/mcp",
    ]);
    expect(run).toMatchObject({ status: 0, stderr: "" });
    expect(await userServers()).toEqual({
      docs: {
        type: "http",
        url: "https://example.com/mcp",
        oauth: { clientId: "my-app", clientSecret: "${APP_SECRET}", callbackPort: 8765 },
      },
    });
  });

  it("asks for --client-secret given alone and keeps it in the OAuth file, not in the config file", async () => {
    const asked: string[] = [];
    const run = await box.run(
      [
        "add",
        "-s",
        "user",
        "-t",
        "http",
        "--client-id",
        "my-app",
        "--client-secret",
        "docs",
        "https://example.com/mcp",
      ],
      {
        prompt: async (question: string) => (asked.push(question), "s3cr3t\n"),
      },
    );
    expect(run).toMatchObject({ status: 0, stderr: "" });
    expect(asked).toEqual(["Client secret: "]);
    expect(run.stdout).not.toContain("s3cr3t");
    expect(await userServers()).toEqual({
      docs: { type: "http", url: "https://example.com/mcp", oauth: { clientId: "my-app" } },
    });
    const oauth = (await box.readJson(box.home.oauth)) as { servers: Record<string, unknown> };
    expect(oauth.servers["https://example.com/mcp"]).toEqual({
      clientSecret: { clientId: "my-app", secret: "s3cr3t" },
    });
    // Last on the line, and from MCP_CLIENT_SECRET without asking.
    const fromEnv = await box.run(
      ["add", "-t", "http", "web", "https://example.com/other", "--client-id", "a", "--client-secret"],
      {
        env: { ...box.env, MCP_CLIENT_SECRET: "from-env" },
      },
    );
    expect(fromEnv).toMatchObject({ status: 0, stderr: "" });
    const again = (await box.readJson(box.home.oauth)) as { servers: Record<string, unknown> };
    expect(again.servers["https://example.com/other"]).toEqual({ clientSecret: { clientId: "a", secret: "from-env" } });
    const noTerminal = await box.run([
      "add",
      "-t",
      "http",
      "--client-id",
      "a",
      "--client-secret",
      "x2",
      "https://example.com/x",
    ]);
    expect(noTerminal.status).toBe(2);
    expect(noTerminal.stderr).toContain("--client-secret without a value asks on the terminal");
  });

  it("--client-credentials makes a machine client: the grant in the entry, the secret in the OAuth file", async () => {
    const run = await box.run(
      [
        "add",
        "-s",
        "user",
        "-t",
        "http",
        "--client-id",
        "ci-bot",
        "--client-secret",
        "--client-credentials",
        "ci",
        "https://example.com/mcp",
      ],
      {
        env: { ...box.env, MCP_CLIENT_SECRET: "machine-secret" },
      },
    );
    expect(run).toMatchObject({ status: 0, stderr: "" });
    expect(await userServers()).toEqual({
      ci: {
        type: "http",
        url: "https://example.com/mcp",
        oauth: { clientId: "ci-bot", grantType: "client_credentials" },
      },
    });
    expect(await box.read(box.home.userConfig)).not.toContain("machine-secret");
    const oauth = (await box.readJson(box.home.oauth)) as { servers: Record<string, unknown> };
    expect(oauth.servers["https://example.com/mcp"]).toEqual({
      clientSecret: { clientId: "ci-bot", secret: "machine-secret" },
    });
  });

  it("refuses a bad port, a secret without an id, and OAuth for a stdio server", async () => {
    const port = await box.run([
      "add",
      "-t",
      "http",
      "--client-id",
      "a",
      "--callback-port",
      "70000",
      "docs",
      "https://example.com/mcp",
    ]);
    expect(port.status).toBe(2);
    expect(port.stderr).toContain('invalid --callback-port value "70000": expected a port from 1 to 65535');
    const noId = await box.run(["add", "-t", "http", "--client-secret", "s", "docs", "https://example.com/mcp"]);
    expect(noId.stderr).toContain(
      "--client-secret, --callback-port, --client-credentials and --client-key-* need --client-id",
    );
    const stdio = await box.run(["add", "--client-id", "a", "tracker", "--", "node", "t.js"]);
    expect(stdio.stderr).toContain(
      "--client-id, --client-secret, --callback-port, --client-credentials and --client-key-* are for http and sse servers",
    );
  });
});

describe("the oauth and headersHelper fields of an entry", () => {
  const at = ["mcpServers", "docs"];
  it("accepts a client id with an optional secret and port, and a helper command", () => {
    const entry = {
      type: "http",
      url: "https://x/mcp",
      oauth: { clientId: "a", clientSecret: "s", callbackPort: 9 },
      headersHelper: "vault-token",
    };
    expect(validateEntry(entry, at)).toEqual({ ok: true, entry });
  });

  it("names the field that is wrong", () => {
    expect(validateEntry({ type: "http", url: "https://u.example/mcp", oauth: { clientSecret: "s" } }, at)).toEqual({
      ok: false,
      error: "mcpServers.docs.oauth.clientId: missing (expected string; or give clientMetadataUrl)",
    });
    expect(
      validateEntry({ type: "http", url: "https://u.example/mcp", oauth: { clientId: "a", callbackPort: 0 } }, at),
    ).toEqual({
      ok: false,
      error: "mcpServers.docs.oauth.callbackPort: must be a port from 1 to 65535",
    });
    expect(
      validateEntry({ type: "http", url: "https://u.example/mcp", oauth: { clientId: "a", clientSecrt: "typo" } }, at),
    ).toMatchObject({ ok: false, error: expect.stringContaining("mcpServers.docs.oauth") });
    expect(validateEntry({ type: "sse", url: "https://u.example/mcp", headersHelper: "" }, at)).toEqual({
      ok: false,
      error: "mcpServers.docs.headersHelper: must not be empty",
    });
  });

  it("accepts a client ID metadata document's https URL in place of a client id, and the client-credentials grant with a client id", () => {
    const document = {
      type: "http",
      url: "https://x/mcp",
      oauth: { clientMetadataUrl: "https://me.example/client.json" },
    };
    expect(validateEntry(document, at)).toEqual({ ok: true, entry: document });
    const machine = {
      type: "http",
      url: "https://x/mcp",
      oauth: { clientId: "ci-bot", clientSecret: "${BOT_SECRET}", grantType: "client_credentials" },
    };
    expect(validateEntry(machine, at)).toEqual({ ok: true, entry: machine });
  });

  it("refuses a client metadata URL that is not https with a path, and the client-credentials grant without a client id, naming the field", () => {
    for (const url of [
      "http://me.example/client.json",
      "https://me.example/",
      "https://me.example",
      "file:///etc/passwd",
      "not a url",
    ]) {
      expect(
        validateEntry({ type: "http", url: "https://u.example/mcp", oauth: { clientMetadataUrl: url } }, at),
      ).toEqual({
        ok: false,
        error: `mcpServers.docs.oauth.clientMetadataUrl: must be an https:// URL with a path (a client ID metadata document), got ${JSON.stringify(url)}`,
      });
    }
    expect(
      validateEntry(
        {
          type: "http",
          url: "https://u.example/mcp",
          oauth: { clientMetadataUrl: "https://me.example/c.json", grantType: "client_credentials" },
        },
        at,
      ),
    ).toEqual({
      ok: false,
      error:
        'mcpServers.docs.oauth.clientId: missing: the "client_credentials" grant needs the client\'s ID (and its secret or private key)',
    });
    expect(
      validateEntry(
        { type: "http", url: "https://u.example/mcp", oauth: { clientId: "a", grantType: "password" } },
        at,
      ),
    ).toMatchObject({ ok: false, error: expect.stringContaining("mcpServers.docs.oauth.grantType") });
  });
});
