/**
 * The v2 SDK's OAuthClientProvider over the OAuth file (token-store.ts), for one
 * remote server: the SDK does the protocol (discovery, registration, PKCE,
 * refresh, `resource`, issuer checks) and asks this for what to keep. Two uses:
 * - connecting (`login` absent): stored tokens are sent and refreshed; when
 *   the server wants a login nobody can give here, the attempt ends with a
 *   MiniCcError "needs-auth", never a registration or a browser;
 * - `mcp login` (`login` given): registers when needed and hands the
 *   authorization URL to `login.open`.
 * How the client is known (client-identity.ts): a metadata document, a
 * pre-registered or a machine client, or one registered per issuer.
 * A 403 insufficient_scope (scope-step-up.ts) turns into a needs-auth whose
 * login asks for the union of the old and the required scopes.
 * `step` says where a login got to, so its failure names the step.
 */
import { randomBytes } from "../../../on-demand-crypto.ts";
import type {
  AddClientAuthentication,
  FetchLike,
  OAuthClientInformationContext,
  OAuthClientMetadata,
  OAuthClientProvider,
  OAuthDiscoveryState,
  StoredOAuthClientInformation,
  StoredOAuthTokens,
} from "@modelcontextprotocol/client";
import type { OAuthClientEntry } from "../../../config/types.ts";
import { MiniCcError } from "../../../errors.ts";
import { openableUrl } from "../../open-url.ts";
import type { OAuthStore, ServerCredentials } from "./token-store.ts";
import { stepUpOutcome, watchScopeChallenges, type ScopeChallenge } from "./scope-step-up.ts";
import {
  clientAt,
  clientMetadataFor,
  metadataUrlProblem,
  movedIssuerError,
  preRegistered,
  sameIssuer,
  withClientAt,
  withoutClientAt,
} from "./client-identity.ts";
import { privateKeyJwt } from "./private-key-jwt.ts";
import { singleFlightRefresh } from "./single-flight-refresh.ts";

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
  /**
   * What discovery found, for this connect or login only: a server whose metadata
   * now names another authorization server is seen at its next discovery.
   */
  #discovery: OAuthDiscoveryState | undefined;
  /** The issuer of the authorization server discovery found (the SDK's context). */
  #issuer: string | undefined;
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
    return clientMetadataFor(this.#options.client, this.redirectUrl ?? loopbackRedirect(0));
  }

  /** A machine client with a private key signs a JWT for each token request (`private_key_jwt`). */
  get addClientAuthentication(): AddClientAuthentication | undefined {
    const client = this.#options.client;
    if (!this.#machine || !client?.privateKeyFile || !client.clientId) return undefined;
    return privateKeyJwt(client.clientId, client.privateKeyFile, client.signingAlgorithm);
  }

  /** The state this login sent; the callback must bring it back. */
  get sentState(): string | undefined {
    return this.#state;
  }

  state(): string {
    this.#state = randomBytes(16).toString("base64url");
    return this.#state;
  }

  async clientInformation(context?: OAuthClientInformationContext): Promise<StoredOAuthClientInformation | undefined> {
    const issuer = context?.issuer ?? this.#issuer;
    if (issuer !== undefined) await this.#checkIssuer(issuer);
    const client = this.#options.client;
    const information = client?.clientId !== undefined ? preRegistered(client, await this.#read()) : undefined;
    const registered = issuer !== undefined ? clientAt(await this.#read(), issuer, this.clientMetadataUrl) : undefined;
    const found = information ?? (registered as StoredOAuthClientInformation | undefined);
    if (this.#machine && !found?.client_secret && !client?.privateKeyFile) {
      throw new MiniCcError(
        "auth-failed",
        'the "client_credentials" grant needs the client\'s secret or private key: `mcp add … --client-id ID --client-secret` (or --client-key-file PEM --client-key-alg ALG)',
      );
    }
    // Discovery is done once the SDK asks for the client: next it registers one, or goes on to authorize.
    if (this.step === "discovery") this.step = found ? "authorization" : "client registration";
    return found && issuer !== undefined ? { ...found, issuer } : found;
  }

  async saveClientInformation(
    information: StoredOAuthClientInformation,
    context?: OAuthClientInformationContext,
  ): Promise<void> {
    // A pre-registered client lives in the entry; its secret is not copied here.
    if (this.#options.client?.clientId !== undefined) return;
    const issuer = context?.issuer ?? information.issuer ?? this.#issuer;
    if (issuer === undefined) return;
    const client = information as unknown as Record<string, unknown>;
    await this.#save((record) => ({ ...withClientAt(record, issuer, client), issuer }));
  }

  async tokens(context?: OAuthClientInformationContext): Promise<StoredOAuthTokens | undefined> {
    const stored = (await this.#read()).tokens as StoredOAuthTokens | undefined;
    if (!stored) return undefined;
    const issuer = context?.issuer;
    // Tokens go back only to the authorization server that granted them (a login before the stamp: the first one asked).
    if (issuer !== undefined && stored.issuer !== undefined && !sameIssuer(stored.issuer, issuer)) return undefined;
    const tokens = issuer !== undefined && stored.issuer === undefined ? { ...stored, issuer } : stored;
    // A step-up needs a new authorization: refreshing would bring back the same scope.
    if (this.#challenge && tokens.refresh_token) {
      const { refresh_token: _dropped, ...rest } = tokens;
      return rest;
    }
    return tokens;
  }

  async saveTokens(tokens: StoredOAuthTokens, context?: OAuthClientInformationContext): Promise<void> {
    if (this.#machine && tokens.refresh_token !== undefined) {
      // RFC 6749 §4.4.3: no refresh token for the client-credentials grant; one is a server to distrust.
      throw new MiniCcError(
        "auth-failed",
        'the token endpoint answered the "client_credentials" grant with a "refresh_token", which it must not (RFC 6749 §4.4.3); not kept',
      );
    }
    const expiresAt =
      tokens.expires_in !== undefined ? this.#options.store.now() + tokens.expires_in * 1000 : undefined;
    const asked = this.#machine ? { scope: this.clientMetadata.scope } : this.#asked;
    const issuer = context?.issuer ?? tokens.issuer;
    // A refresh keeps the scope the login had; a new authorization's tokens have what they were granted, and answer a step-up.
    await this.#save((record) => {
      const scope = tokens.scope ?? (asked ? asked.scope : record.scope);
      return {
        ...record,
        tokens: { ...tokens, ...(issuer !== undefined ? { issuer } : {}) },
        expiresAt,
        scope,
        ...(issuer !== undefined ? { issuer } : {}),
        ...(asked ? { stepUpScope: undefined } : {}),
      };
    });
  }

  /** The transport's fetch, watched for 403 insufficient_scope (a scope step-up), its refreshes single-flight. */
  watchFetch(inner?: FetchLike): FetchLike {
    const refreshing = singleFlightRefresh(this.#options.store, this.#options.serverUrl, inner);
    return watchScopeChallenges((challenge) => (this.#challenge = challenge), refreshing);
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
    if (scope === "all" || scope === "discovery") this.#discovery = undefined;
    if (scope === "discovery") return;
    if ((scope === "all" || scope === "tokens") && (await this.#read()).tokens) this.#tokensRejected = true;
    await this.#save((record) => ({
      ...(scope === "all" || scope === "client" ? withoutClientAt(record, this.#issuer) : record),
      ...(scope === "all" || scope === "tokens" ? { tokens: undefined, expiresAt: undefined } : {}),
    }));
  }

  async discoveryState(): Promise<OAuthDiscoveryState | undefined> {
    // Checked again once expanded: a ${VAR} in the entry may bring anything.
    const problem = metadataUrlProblem(this.clientMetadataUrl);
    if (problem) throw new MiniCcError("auth-failed", problem);
    const record = await this.#read();
    // The SDK's auth flow starts here: a connect without tokens stops before any discovery or registration (a machine client needs no one).
    if (!this.#options.login && !this.#machine && !record.tokens) throw this.#needsAuth();
    return this.#discovery;
  }

  saveDiscoveryState(state: OAuthDiscoveryState): void {
    this.#discovery = state;
    this.#issuer = state.authorizationServerMetadata?.issuer ?? state.authorizationServerUrl;
  }

  /** A connect whose tokens another authorization server granted: only a login can go on (and registers there). */
  async #checkIssuer(issuer: string): Promise<void> {
    this.#issuer = issuer;
    if (this.#options.login || this.#machine) return;
    const moved = movedIssuerError((await this.#read()).tokens?.issuer, issuer);
    if (moved) throw moved;
  }

  /** The server wants scope the tokens lack: the next login asks for both (kept in the OAuth file). */
  async #stepUp(challenge: ScopeChallenge): Promise<never> {
    const { wanted, error } = stepUpOutcome((await this.#read()).scope, challenge);
    if (wanted !== undefined) await this.#save((record) => ({ ...record, stepUpScope: wanted }));
    throw error;
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
