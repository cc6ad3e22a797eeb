/**
 * The SDK's OAuthClientProvider over the OAuth file (token-store.ts), for one
 * remote server. The SDK's transports do the protocol — RFC 9728 discovery
 * from a 401's WWW-Authenticate, authorization-server metadata, dynamic
 * registration, PKCE, refresh, the `resource` parameter — and ask this for
 * what to keep. Two uses:
 * - connecting (`login` absent): stored tokens are sent and refreshed; when
 *   the server wants a login nobody can give here, the attempt ends with a
 *   MiniCcError "needs-auth", never a registration or a browser;
 * - `mcp login` (`login` given): registers when needed and hands the
 *   authorization URL to `login.open`.
 * `step` says where a login got to, so its failure names the step.
 */
import { randomBytes } from "node:crypto";
import type { OAuthClientProvider, OAuthDiscoveryState } from "@modelcontextprotocol/sdk/client/auth.js";
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import type { OAuthClientEntry } from "../../../config/types.ts";
import { MiniCcError } from "../../../errors.ts";
import { openableUrl } from "../../open-url.ts";
import type { OAuthStore, ServerCredentials } from "./token-store.ts";

/** Where a login is; a failure is reported as "NAME: <step> failed: …". */
export type LoginStep = "discovery" | "client registration" | "authorization" | "token exchange";

/** What a login adds to the provider. */
export interface LoginMode {
  /** The loopback callback this login listens on. */
  readonly redirectUrl: string;
  /** Shows and opens the authorization URL. */
  readonly open: (url: URL) => void | Promise<void>;
}

export interface StoredOAuthProviderOptions {
  readonly store: OAuthStore;
  /** The server URL as it will be used (expanded): the file's key. */
  readonly serverUrl: string;
  /** A pre-registered client from the entry. */
  readonly client?: OAuthClientEntry;
  readonly login?: LoginMode;
}

/** The loopback redirect for a port (0 until a login picks one). */
export function loopbackRedirect(port: number): string {
  return `http://127.0.0.1:${port}/callback`;
}

export class StoredOAuthProvider implements OAuthClientProvider {
  readonly #options: StoredOAuthProviderOptions;
  /** Read once per provider (one connect or one login): tokens() is asked before every request. */
  #record: ServerCredentials | undefined;
  #verifier: string | undefined;
  #state: string | undefined;
  /** Tokens were stored but got rejected (refresh failed): the reason says the login expired. */
  #tokensRejected = false;
  step: LoginStep = "discovery";

  constructor(options: StoredOAuthProviderOptions) {
    this.#options = options;
  }

  get redirectUrl(): string {
    if (this.#options.login) return this.#options.login.redirectUrl;
    // Only the authorization request uses it, and a connect never makes one; a value keeps the SDK interactive.
    return loopbackRedirect(this.#options.client?.callbackPort ?? 0);
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: "mini-cc",
      redirect_uris: [this.redirectUrl],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  }

  /** The state this login sent; the callback must bring it back. */
  get sentState(): string | undefined {
    return this.#state;
  }

  state(): string {
    this.#state = randomBytes(16).toString("base64url");
    return this.#state;
  }

  async clientInformation(): Promise<OAuthClientInformationMixed | undefined> {
    const { client } = this.#options;
    // A secret the entry leaves out may have been typed at `mcp add --client-secret` and kept in the OAuth file.
    const kept = client && !client.clientSecret ? (await this.#read()).clientSecret : undefined;
    const secret = client?.clientSecret ?? (kept?.clientId === client?.clientId ? kept?.secret : undefined);
    const information: OAuthClientInformationMixed | undefined = client
      ? { client_id: client.clientId, ...(secret ? { client_secret: secret } : {}) }
      : ((await this.#read()).client as OAuthClientInformationMixed | undefined);
    // Discovery is done once the SDK asks for the client: next it registers one, or goes on to authorize.
    if (this.step === "discovery") this.step = information ? "authorization" : "client registration";
    return information;
  }

  async saveClientInformation(information: OAuthClientInformationMixed): Promise<void> {
    // A pre-registered client lives in the entry; its secret is not copied here.
    if (this.#options.client) return;
    await this.#save((record) => ({ ...record, client: information as unknown as Record<string, unknown> }));
  }

  async tokens(): Promise<OAuthTokens | undefined> {
    return (await this.#read()).tokens as OAuthTokens | undefined;
  }

  async saveTokens(tokens: OAuthTokens): Promise<void> {
    const expiresAt = tokens.expires_in !== undefined ? this.#options.store.now() + tokens.expires_in * 1000 : undefined;
    await this.#save((record) => ({ ...record, tokens, expiresAt }));
  }

  async redirectToAuthorization(authorizationUrl: URL): Promise<void> {
    const { login } = this.#options;
    if (!login) throw this.#needsAuth();
    this.step = "authorization";
    // Built from the metadata's authorization_endpoint: a server must not get anything but a web page opened.
    const check = openableUrl(authorizationUrl.href);
    if (!check.ok) throw new MiniCcError("auth-failed", `the authorization server's authorization_endpoint ${check.reason}`);
    await login.open(authorizationUrl);
  }

  saveCodeVerifier(codeVerifier: string): void {
    this.#verifier = codeVerifier;
  }

  codeVerifier(): string {
    if (this.#verifier === undefined) throw new Error("no PKCE code verifier: the login did not start here");
    return this.#verifier;
  }

  async invalidateCredentials(scope: "all" | "client" | "tokens" | "verifier" | "discovery"): Promise<void> {
    if (scope === "verifier") return void (this.#verifier = undefined);
    if ((scope === "all" || scope === "tokens") && (await this.#read()).tokens) this.#tokensRejected = true;
    await this.#save((record) => ({
      ...record,
      ...(scope === "all" || scope === "client" ? { client: undefined } : {}),
      ...(scope === "all" || scope === "tokens" ? { tokens: undefined, expiresAt: undefined } : {}),
      ...(scope === "all" || scope === "discovery" ? { discovery: undefined } : {}),
    }));
  }

  async discoveryState(): Promise<OAuthDiscoveryState | undefined> {
    const record = await this.#read();
    // The SDK's auth flow starts here: a connect without tokens stops before any discovery or registration.
    if (!this.#options.login && !record.tokens) throw this.#needsAuth();
    return record.discovery as OAuthDiscoveryState | undefined;
  }

  async saveDiscoveryState(state: OAuthDiscoveryState): Promise<void> {
    await this.#save((record) => ({ ...record, discovery: state as unknown as Record<string, unknown> }));
  }

  #needsAuth(): MiniCcError {
    const moved = this.#options.store.movedAside;
    let reason = "not logged in";
    if (this.#tokensRejected || this.#record?.tokens) reason = "login expired";
    else if (moved) reason = `token file was unreadable, moved to ${moved}`;
    return new MiniCcError("needs-auth", reason);
  }

  async #read(): Promise<ServerCredentials> {
    this.#record ??= await this.#options.store.read(this.#options.serverUrl);
    return this.#record;
  }

  async #save(change: (record: ServerCredentials) => ServerCredentials): Promise<void> {
    let saved: ServerCredentials = {};
    await this.#options.store.update(this.#options.serverUrl, (current) => (saved = change(current)));
    this.#record = saved;
  }
}
