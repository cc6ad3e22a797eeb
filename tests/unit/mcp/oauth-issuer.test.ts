import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { StoredOAuthProvider } from "../../../src/mcp/connection/oauth/provider.ts";
import { OAuthStore } from "../../../src/mcp/connection/oauth/token-store.ts";
import { systemClock } from "../../../src/clock.ts";
import { describeAuthError } from "../../../src/mcp/connection/oauth/auth-errors.ts";
import { IssuerMismatchError } from "@modelcontextprotocol/client";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const URL_ = "https://x/mcp";
const OLD = "https://as-old.example";
const NEW = "https://as-new.example";

function storeWith(): OAuthStore {
  const dir = mkdtempSync(join(tmpdir(), "mini-cc-oauth-"));
  dirs.push(dir);
  return new OAuthStore({ file: join(dir, "mcp-oauth.json"), clock: systemClock, warn: () => {} });
}

const login = { redirectUrl: "http://127.0.0.1:5555/callback", open: () => {} };

describe("OAuth credentials keyed by the authorization server's issuer", () => {
  it("a dynamic registration says it is a native application (loopback redirect, SEP-837)", () => {
    const provider = new StoredOAuthProvider({ store: storeWith(), serverUrl: URL_, login });
    expect(provider.clientMetadata.application_type).toBe("native");
    expect(provider.clientMetadata.redirect_uris).toEqual([login.redirectUrl]);
  });

  it("a client registered at one issuer is never presented to another; a login registers there anew", async () => {
    const store = storeWith();
    const first = new StoredOAuthProvider({ store, serverUrl: URL_, login });
    await first.saveClientInformation({ client_id: "old-client", redirect_uris: [login.redirectUrl] }, { issuer: OLD });
    const next = new StoredOAuthProvider({ store, serverUrl: URL_, login });
    expect((await next.clientInformation({ issuer: OLD }))?.client_id).toBe("old-client");
    expect(await next.clientInformation({ issuer: NEW })).toBeUndefined();
    await next.saveClientInformation({ client_id: "new-client", redirect_uris: [login.redirectUrl] }, { issuer: NEW });
    const clients = (await store.read(URL_)).clients ?? {};
    expect(Object.keys(clients).sort()).toEqual([NEW, OLD]);
  });

  it("tokens another issuer granted are not given to the new one: a connect asks for a login again", async () => {
    const store = storeWith();
    await store.update(URL_, () => ({
      tokens: { access_token: "at-old", token_type: "Bearer", refresh_token: "rt-old", issuer: OLD },
    }));
    const connect = new StoredOAuthProvider({ store, serverUrl: URL_ });
    await expect(connect.clientInformation({ issuer: NEW })).rejects.toMatchObject({
      code: "needs-auth",
      message: `the server now names another authorization server (${NEW}): log in again`,
    });
    expect(await connect.tokens({ issuer: NEW })).toBeUndefined();
    expect((await connect.tokens({ issuer: OLD }))?.refresh_token).toBe("rt-old");
    // The resource server itself still gets its token (no issuer is asked about there).
    expect((await connect.tokens())?.access_token).toBe("at-old");
  });

  it("an issuer mismatch never shows the attacker's text", () => {
    const evil = "https://evil.example/\u001b[31mpwned";
    const response = describeAuthError(new IssuerMismatchError("authorization_response", "https://as.example", evil));
    expect(response).toBe(
      'the authorization response\'s "iss" is not the authorization server\'s issuer "https://as.example" (RFC 9207): the code was not redeemed',
    );
    const missing = describeAuthError(
      new IssuerMismatchError("authorization_response", "https://as.example", undefined),
    );
    expect(missing).toContain('has no "iss" though the authorization server advertises it');
    const metadata = describeAuthError(new IssuerMismatchError("metadata", "https://as.example", evil));
    expect(metadata).not.toContain("evil");
    expect(metadata).toContain('"issuer" is not "https://as.example"');
  });
});

describe("a machine client's token answer", () => {
  it("with a refresh token is refused, naming the field, and nothing is kept", async () => {
    const store = storeWith();
    const machine = new StoredOAuthProvider({
      store,
      serverUrl: URL_,
      client: { clientId: "bot", clientSecret: "s", grantType: "client_credentials" },
    });
    await expect(
      machine.saveTokens({ access_token: "at", token_type: "Bearer", refresh_token: "rt" }, { issuer: OLD }),
    ).rejects.toThrow('answered the "client_credentials" grant with a "refresh_token"');
    expect((await store.read(URL_)).tokens).toBeUndefined();
  });
});
