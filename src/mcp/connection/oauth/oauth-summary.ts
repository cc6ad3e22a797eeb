/**
 * How a remote server authenticates, as `mcp get` and the MCP panel's opened
 * server say it: the way mini-cc is known to the authorization server, its
 * issuer, the scopes granted and when the access token expires. Never a
 * token or a secret; a server's text (issuer, scopes) made terminal-safe.
 */
import type { OAuthClientEntry } from "../../../config/types.ts";
import { terminalSafeLine } from "../../../text/terminal-safe.ts";
import { knownAs } from "./client-identity.ts";
import type { ServerCredentials } from "./token-store.ts";

/** `[label, value]` rows; none when the server has no OAuth at all (no entry oauth, nothing stored). */
export function oauthSummary(
  client: OAuthClientEntry | undefined,
  record: ServerCredentials,
  now: number,
): Array<[string, string]> {
  const known = client !== undefined || record.tokens !== undefined || record.clients !== undefined;
  if (!known) return [];
  const rows: Array<[string, string]> = [["OAuth", loginState(client, record, now)]];
  rows.push(["Authenticates", authenticatesAs(client, record)]);
  const issuer = record.tokens?.issuer ?? record.issuer;
  if (issuer !== undefined) rows.push(["Issuer", terminalSafeLine(issuer)]);
  if (record.tokens && record.scope) rows.push(["Scopes", terminalSafeLine(record.scope)]);
  return rows;
}

/** `logged in, expires 2026-…`, `not logged in`, `token fetched on connect`. */
function loginState(client: OAuthClientEntry | undefined, record: ServerCredentials, now: number): string {
  const machine = client?.grantType === "client_credentials";
  if (!record.tokens) return machine ? "no token yet (fetched on connect, no login)" : "not logged in";
  if (record.expiresAt === undefined) return "logged in";
  const expiry = new Date(record.expiresAt).toISOString();
  if (record.expiresAt > now) return `logged in, expires ${expiry}`;
  const again = machine ? " (fetched again on connect)" : record.tokens.refresh_token ? " (will refresh)" : "";
  return `logged in, access token expired ${expiry}${again}`;
}

/** `dynamic registration`, `metadata document https://…`, `pre-registered client app`, `client credentials (private_key_jwt ES256)`. */
function authenticatesAs(client: OAuthClientEntry | undefined, record: ServerCredentials): string {
  const method = knownAs(client, record);
  if (method === "metadata document") return `metadata document ${client?.clientMetadataUrl ?? ""}`;
  if (method === "pre-registered") return `pre-registered client ${client?.clientId ?? ""}`;
  if (method === "client credentials") {
    const how = client?.privateKeyFile ? `private_key_jwt ${client.signingAlgorithm ?? ""}`.trim() : "client secret";
    return `client credentials, client ${client?.clientId ?? ""} (${how})`;
  }
  return "dynamic registration";
}
