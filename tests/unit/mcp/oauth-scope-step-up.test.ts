import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { StoredOAuthProvider } from "../../../src/mcp/connection/oauth/provider.ts";
import { scopesLacking, scopeUnion } from "../../../src/mcp/connection/oauth/scope-step-up.ts";
import { OAuthStore } from "../../../src/mcp/connection/oauth/token-store.ts";
import { systemClock } from "../../../src/clock.ts";

// The conformance suite's step-up scenario issues no refresh tokens; this is the
// case it does not cover: a login with a refresh token, which the SDK would
// refresh (same scope, the same 403) unless the provider holds it back.

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const URL_ = "https://x/mcp";
const tokens = { access_token: "at", token_type: "bearer", refresh_token: "rt", scope: "files:read" };

async function loggedIn(): Promise<OAuthStore> {
  const dir = mkdtempSync(join(tmpdir(), "mini-cc-oauth-"));
  dirs.push(dir);
  const store = new OAuthStore({ file: join(dir, "mcp-oauth.json"), clock: systemClock, warn: () => {} });
  await store.update(URL_, () => ({ tokens, scope: "files:read" }));
  return store;
}

/** A fetch answering every request with this status and WWW-Authenticate. */
const answering = (status: number, challenge: string) => () =>
  Promise.resolve(new Response(null, { status, headers: { "WWW-Authenticate": challenge } }));

describe("scope step-up on a 403 insufficient_scope", () => {
  it("holds the refresh token back, keeps the old and required scopes for the next login, and says which scope", async () => {
    const store = await loggedIn();
    const provider = new StoredOAuthProvider({ store, serverUrl: URL_ });
    expect(await provider.tokens()).toEqual(tokens);
    await provider.watchFetch(answering(403, 'Bearer error="insufficient_scope", scope="files:write"'))(URL_);
    expect(await provider.tokens()).toEqual({ access_token: "at", token_type: "bearer", scope: "files:read" });
    await expect(
      provider.redirectToAuthorization(new URL("https://auth/authorize?scope=files:write")),
    ).rejects.toMatchObject({
      code: "needs-auth",
      message: 'the server asks for scope "files:write": log in again to grant it (asks for "files:read files:write")',
    });
    expect((await store.read(URL_)).stepUpScope).toBe("files:read files:write");
  });

  it("a 403 for a scope the login already has is a failure, not another login", async () => {
    const store = await loggedIn();
    const provider = new StoredOAuthProvider({ store, serverUrl: URL_ });
    await provider.watchFetch(answering(403, 'Bearer error="insufficient_scope", scope="files:read"'))(URL_);
    await expect(provider.redirectToAuthorization(new URL("https://auth/authorize"))).rejects.toMatchObject({
      code: "auth-failed",
      message: expect.stringContaining('lack of scope "files:read", which this login already has'),
    });
    expect((await store.read(URL_)).stepUpScope).toBeUndefined();
  });

  it("other 403s and 401s are no step-up: the refresh token is used as before", async () => {
    const store = await loggedIn();
    const provider = new StoredOAuthProvider({ store, serverUrl: URL_ });
    await provider.watchFetch(answering(403, 'Bearer error="invalid_token"'))(URL_);
    await provider.watchFetch(answering(401, 'Bearer error="insufficient_scope", scope="x"'))(URL_);
    expect(await provider.tokens()).toEqual(tokens);
  });

  it("the login saves what it was granted and forgets the step-up", async () => {
    const store = await loggedIn();
    await store.update(URL_, (record) => ({ ...record, stepUpScope: "files:read files:write" }));
    const provider = new StoredOAuthProvider({
      store,
      serverUrl: URL_,
      login: { redirectUrl: "http://127.0.0.1:1/callback", open: () => {} },
    });
    await provider.redirectToAuthorization(new URL("https://auth/authorize?scope=files%3Aread+files%3Awrite"));
    await provider.saveTokens({ access_token: "new", token_type: "bearer" });
    const record = await store.read(URL_);
    expect(record.scope).toBe("files:read files:write");
    expect(record.stepUpScope).toBeUndefined();
  });

  it("scope arithmetic: union keeps the old order, each scope once", () => {
    expect(scopeUnion("a b", "b c")).toBe("a b c");
    expect(scopeUnion(undefined, undefined)).toBeUndefined();
    expect(scopesLacking("a b", "b c d")).toEqual(["c", "d"]);
  });
});
