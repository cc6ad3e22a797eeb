/**
 * One refresh at a time across mini-cc processes. An authorization server
 * that rotates refresh tokens accepts each one once: two sessions refreshing
 * the same token at once would have one of them rejected (and its login lost).
 * Every refresh-token grant passes through here under a lock beside the OAuth
 * file; whoever gets the lock second finds the token it would send already
 * replaced and takes the stored answer instead of asking again.
 */
import type { FetchLike } from "@modelcontextprotocol/client";
import { withFileLock } from "../../../fs/file-lock.ts";
import type { OAuthStore } from "./token-store.ts";

/** How long a refresh may hold the lock (a token request has a network round trip in it). */
const REFRESH_LOCK_MS = 30_000;

/** `inner` with every refresh-token grant made single-flight for the server `serverUrl`. */
export function singleFlightRefresh(store: OAuthStore, serverUrl: string, inner: FetchLike = fetch): FetchLike {
  return async (url, init) => {
    const sent = refreshTokenIn(init);
    if (sent === undefined) return inner(url, init);
    return withFileLock(
      `${store.file}.refresh`,
      async () => {
        const { tokens, expiresAt } = await store.read(serverUrl);
        if (tokens?.refresh_token !== undefined && tokens.refresh_token !== sent) {
          // Another process refreshed while this one waited: its tokens are the answer.
          const { issuer: _stamp, ...answer } = tokens;
          const left = expiresAt !== undefined ? Math.max(0, Math.round((expiresAt - store.now()) / 1000)) : undefined;
          return Response.json({ ...answer, ...(left !== undefined ? { expires_in: left } : {}) });
        }
        const response = await inner(url, init);
        if (response.ok) await keep(store, serverUrl, sent, response.clone());
        return response;
      },
      { staleMs: REFRESH_LOCK_MS, timeoutMs: REFRESH_LOCK_MS },
    );
  };
}

/** The refresh token a token request sends; undefined for any other request. */
function refreshTokenIn(init: RequestInit | undefined): string | undefined {
  const body = init?.body;
  if (init?.method !== "POST" || !(body instanceof URLSearchParams)) return undefined;
  return body.get("grant_type") === "refresh_token" ? (body.get("refresh_token") ?? undefined) : undefined;
}

/** The new tokens stored before the lock is let go, so the next process finds them. */
async function keep(store: OAuthStore, serverUrl: string, sent: string, response: Response): Promise<void> {
  const answer = (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined;
  if (typeof answer?.access_token !== "string") return;
  const expiresIn = typeof answer.expires_in === "number" ? answer.expires_in : undefined;
  await store.update(serverUrl, (record) => ({
    ...record,
    tokens: {
      ...(record.tokens?.issuer !== undefined ? { issuer: record.tokens.issuer } : {}),
      refresh_token: sent,
      ...(answer as { access_token: string; token_type: string }),
    },
    expiresAt: expiresIn !== undefined ? store.now() + expiresIn * 1000 : undefined,
  }));
}
