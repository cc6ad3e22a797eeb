/**
 * What the SDK's OAuth errors say, put for a user: the field and the rule,
 * never an authorization server's text raw. In a mix-up attack the
 * authorization response's `iss` (and its error text) is the attacker's, so it
 * is not shown at all; other text from a server is made terminal-safe and cut.
 */
import {
  AuthorizationServerMismatchError,
  IssuerMismatchError,
  RegistrationRejectedError,
} from "@modelcontextprotocol/client";
import { describeError, isMiniCcError } from "../../../errors.ts";
import { terminalSafeLine } from "../../../text/terminal-safe.ts";

/** The longest piece of a server's text an error repeats. */
const SHOWN = 300;

export function describeAuthError(error: unknown): string {
  if (isMiniCcError(error)) return error.message;
  if (IssuerMismatchError.isInstance(error)) {
    const expected = JSON.stringify(shown(error.expected ?? ""));
    if (error.kind === "metadata")
      return `the authorization server metadata's "issuer" is not ${expected}, where it was fetched from (RFC 8414 §3.3): refused`;
    return error.received === undefined
      ? `the authorization response has no "iss" though the authorization server advertises it (RFC 9207): the code was not redeemed`
      : `the authorization response's "iss" is not the authorization server's issuer ${expected} (RFC 9207): the code was not redeemed`;
  }
  if (AuthorizationServerMismatchError.isInstance(error))
    return "the server named another authorization server during the login: log in again";
  if (RegistrationRejectedError.isInstance(error))
    return `the authorization server refused the registration (HTTP ${error.status}): ${shown(oauthErrorText(error.body))}`;
  if (error instanceof SyntaxError) return "an answer from the authorization server is not JSON (an HTML page?)";
  return shown(describeError(error));
}

function shown(text: string): string {
  const safe = terminalSafeLine(text);
  return safe.length > SHOWN ? `${safe.slice(0, SHOWN)}…` : safe;
}

/** An RFC 6749 error body's `error (error_description)`, else the body. */
function oauthErrorText(body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: unknown; error_description?: unknown };
    if (typeof parsed.error === "string")
      return typeof parsed.error_description === "string"
        ? `${parsed.error}: ${parsed.error_description}`
        : parsed.error;
  } catch {}
  return body;
}
