/**
 * The OAuth file, `<home>/mcp-oauth.json`: per remote server URL, its client
 * registration, its tokens (with when the access token expires) and what
 * discovery found. The user's alone (0600, in the 0700 home), written
 * atomically under a lock and merged, so a `mcp login` in one terminal and a
 * session in another lose nothing. Secrets live here only: never in
 * `.mcp.json`, a log or any output. A file that is not ours to read is moved
 * aside with a warning (its servers then need a login again), never
 * overwritten (src/fs/home-json-file.ts).
 */
import type { Clock } from "../../../clock.ts";
import { HomeJsonFile } from "../../../fs/home-json-file.ts";
import { isJsonObject as isObject } from "../../../fs/json-path.ts";

/** Tokens as the authorization server sent them (the SDK's OAuthTokens), plus the issuer the SDK stamps. */
export interface StoredTokens {
  readonly issuer?: string;
  readonly access_token: string;
  readonly token_type: string;
  readonly expires_in?: number;
  readonly refresh_token?: string;
  readonly scope?: string;
  readonly [key: string]: unknown;
}

/** What the file keeps for one server URL. */
export interface ServerCredentials {
  /**
   * The clients registered (dynamically, or named by a metadata document) by the
   * authorization server's issuer: one is never presented to another issuer (SEP-2352).
   */
  readonly clients?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  /** The issuer of the authorization server the server named last (what `mcp get` shows). */
  readonly issuer?: string;
  /** Tokens with the issuer that granted them (the SDK's stamp): never sent to another. */
  readonly tokens?: StoredTokens;
  /** When the access token expires (ms since the epoch); absent when the server did not say. */
  readonly expiresAt?: number;
  /** The scope the stored tokens were granted (the token response's, else the one asked for). */
  readonly scope?: string;
  /**
   * What the next login must ask for: a 403 insufficient_scope named a scope the
   * tokens lack, and a login asks for it with the scope they had (a step-up).
   */
  readonly stepUpScope?: string;
  /** A pre-registered client's secret typed at `mcp add --client-secret` (kept here, never in the config file). */
  readonly clientSecret?: { readonly clientId: string; readonly secret: string };
}

type Servers = Record<string, ServerCredentials>;
type Doc = { version: 1; servers: Servers };

export interface OAuthStoreOptions {
  /** Usually `HomePaths.oauth`. */
  readonly file: string;
  readonly clock: Clock;
  /** Told when a corrupt file is moved aside. */
  readonly warn: (message: string) => void;
}

/** Credentials by server URL; reads go to the file every time (another process may have logged in). */
export class OAuthStore {
  readonly #options: OAuthStoreOptions;
  readonly #file: HomeJsonFile<Doc>;

  constructor(options: OAuthStoreOptions) {
    this.#options = options;
    this.#file = new HomeJsonFile<Doc>({
      ...options,
      check: shapeProblem,
      empty: () => ({ version: 1, servers: {} }),
      lost: "its servers need a login again",
    });
  }

  now(): number {
    return this.#options.clock.now();
  }

  get file(): string {
    return this.#options.file;
  }

  /** Set once a corrupt file was moved aside: where it went (for the needs-auth reason). */
  get movedAside(): string | undefined {
    return this.#file.movedAside;
  }

  async read(url: string): Promise<ServerCredentials> {
    return own((await this.#file.read()).servers, url) ?? {};
  }

  /** Replaces the server's record with what `change` makes of it (undefined fields are dropped). */
  async update(url: string, change: (current: ServerCredentials) => ServerCredentials): Promise<void> {
    await this.#file.update((doc) => {
      const all = doc.servers;
      const next = withoutUndefined(change(own(all, url) ?? {}));
      if (Object.keys(next).length === 0) delete all[url];
      else setOwn(all, url, next);
      return { next: { version: 1, servers: all }, result: undefined };
    });
  }

  /** Forgets the server's tokens (logout, or before a fresh login); its client registration stays. */
  forgetTokens(url: string): Promise<void> {
    return this.update(url, (record) => ({ ...record, tokens: undefined, expiresAt: undefined, scope: undefined }));
  }
}

/** Why the parsed file is not a token file; undefined when it is. */
function shapeProblem(value: unknown): string | undefined {
  if (!isObject(value) || !isObject(value.servers)) return "expected {version, servers}";
  for (const record of Object.values(value.servers)) if (!isObject(record)) return "expected an object per server";
  return undefined;
}

function withoutUndefined(record: ServerCredentials): ServerCredentials {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as ServerCredentials;
}

// Own properties only: a URL is just a key.
function own(target: Servers, key: string): ServerCredentials | undefined {
  return Object.hasOwn(target, key) ? target[key] : undefined;
}

function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
