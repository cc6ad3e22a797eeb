/**
 * The OAuth file, `<home>/mcp-oauth.json`: per remote server URL, its client
 * registration, its tokens (with when the access token expires) and what
 * discovery found. The user's alone (0600, in the 0700 home), written
 * atomically under a lock and merged, so a `mcp login` in one terminal and a
 * session in another lose nothing. Secrets live here only: never in
 * `.mcp.json`, a log or any output. A file that is not ours to read is moved
 * aside (its servers then need a login again), never overwritten.
 */
import { access, rename } from "node:fs/promises";
import type { Clock } from "../../../clock.ts";
import { type JsonReadResult, formatSyntaxProblem, readJsonFile, updateJsonFileAtomic } from "../../../fs/json-file.ts";
import { formatJson } from "../../../fs/json-style.ts";

/** Tokens as the authorization server sent them (the SDK's OAuthTokens), plus the issuer the SDK stamps. */
export interface StoredTokens {
  readonly access_token: string;
  readonly token_type: string;
  readonly expires_in?: number;
  readonly refresh_token?: string;
  readonly scope?: string;
  readonly [key: string]: unknown;
}

/** What the file keeps for one server URL. */
export interface ServerCredentials {
  /** A dynamically registered client (the SDK's OAuthClientInformationFull). */
  readonly client?: Readonly<Record<string, unknown>>;
  readonly tokens?: StoredTokens;
  /** When the access token expires (ms since the epoch); absent when the server did not say. */
  readonly expiresAt?: number;
  /** The SDK's OAuthDiscoveryState: saves re-discovering on every connect. */
  readonly discovery?: Readonly<Record<string, unknown>>;
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

export interface OAuthStoreOptions {
  /** Usually `HomePaths.oauth`. */
  readonly file: string;
  readonly clock: Clock;
}

/** Credentials by server URL; reads go to the file every time (another process may have logged in). */
export class OAuthStore {
  readonly #options: OAuthStoreOptions;
  /** Where a corrupt file was moved this session, for the needs-auth reason. */
  #movedAside: string | undefined;

  constructor(options: OAuthStoreOptions) {
    this.#options = options;
  }

  now(): number {
    return this.#options.clock.now();
  }

  get file(): string {
    return this.#options.file;
  }

  /** Set once a corrupt file was moved aside: where it went. */
  get movedAside(): string | undefined {
    return this.#movedAside;
  }

  async read(url: string): Promise<ServerCredentials> {
    const current = await readJsonFile(this.#options.file);
    if (shapeProblem(current) === undefined) return own(servers(current), url) ?? {};
    // Moved aside under the lock: another session may have repaired it meanwhile.
    return this.#update((all) => ({ next: null, result: own(all, url) ?? {} }));
  }

  /** Replaces the server's record with what `change` makes of it (undefined fields are dropped). */
  async update(url: string, change: (current: ServerCredentials) => ServerCredentials): Promise<void> {
    await this.#update((all) => {
      const next = withoutUndefined(change(own(all, url) ?? {}));
      if (Object.keys(next).length === 0) delete all[url];
      else setOwn(all, url, next);
      return { next: all, result: undefined };
    });
  }

  /** Forgets the server's tokens (logout, or before a fresh login); its client registration stays. */
  forgetTokens(url: string): Promise<void> {
    return this.update(url, (record) => ({ ...record, tokens: undefined, expiresAt: undefined, scope: undefined }));
  }

  async #update<R>(mutate: (all: Servers) => { next: Servers | null; result: R }): Promise<R> {
    return updateJsonFileAtomic(
      this.#options.file,
      async (current) => {
        const { next, result } = mutate(await this.#serversOrQuarantine(current));
        return { text: next === null ? null : formatJson({ version: 1, servers: next }), result };
      },
      { private: true },
    );
  }

  /** The parsed servers, or none after moving a corrupt file aside. Call only under the lock. */
  async #serversOrQuarantine(current: JsonReadResult): Promise<Servers> {
    if (shapeProblem(current) === undefined) return servers(current);
    const backup = await this.#backupName();
    await rename(this.#options.file, backup);
    this.#movedAside = backup;
    return {};
  }

  async #backupName(): Promise<string> {
    const base = `${this.#options.file}.corrupt-${new Date(this.#options.clock.now()).toISOString().replace(/:/g, "-")}`;
    for (let n = 0; ; n++) {
      const candidate = n === 0 ? base : `${base}-${n}`;
      if (!(await access(candidate).then(() => true, () => false))) return candidate;
    }
  }
}

/** Why the file cannot be used; undefined when it can (or is missing). */
function shapeProblem(current: JsonReadResult): string | undefined {
  if (current.kind === "missing") return undefined;
  if (current.kind === "unreadable") return current.message;
  if (current.kind === "invalid") return formatSyntaxProblem("mcp-oauth.json", current);
  if (!isObject(current.value) || !isObject(current.value.servers)) return "expected {version, servers}";
  for (const record of Object.values(current.value.servers)) if (!isObject(record)) return "expected an object per server";
  return undefined;
}

function servers(current: JsonReadResult): Servers {
  return current.kind === "ok" && isObject(current.value) && isObject(current.value.servers) ? (current.value.servers as Servers) : {};
}

function withoutUndefined(record: ServerCredentials): ServerCredentials {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as ServerCredentials;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

// Own properties only: a URL is just a key.
function own(target: Servers, key: string): ServerCredentials | undefined {
  return Object.hasOwn(target, key) ? target[key] : undefined;
}

function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
