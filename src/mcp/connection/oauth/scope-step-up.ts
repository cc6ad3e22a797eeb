/**
 * Scope step-up (MCP's scope challenge handling): a server that answers 403
 * with `WWW-Authenticate: Bearer error="insufficient_scope", scope="…"` wants
 * a token with more scope. The SDK's streamable-HTTP transport reacts by
 * calling auth() again with the challenge's scope, which would only refresh
 * the same token (or, without a refresh token, read as a lost login); the
 * watch here tells the provider first, so it asks for a new authorization
 * with the union of what the login had and what the server now requires.
 */
import { extractWWWAuthenticateParams, type FetchLike } from "@modelcontextprotocol/client";
import { MiniCcError } from "../../../errors.ts";
import { terminalSafeLine } from "../../../text/terminal-safe.ts";

/** A scope challenge: the scope the server requires (absent when it did not say). */
export interface ScopeChallenge {
  readonly scope?: string;
}

/** The scopes of a space-separated scope string, in order, each once. */
export function scopeList(scope: string | undefined): string[] {
  return [...new Set((scope ?? "").split(/\s+/).filter(Boolean))];
}

/** `had` and `wanted` together, `had`'s scopes first; undefined when both are empty. */
export function scopeUnion(had: string | undefined, wanted: string | undefined): string | undefined {
  const all = [...new Set([...scopeList(had), ...scopeList(wanted)])];
  return all.length > 0 ? all.join(" ") : undefined;
}

/** The scopes of `wanted` that `had` lacks. */
export function scopesLacking(had: string | undefined, wanted: string | undefined): string[] {
  const have = new Set(scopeList(had));
  return scopeList(wanted).filter((scope) => !have.has(scope));
}

/** A fetch that reports each 403 insufficient_scope answer to `notice` before the transport reads it. */
export function watchScopeChallenges(notice: (challenge: ScopeChallenge) => void, inner?: FetchLike): FetchLike {
  return async (url, init) => {
    const response = await (inner ?? fetch)(url, init);
    if (response.status === 403) {
      const { error, scope } = extractWWWAuthenticateParams(response);
      if (error === "insufficient_scope") notice(scope ? { scope } : {});
    }
    return response;
  };
}

/**
 * What a 403 insufficient_scope leads to: a needs-auth whose login asks for the
 * union (`wanted`, kept for it); a scope the login already had cannot be got by
 * logging in again, so that is a failure, not a loop.
 */
export function stepUpOutcome(
  had: string | undefined,
  challenge: ScopeChallenge,
): { wanted?: string; error: MiniCcError } {
  const lacking = scopesLacking(had, challenge.scope);
  if (challenge.scope !== undefined && lacking.length === 0) {
    const message = `the server refuses the request for lack of scope "${terminalSafeLine(challenge.scope)}", which this login already has (HTTP 403 insufficient_scope)`;
    return { error: new MiniCcError("auth-failed", message) };
  }
  const wanted = scopeUnion(had, challenge.scope);
  const what = lacking.length > 0 ? `scope "${terminalSafeLine(lacking.join(" "))}"` : "more scope";
  const asks = wanted ? ` (asks for "${terminalSafeLine(wanted)}")` : "";
  return {
    ...(wanted !== undefined ? { wanted } : {}),
    error: new MiniCcError("needs-auth", `the server asks for ${what}: log in again to grant it${asks}`),
  };
}
