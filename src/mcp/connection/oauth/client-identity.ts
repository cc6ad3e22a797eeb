/**
 * How mini-cc is known to a server's authorization server, one of four ways:
 * - a client ID metadata document (`oauth.clientMetadataUrl`, SEP-991): its
 *   https URL is the client_id wherever the authorization server advertises
 *   `client_id_metadata_document_supported`; preferred over registering;
 * - pre-registered: the entry's `oauth.clientId` (with a secret or not);
 * - client credentials: a machine client (`grantType: "client_credentials"`)
 *   authenticated by its secret or by a JWT signed with its private key;
 * - dynamic registration (deprecated by MCP 2026-07-28, the fallback).
 * A registered client is kept per issuer (SEP-2352): it is never presented to
 * another authorization server, which gets a registration of its own.
 */
import type { OAuthClientMetadata, StoredOAuthClientInformation } from "@modelcontextprotocol/client";
import type { OAuthClientEntry } from "../../../config/types.ts";
import { isClientMetadataUrl } from "../../../config/schema.ts";
import { MiniCcError } from "../../../errors.ts";
import { terminalSafeLine } from "../../../text/terminal-safe.ts";
import type { ServerCredentials } from "./token-store.ts";

export type AuthMethod = "metadata document" | "pre-registered" | "client credentials" | "dynamic registration";

/** What a client registered earlier looks like in the OAuth file. */
type StoredClient = Readonly<Record<string, unknown>>;

/** The way the entry makes mini-cc known (the metadata document's only where the AS supports them: see `known`). */
export function authMethodOf(client: OAuthClientEntry | undefined): AuthMethod {
  if (client?.grantType === "client_credentials") return "client credentials";
  if (client?.clientId !== undefined) return "pre-registered";
  if (client?.clientMetadataUrl !== undefined) return "metadata document";
  return "dynamic registration";
}

/** How the client was known the last time, from what the OAuth file keeps for its issuer. */
export function knownAs(client: OAuthClientEntry | undefined, record: ServerCredentials): AuthMethod {
  const method = authMethodOf(client);
  if (method !== "metadata document") return method;
  // The authorization server did not support metadata documents: mini-cc registered instead.
  const stored = record.issuer !== undefined ? clientAt(record, record.issuer) : undefined;
  return stored && stored.client_id !== client?.clientMetadataUrl ? "dynamic registration" : method;
}

/** Issuers compared as the SDK does (RFC 8414 §3.3's one tolerance: a trailing "/"). */
export function sameIssuer(a: string, b: string): boolean {
  return a === b || a === `${b}/` || b === `${a}/`;
}

/** The client registered at `issuer`, unless it was named by a metadata document the entry no longer names. */
export function clientAt(record: ServerCredentials, issuer: string, metadataUrl?: string): StoredClient | undefined {
  const found = Object.entries(record.clients ?? {}).find(([at]) => sameIssuer(at, issuer))?.[1];
  const id = found?.client_id;
  const byDocument = typeof id === "string" && id.startsWith("https://") && !("redirect_uris" in (found ?? {}));
  return byDocument && id !== metadataUrl ? undefined : found;
}

/** The record with `client` kept for `issuer` (its stamp, the SDK's, dropped: the key says it). */
export function withClientAt(record: ServerCredentials, issuer: string, client: StoredClient): ServerCredentials {
  const { issuer: _stamp, ...rest } = client;
  const others = Object.entries(record.clients ?? {}).filter(([at]) => !sameIssuer(at, issuer));
  return { ...record, clients: Object.fromEntries([...others, [issuer, rest]]) };
}

/** The record without the client registered at `issuer`. */
export function withoutClientAt(record: ServerCredentials, issuer: string | undefined): ServerCredentials {
  if (issuer === undefined) return { ...record, clients: undefined };
  const others = Object.entries(record.clients ?? {}).filter(([at]) => !sameIssuer(at, issuer));
  return { ...record, clients: others.length > 0 ? Object.fromEntries(others) : undefined };
}

/** The port of the loopback redirect the client registered at the last issuer names; 0 when none. */
export function registeredCallbackPort(record: ServerCredentials): number {
  const client = record.issuer !== undefined ? clientAt(record, record.issuer) : undefined;
  const uris = client?.redirect_uris;
  const first = Array.isArray(uris) ? uris[0] : undefined;
  return typeof first === "string" && URL.canParse(first) ? Number(new URL(first).port) : 0;
}

/** What a registration (or a metadata document) says of mini-cc; a machine client has no redirect. */
export function clientMetadataFor(client: OAuthClientEntry | undefined, redirectUrl: string): OAuthClientMetadata {
  if (client?.grantType === "client_credentials")
    return {
      client_name: "mini-cc",
      redirect_uris: [],
      grant_types: ["client_credentials"],
      token_endpoint_auth_method: client.privateKeyFile ? "private_key_jwt" : "client_secret_basic",
    };
  return {
    client_name: "mini-cc",
    redirect_uris: [redirectUrl],
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
    token_endpoint_auth_method: "none",
    // A loopback redirect: a native application (RFC 8252; SEP-837 makes it a MUST).
    application_type: "native",
  };
}

/** The entry's client, with its secret: the entry's, or one typed at `mcp add --client-secret` and kept in the OAuth file. */
export function preRegistered(client: OAuthClientEntry, record: ServerCredentials): StoredOAuthClientInformation {
  const clientId = client.clientId ?? "";
  const kept = client.clientSecret ? undefined : record.clientSecret;
  const secret = client.clientSecret || (kept?.clientId === clientId ? kept.secret : undefined);
  return { client_id: clientId, ...(secret ? { client_secret: secret } : {}) };
}

/** Why the (expanded) metadata document URL cannot be a client_id; undefined when it can, or there is none. */
export function metadataUrlProblem(url: string | undefined): string | undefined {
  if (url === undefined || isClientMetadataUrl(url)) return undefined;
  const shown = JSON.stringify(terminalSafeLine(url.slice(0, 200)));
  return `oauth.clientMetadataUrl must be an https:// URL with a path (a client ID metadata document), got ${shown}`;
}

/** The needs-auth of tokens `granted` by an issuer the server no longer names; undefined when it still does. */
export function movedIssuerError(granted: string | undefined, issuer: string): MiniCcError | undefined {
  if (granted === undefined || sameIssuer(granted, issuer)) return undefined;
  const shown = terminalSafeLine(issuer).slice(0, 200);
  return new MiniCcError("needs-auth", `the server now names another authorization server (${shown}): log in again`);
}
