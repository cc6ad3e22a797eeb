/**
 * `mini-cc mcp login NAME` and `/mcp login NAME`: one OAuth 2.1 authorization
 * code login with PKCE for a remote server, through the v2 SDK's `auth()` (the
 * one the transports use on connect): it checks the metadata's `issuer`, the
 * authorization response's `iss` before the code is redeemed (RFC 9207), and
 * keeps the client per issuer.
 * The server's 401 names its protected-resource metadata (RFC 9728); the
 * SDK discovers the authorization server, registers a client when the entry
 * has none, and builds the authorization URL, which is printed and opened
 * (login-page.ts; only a web page is opened); the browser comes back to a loopback callback on 127.0.0.1;
 * the code is exchanged for tokens, kept in the OAuth file. Any failure is
 * one line naming the server and the step.
 */
import { auth, extractWWWAuthenticateParams } from "@modelcontextprotocol/client";
import type { RemoteEntry } from "../../../config/types.ts";
import { describeError, MiniCcError } from "../../../errors.ts";
import { describeAuthError } from "./auth-errors.ts";
import { registeredCallbackPort, withoutClientAt } from "./client-identity.ts";
import { headersProblem } from "../../../config/header-values.ts";
import { startCallbackServer, type AuthorizationResponse, type CallbackServer } from "./callback-server.ts";
import { loopbackRedirect, StoredOAuthProvider, type LoginStep } from "./provider.ts";
import type { OAuthStore } from "./token-store.ts";
import { scopeUnion } from "./scope-step-up.ts";
import type { Env } from "../../../env.ts";

/** How long a login waits for the browser's redirect by default (MCP_LOGIN_TIMEOUT overrides, ms). */
export const LOGIN_TIMEOUT_MS = 120_000;

export interface LoginRequest {
  readonly name: string;
  /** The entry as it will run (expanded). */
  readonly entry: RemoteEntry;
  readonly store: OAuthStore;
  /** Shows the authorization URL (and opens it). */
  readonly open: (url: URL) => void | Promise<void>;
  readonly timeoutMs: number;
  /**
   * `--no-browser`: asks for the URL the browser was sent to, pasted back
   * (the browser may run on another machine); asked again while it is not
   * the answer. The loopback callback still listens meanwhile.
   */
  readonly pasteRedirect?: (problem: string | undefined, signal: AbortSignal) => Promise<string>;
}

/** The login timeout from MCP_LOGIN_TIMEOUT (ms), else LOGIN_TIMEOUT_MS. */
export function loginTimeoutMs(env: Env): number {
  const value = Number(env.MCP_LOGIN_TIMEOUT);
  return Number.isFinite(value) && value > 0 ? value : LOGIN_TIMEOUT_MS;
}

/** Logs in; resolves once tokens are stored, rejects with a MiniCcError "auth-failed" naming the server and the step. */
export async function loginToServer(request: LoginRequest): Promise<void> {
  const { name, entry, store } = request;
  const fail = (step: LoginStep | "callback", error: unknown) =>
    new MiniCcError("auth-failed", `${name}: ${step} failed: ${describeAuthError(error)}`, { cause: error });
  const challenge = await probe(entry).catch((error: unknown) => {
    throw fail("discovery", new Error(`cannot reach ${entry.url}: ${describeError(error)}`));
  });
  // A fresh login: old tokens would only be refreshed.
  await store.forgetTokens(entry.url);
  const callback = await listen(request).catch((error: unknown) => {
    throw fail("callback", error);
  });
  try {
    const provider = new StoredOAuthProvider({
      store,
      serverUrl: entry.url,
      ...(entry.oauth ? { client: entry.oauth } : {}),
      login: { redirectUrl: loopbackRedirect(callback.port), open: request.open },
    });
    // After a 403 insufficient_scope, the step-up's scope (the old and the required ones) with what the 401 asks.
    const scope = scopeUnion((await store.read(entry.url)).stepUpScope, challenge.scope);
    const options = { serverUrl: entry.url, ...challenge, ...(scope ? { scope } : {}) };
    let result: Awaited<ReturnType<typeof auth>>;
    try {
      result = await auth(provider, options);
    } catch (error) {
      throw fail(provider.step, error);
    }
    if (result === "AUTHORIZED") return;
    let response: AuthorizationResponse;
    try {
      const waiting = callback.waitForCode(() => provider.sentState, request.timeoutMs);
      if (request.pasteRedirect) void takePasted(request.pasteRedirect, callback, waiting);
      response = await waiting;
    } catch (error) {
      throw fail("authorization", error);
    }
    provider.step = "token exchange";
    try {
      // The SDK compares `iss` with the issuer discovery recorded before it redeems the code.
      await auth(provider, { ...options, authorizationCode: response.code, iss: response.iss });
    } catch (error) {
      throw fail("token exchange", error);
    }
  } finally {
    await callback.close();
  }
}

/** Asks for the pasted redirect until one is the answer, or the wait ended another way. */
async function takePasted(
  paste: NonNullable<LoginRequest["pasteRedirect"]>,
  callback: CallbackServer,
  waiting: Promise<AuthorizationResponse>,
): Promise<void> {
  let done = false;
  // The browser's own redirect (or the timeout) takes the question back, so the terminal is left alone.
  const asked = new AbortController();
  const end = () => {
    done = true;
    asked.abort();
  };
  waiting.then(end, end);
  let problem: string | undefined;
  while (!done) {
    const text = await paste(problem, asked.signal).catch(() => undefined);
    if (done || text === undefined) return;
    problem = callback.answer(text);
    if (problem === undefined) return;
  }
}

/** What the server's 401 says about where to log in (RFC 9728's resource_metadata, a scope); nothing when it said nothing. */
async function probe(entry: RemoteEntry): Promise<{ resourceMetadataUrl?: URL; scope?: string }> {
  const badHeader = headersProblem(entry.headers);
  if (badHeader) throw new Error(badHeader);
  const init: RequestInit =
    entry.type === "sse"
      ? { method: "GET", headers: { ...entry.headers, accept: "text/event-stream" } }
      : {
          method: "POST",
          headers: {
            ...entry.headers,
            "content-type": "application/json",
            accept: "application/json, text/event-stream",
          },
          body: JSON.stringify({ jsonrpc: "2.0", id: 0, method: "ping" }),
        };
  const response = await fetch(entry.url, { ...init, signal: AbortSignal.timeout(10_000) });
  await response.body?.cancel().catch(() => {});
  if (response.status !== 401) return {};
  const { resourceMetadataUrl, scope } = extractWWWAuthenticateParams(response);
  return { ...(resourceMetadataUrl ? { resourceMetadataUrl } : {}), ...(scope ? { scope } : {}) };
}

/**
 * The callback listener: on the entry's callbackPort, else on the port a
 * registered client's redirect URI names (the authorization server compares
 * it), else any free port — then registering again if that port is taken.
 */
async function listen(request: LoginRequest): Promise<CallbackServer> {
  const { entry, store } = request;
  if (entry.oauth?.callbackPort !== undefined) return startCallbackServer(entry.oauth.callbackPort);
  const record = await store.read(entry.url);
  const first = registeredCallbackPort(record);
  if (first > 0) {
    try {
      return await startCallbackServer(first);
    } catch {
      await store.update(entry.url, (current) => withoutClientAt(current, current.issuer));
    }
  }
  return startCallbackServer(0);
}
