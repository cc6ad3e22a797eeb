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
 * The entry's `oauth` may name a client ID metadata document (its URL is the
 * client_id where the authorization server supports them, SEP-991), or ask
 * for the client-credentials grant: a machine client whose token comes from
 * its ID and secret, with no browser, on every connect alike.
 * A 403 insufficient_scope (scope-step-up.ts) turns into a needs-auth whose
 * login asks for the union of the old and the required scopes.
 * `step` says where a login got to, so its failure names the step.
 */
import { randomBytes } from "node:crypto";
import type { OAuthClientProvider, OAuthDiscoveryState } from "@modelcontextprotocol/sdk/client/auth.js";
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import type { OAuthClientEntry } from "../../../config/types.ts";
import { MiniCcError } from "../../../errors.ts";
import { openableUrl } from "../../open-url.ts";
import type { OAuthStore, ServerCredentials } from "./token-store.ts";
import { isClientMetadataUrl } from "../../../config/schema.ts";
import { scopesLacking, scopeUnion, watchScopeChallenges, type ScopeChallenge } from "./scope-step-up.ts";
import type { FetchLike } from "@modelcontextprotocol/sdk/shared/transport.js";

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
  /** A 403 insufficient_scope seen on this connection, not yet answered. */
  #challenge: ScopeChallenge | undefined;
  /** This login's authorization request: the scope it asked for. */
  #asked: { scope: string | undefined } | undefined;
  step: LoginStep = "discovery";

  constructor(options: StoredOAuthProviderOptions) {
    this.#options = options;
  }

  /** The client-credentials grant: no user, no browser, no redirect. */
  get #machine(): boolean {
    return this.#options.client?.grantType === "client_credentials";
  }

  get redirectUrl(): string | undefined {
    // No redirect URL is how the SDK knows to fetch the token directly (prepareTokenRequest).
    if (this.#machine) return undefined;
    if (this.#options.login) return this.#options.login.redirectUrl;
    // Only the authorization request uses it, and a connect never makes one; a value keeps the SDK interactive.
    return loopbackRedirect(this.#options.client?.callbackPort ?? 0);
  }

  /** The client ID metadata document the entry names (the SDK uses it where the authorization server supports them). */
  get clientMetadataUrl(): string | undefined {
    return this.#options.client?.clientMetadataUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    if (this.#machine)
      return {
        client_name: "mini-cc",
        redirect_uris: [],
        grant_types: ["client_credentials"],
        token_endpoint_auth_method: "client_secret_basic",
      };
    return {
      client_name: "mini-cc",
      redirect_uris: [this.redirectUrl ?? loopbackRedirect(0)],
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
    const clientId = this.#options.client?.clientId;
    const information = clientId !== undefined ? await this.#preRegistered(clientId) : await this.#registered();
    if (this.#machine && !information?.client_secret) {
      throw new MiniCcError(
        "auth-failed",
        'the "client_credentials" grant needs the client\'s secret: `mcp add … --client-id ID --client-secret`, or "clientSecret": "${VAR}" in oauth',
      );
    }
    // Discovery is done once the SDK asks for the client: next it registers one, or goes on to authorize.
    if (this.step === "discovery") this.step = information ? "authorization" : "client registration";
    return information;
  }

  /** The entry's client, with its secret: the entry's, or one typed at `mcp add --client-secret` and kept in the OAuth file. */
  async #preRegistered(clientId: string): Promise<OAuthClientInformationMixed> {
    const own = this.#options.client?.clientSecret;
    const kept = own ? undefined : (await this.#read()).clientSecret;
    const secret = own || (kept?.clientId === clientId ? kept.secret : undefined);
    return { client_id: clientId, ...(secret ? { client_secret: secret } : {}) };
  }

  /** The client registered (or named by a metadata document) earlier; not one named by a document the entry no longer names. */
  async #registered(): Promise<OAuthClientInformationMixed | undefined> {
    const stored = (await this.#read()).client as OAuthClientInformationMixed | undefined;
    const id = stored?.client_id;
    const byDocument = typeof id === "string" && id.startsWith("https://") && !("redirect_uris" in (stored ?? {}));
    return byDocument && id !== this.clientMetadataUrl ? undefined : stored;
  }

  async saveClientInformation(information: OAuthClientInformationMixed): Promise<void> {
    // A pre-registered client lives in the entry; its secret is not copied here.
    if (this.#options.client?.clientId !== undefined) return;
    await this.#save((record) => ({ ...record, client: information as unknown as Record<string, unknown> }));
  }

  async tokens(): Promise<OAuthTokens | undefined> {
    const tokens = (await this.#read()).tokens as OAuthTokens | undefined;
    // A step-up needs a new authorization: refreshing would bring back the same scope.
    if (this.#challenge && tokens?.refresh_token) {
      const { refresh_token: _dropped, ...rest } = tokens;
      return rest;
    }
    return tokens;
  }

  async saveTokens(tokens: OAuthTokens): Promise<void> {
    const expiresAt =
      tokens.expires_in !== undefined ? this.#options.store.now() + tokens.expires_in * 1000 : undefined;
    const asked = this.#machine ? { scope: this.clientMetadata.scope } : this.#asked;
    // A refresh keeps the scope the login had; a new authorization's tokens have what they were granted, and answer a step-up.
    await this.#save((record) => {
      const scope = tokens.scope ?? (asked ? asked.scope : record.scope);
      return { ...record, tokens, expiresAt, scope, ...(asked ? { stepUpScope: undefined } : {}) };
    });
  }

  /** The transport's fetch, watched for 403 insufficient_scope (a scope step-up). */
  watchFetch(inner?: FetchLike): FetchLike {
    return watchScopeChallenges((challenge) => (this.#challenge = challenge), inner);
  }

  async redirectToAuthorization(authorizationUrl: URL): Promise<void> {
    const { login } = this.#options;
    if (this.#challenge) await this.#stepUp(this.#challenge);
    if (!login) throw this.#needsAuth();
    this.step = "authorization";
    this.#asked = { scope: authorizationUrl.searchParams.get("scope") ?? undefined };
    // Built from the metadata's authorization_endpoint: a server must not get anything but a web page opened.
    const check = openableUrl(authorizationUrl.href);
    if (!check.ok)
      throw new MiniCcError("auth-failed", `the authorization server's authorization_endpoint ${check.reason}`);
    await login.open(authorizationUrl);
  }

  /** The client-credentials grant's token request (the SDK adds the client's authentication and the resource). */
  prepareTokenRequest(scope?: string): URLSearchParams | undefined {
    if (!this.#machine) return undefined;
    this.step = "token exchange";
    return new URLSearchParams({ grant_type: "client_credentials", ...(scope ? { scope } : {}) });
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
    const document = this.clientMetadataUrl;
    // Checked again once expanded: a ${VAR} in the entry may bring anything.
    if (document !== undefined && !isClientMetadataUrl(document)) {
      throw new MiniCcError(
        "auth-failed",
        `oauth.clientMetadataUrl must be an https:// URL with a path (a client ID metadata document), got ${JSON.stringify(document.slice(0, 200))}`,
      );
    }
    const record = await this.#read();
    // The SDK's auth flow starts here: a connect without tokens stops before any discovery or registration (a machine client needs no one).
    if (!this.#options.login && !this.#machine && !record.tokens) throw this.#needsAuth();
    return record.discovery as OAuthDiscoveryState | undefined;
  }

  async saveDiscoveryState(state: OAuthDiscoveryState): Promise<void> {
    await this.#save((record) => ({ ...record, discovery: state as unknown as Record<string, unknown> }));
  }

  /**
   * The server wants scope the tokens lack: the next login asks for both (kept in the OAuth file);
   * a scope the login already had cannot be got by logging in again, so that is a failure, not a loop.
   */
  async #stepUp(challenge: ScopeChallenge): Promise<never> {
    const had = (await this.#read()).scope;
    const lacking = scopesLacking(had, challenge.scope);
    if (challenge.scope !== undefined && lacking.length === 0) {
      throw new MiniCcError(
        "auth-failed",
        `the server refuses the request for lack of scope "${challenge.scope}", which this login already has (HTTP 403 insufficient_scope)`,
      );
    }
    const wanted = scopeUnion(had, challenge.scope);
    await this.#save((record) => ({ ...record, ...(wanted !== undefined ? { stepUpScope: wanted } : {}) }));
    const what = lacking.length > 0 ? `scope "${lacking.join(" ")}"` : "more scope";
    throw new MiniCcError(
      "needs-auth",
      `the server asks for ${what}: log in again to grant it${wanted ? ` (asks for "${wanted}")` : ""}`,
    );
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
