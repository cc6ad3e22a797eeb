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
const add = ["add", "-s", "user", "-t", "http", "bot", "https://example.com/mcp", "--client-credentials"];

describe("mcp add for a machine client that signs with a private key (private_key_jwt)", () => {
  it("writes the key file's path and algorithm, never the key", async () => {
    const run = await box.run([
      ...add,
      "--client-id",
      "bot-1",
      "--client-key-file",
      "/keys/bot.pem",
      "--client-key-alg",
      "ES256",
    ]);
    expect(run).toMatchObject({ status: 0, stderr: "" });
    expect(await userServers()).toEqual({
      bot: {
        type: "http",
        url: "https://example.com/mcp",
        oauth: {
          clientId: "bot-1",
          grantType: "client_credentials",
          privateKeyFile: "/keys/bot.pem",
          signingAlgorithm: "ES256",
        },
      },
    });
  });

  it.each([
    [["--client-id", "b", "--client-key-file", "/k.pem"], "--client-key-file needs --client-key-alg (ES256"],
    [["--client-id", "b", "--client-key-alg", "ES256"], "--client-key-alg needs --client-key-file PEM"],
    [
      ["--client-id", "b", "--client-key-file", "/k.pem", "--client-key-alg", "HS256"],
      "unknown --client-key-alg: HS256",
    ],
    [
      ["--client-id", "b", "--client-key-file", "/k.pem", "--client-key-alg", "ES256", "--client-secret", "x"],
      "not both",
    ],
  ])("refuses %j: %s", async (flags, message) => {
    const run = await box.run([...add, ...flags]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(message);
  });

  it("the entry's oauth is checked: each problem names the field", () => {
    const problems = (oauth: unknown) => {
      const checked = validateEntry({ type: "http", url: "https://x/mcp", oauth }, ["bot"]);
      return checked.ok ? [] : checked.error.split("; ");
    };
    expect(problems({ clientId: "a", privateKeyFile: "/k.pem", signingAlgorithm: "ES256" })).toEqual([
      'bot.oauth.privateKeyFile: only for a machine client: "grantType": "client_credentials"',
    ]);
    expect(problems({ clientId: "a", grantType: "client_credentials", privateKeyFile: "/k.pem" })[0]).toMatch(
      /^bot\.oauth\.signingAlgorithm: missing: the key's algorithm/,
    );
    expect(
      problems({
        clientId: "a",
        grantType: "client_credentials",
        privateKeyFile: "/k.pem",
        signingAlgorithm: "none",
      })[0],
    ).toMatch(/^bot\.oauth\.signingAlgorithm: /);
    expect(problems({ clientMetadataUrl: "http://example.com/client.json" })[0]).toMatch(
      /^bot\.oauth\.clientMetadataUrl: must be an https:\/\/ URL with a path/,
    );
  });
});
