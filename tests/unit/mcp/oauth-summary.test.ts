import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { oauthSummary } from "../../../src/mcp/connection/oauth/oauth-summary.ts";
import { privateKeyJwt } from "../../../src/mcp/connection/oauth/private-key-jwt.ts";

const NOW = Date.parse("2026-05-01T10:00:00.000Z");
const tokens = {
  access_token: "SECRET-AT",
  token_type: "Bearer",
  refresh_token: "SECRET-RT",
  issuer: "https://as.example/",
};

describe("how a remote server authenticates, as mcp get and the panel say it", () => {
  it("a metadata document, its issuer, scopes and expiry; never a token", () => {
    const rows = oauthSummary(
      { clientMetadataUrl: "https://team.example/mini-cc.json" },
      {
        tokens,
        expiresAt: NOW + 3_600_000,
        scope: "files:read",
        issuer: "https://as.example/",
        clients: { "https://as.example/": { client_id: "https://team.example/mini-cc.json" } },
      },
      NOW,
    );
    expect(rows).toEqual([
      ["OAuth", "logged in, expires 2026-05-01T11:00:00.000Z"],
      ["Authenticates", "metadata document https://team.example/mini-cc.json"],
      ["Issuer", "https://as.example/"],
      ["Scopes", "files:read"],
    ]);
    expect(JSON.stringify(rows)).not.toContain("SECRET");
  });

  it("a metadata document the authorization server did not support: mini-cc registered instead", () => {
    const rows = oauthSummary(
      { clientMetadataUrl: "https://team.example/mini-cc.json" },
      {
        issuer: "https://as.example/",
        clients: { "https://as.example/": { client_id: "dyn-1", redirect_uris: ["http://127.0.0.1:1/callback"] } },
      },
      NOW,
    );
    expect(rows).toContainEqual(["Authenticates", "dynamic registration"]);
    expect(rows).toContainEqual(["OAuth", "not logged in"]);
  });

  it("a machine client with a private key, pre-registered clients, and nothing at all", () => {
    const machine = {
      clientId: "bot",
      grantType: "client_credentials" as const,
      privateKeyFile: "/k.pem",
      signingAlgorithm: "ES256" as const,
    };
    expect(oauthSummary(machine, {}, NOW)).toEqual([
      ["OAuth", "no token yet (fetched on connect, no login)"],
      ["Authenticates", "client credentials, client bot (private_key_jwt ES256)"],
    ]);
    expect(oauthSummary({ clientId: "app" }, {}, NOW)).toContainEqual(["Authenticates", "pre-registered client app"]);
    expect(oauthSummary(undefined, {}, NOW)).toEqual([]);
  });
});

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("private_key_jwt's key file", () => {
  it("a missing or wrong key is refused naming the file and the field, never quoting what it holds", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mini-cc-key-"));
    dirs.push(dir);
    const sign = (file: string) =>
      privateKeyJwt("bot", file, "ES256")(new Headers(), new URLSearchParams(), "https://as.example/token");
    await expect(sign(join(dir, "absent.pem"))).rejects.toThrow(
      `oauth.privateKeyFile "${join(dir, "absent.pem")}": cannot read it (ENOENT)`,
    );
    const notPem = join(dir, "not.pem");
    writeFileSync(notPem, "TOP-SECRET-MATERIAL");
    await expect(sign(notPem)).rejects.toThrow(/not a PEM PKCS#8 private key/);
    await expect(sign(notPem)).rejects.not.toThrow(/TOP-SECRET/);
    const garbled = join(dir, "garbled.pem");
    writeFileSync(garbled, "-----BEGIN PRIVATE KEY-----\nTOP-SECRET-MATERIAL\n-----END PRIVATE KEY-----\n");
    const error = await Promise.resolve(sign(garbled)).catch((caught: Error) => caught);
    expect(String(error)).toContain("cannot sign with it as ES256");
    expect(String(error)).not.toContain("TOP-SECRET");
  });

  it("a good key signs a client assertion for the client", async () => {
    const { generateKeyPair, exportPKCS8, decodeJwt } = await import("jose");
    const { privateKey } = await generateKeyPair("ES256", { extractable: true });
    const dir = mkdtempSync(join(tmpdir(), "mini-cc-key-"));
    dirs.push(dir);
    const file = join(dir, "bot.pem");
    writeFileSync(file, await exportPKCS8(privateKey), { mode: 0o600 });
    const params = new URLSearchParams();
    await privateKeyJwt("bot", file, "ES256")(new Headers(), params, "https://as.example/token");
    expect(params.get("client_assertion_type")).toBe("urn:ietf:params:oauth:client-assertion-type:jwt-bearer");
    expect(decodeJwt(params.get("client_assertion") ?? "")).toMatchObject({
      iss: "bot",
      sub: "bot",
      aud: "https://as.example/token",
    });
  });
});
