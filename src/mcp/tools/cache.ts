/**
 * What a server offered when it last connected (tools, instructions,
 * capabilities, its reported name and version), kept in
 * `<home>/tool-cache/`, one file per server entry, so the next session can
 * offer its tools before the server has even started.
 *
 * A file is keyed by what will run: the server's name, the project it runs in,
 * and the fingerprints of its entry as written and as expanded — a changed
 * entry (or a changed ${VAR}) finds no file and never a stale list. Files are
 * 0600 and written atomically, so two sessions writing the same server leave
 * one whole file; a file that is corrupt or unreadable is moved aside with a
 * warning (src/fs/home-json-file.ts), one not for this entry is ignored; both
 * are rewritten after the next connect. Writing a server's cache removes its
 * caches for earlier entries in the same project.
 *
 * A 2026-07-28 server says how long its tool list stays fresh (`ttlMs`): the
 * record keeps until when (`freshUntil`, capped at a day), and while fresh the
 * supervisor serves it without starting the server (supervisor.ts). A list
 * without a ttl is stale at once, as the spec has it, yet still offered for the
 * warm start while the server connects in the background. A `private` list
 * (the default scope) is never shared: the file is the user's own (0600).
 */
import { sha256Hex } from "../../on-demand-crypto.ts";
import { readdir, unlink } from "node:fs/promises";
import { basename, join } from "node:path";
import type { ServerConfig } from "../../config/types.ts";
import type { Clock } from "../../clock.ts";
import { isAbandonedTemporary } from "../../fs/atomic-write.ts";
import { HomeJsonFile } from "../../fs/home-json-file.ts";
import { readJsonFile } from "../../fs/json-file.ts";
import { formatJsonPath, nestedDeeperThan } from "../../fs/json-path.ts";
import {
  anything,
  arrayOf,
  mapOf,
  objectOf,
  oneOf,
  optional,
  positiveNumber,
  required,
  string,
} from "../../fs/json-shape.ts";
import { canonicalJson, fingerprint } from "../approvals/fingerprint.ts";
import type {
  McpPromptInfo,
  McpResourceInfo,
  McpResourceTemplateInfo,
  McpToolInfo,
  SkippedTool,
} from "../state/server-state.ts";

/** What a live connect yields that is worth keeping. */
export interface CachedServer {
  readonly tools: readonly McpToolInfo[];
  readonly skippedTools: readonly SkippedTool[];
  readonly instructions: string;
  /** The server's own `serverInfo` from initialize. */
  readonly serverInfo?: { readonly name: string; readonly version: string };
  readonly capabilities?: Readonly<Record<string, unknown>>;
  /** What it offers beyond tools, so a cached server still has its resource tools and prompt commands. */
  readonly resources?: readonly McpResourceInfo[];
  readonly resourceTemplates?: readonly McpResourceTemplateInfo[];
  readonly prompts?: readonly McpPromptInfo[];
  /** Until when (ms since the epoch) the server said its tool list stays fresh; absent: stale at once. */
  readonly freshUntil?: number;
  /** Whether the server let shared caches keep its tool list; absent or `private`: only this user's. */
  readonly cacheScope?: "public" | "private";
}

/** The longest a server's ttlMs is honoured (a day, as the SDK's own cache): no server pins its list for good. */
export const MAX_LIST_TTL_MS = 24 * 60 * 60 * 1000;

const OFFERS = ["resources", "resourceTemplates", "prompts"] as const;

/** The tool cache as McpManager uses it: reads never throw, writes may. */
export interface ToolCacheStore {
  read(config: ServerConfig): Promise<CachedServer | undefined>;
  write(config: ServerConfig, server: CachedServer): Promise<void>;
}

/** Deeper than a record of tools whose schemas connect allows (64 levels) is not one we wrote. */
const MAX_RECORD_DEPTH = 72;
/** A cache bigger than this is not one we wrote; it is ignored (and rewritten). */
const MAX_CACHE_BYTES = 8 * 1024 * 1024;
const FORMAT_VERSION = 1;

const flag = optional(oneOf(true, false));
const toolShape = objectOf({
  name: required(string()),
  description: required(string()),
  inputSchema: required(mapOf(anything)),
  annotations: required(
    objectOf({
      title: optional(string()),
      readOnlyHint: flag,
      destructiveHint: flag,
      idempotentHint: flag,
      openWorldHint: flag,
    }),
  ),
});

const recordShape = objectOf({
  version: required(oneOf(FORMAT_VERSION)),
  server: required(string()),
  project: required(string()),
  key: required(string()),
  cachedAt: required(string()),
  freshUntil: optional(positiveNumber("a time in ms")),
  cacheScope: optional(oneOf("public", "private")),
  serverInfo: optional(objectOf({ name: required(string()), version: required(string()) })),
  capabilities: optional(mapOf(anything)),
  resources: optional(arrayOf(objectOf({ uri: required(string()), name: required(string()) }))),
  resourceTemplates: optional(arrayOf(objectOf({ uriTemplate: required(string()), name: required(string()) }))),
  prompts: optional(
    arrayOf(
      objectOf({
        name: required(string()),
        description: required(string()),
        arguments: required(arrayOf(mapOf(anything))),
      }),
    ),
  ),
  instructions: required(string()),
  tools: required(arrayOf(toolShape)),
  skippedTools: required(arrayOf(objectOf({ name: required(string()), reason: required(string()) }))),
});

/** A record as written, once recordShape passed. */
interface CacheRecord extends CachedServer {
  readonly server: string;
  readonly project: string;
  readonly key: string;
}

export interface ToolCacheOptions {
  /** `<home>/tool-cache`. */
  dir: string;
  /** Stdio servers start here, and what they offer may depend on it. */
  projectDir: string;
  /** Stamps each file's `cachedAt`. */
  clock: Clock;
  /** Told when a corrupt file is moved aside. */
  warn: (message: string) => void;
}

/** The tool cache in the home folder. */
export class ToolCacheFiles implements ToolCacheStore {
  readonly #options: ToolCacheOptions;

  constructor(options: ToolCacheOptions) {
    this.#options = options;
  }

  /** The key of what will run for `config` (32 hex digits). */
  keyOf(config: ServerConfig): string {
    const what = {
      server: config.name,
      project: this.#options.projectDir,
      entry: fingerprint(config.entry),
      resolved: fingerprint(config.resolved),
    };
    return sha256Hex(canonicalJson(what)).slice(0, 32);
  }

  /** Where `config`'s cache lives: readable name first, for a person looking in the folder. */
  pathOf(config: ServerConfig): string {
    return join(this.#options.dir, `${readableName(config.name)}-${this.keyOf(config)}.json`);
  }

  /** The cached server for exactly this entry; undefined when there is none or it cannot be trusted. */
  async read(config: ServerConfig): Promise<CachedServer | undefined> {
    // Reads never throw: a cache that cannot even be moved aside (its folder is a file) is no cache.
    const record = await this.#fileOf(config)
      .read()
      .catch(() => undefined);
    if (!record || record.key !== this.keyOf(config) || record.server !== config.name) return undefined;
    const { tools, skippedTools, instructions, serverInfo, capabilities, freshUntil, cacheScope } = record;
    const offers = Object.fromEntries(OFFERS.flatMap((key) => (record[key] ? [[key, record[key]]] : [])));
    return {
      tools,
      skippedTools,
      instructions,
      ...(serverInfo ? { serverInfo } : {}),
      ...(capabilities ? { capabilities } : {}),
      ...offers,
      ...(freshUntil !== undefined ? { freshUntil } : {}),
      ...(cacheScope ? { cacheScope } : {}),
    };
  }

  /** Replaces `config`'s cache whole (0600, atomic). */
  async write(config: ServerConfig, server: CachedServer): Promise<void> {
    const record = {
      version: FORMAT_VERSION,
      server: config.name,
      project: this.#options.projectDir,
      key: this.keyOf(config),
      cachedAt: new Date(this.#options.clock.now()).toISOString(),
      ...(server.freshUntil !== undefined ? { freshUntil: server.freshUntil } : {}),
      ...(server.cacheScope ? { cacheScope: server.cacheScope } : {}),
      ...(server.serverInfo ? { serverInfo: server.serverInfo } : {}),
      ...(server.capabilities ? { capabilities: server.capabilities } : {}),
      ...Object.fromEntries(OFFERS.flatMap((key) => (server[key] ? [[key, server[key]]] : []))),
      instructions: server.instructions,
      tools: server.tools,
      skippedTools: server.skippedTools,
    };
    await this.#fileOf(config).write(record);
    await this.#removeOutdated(config);
  }

  #fileOf(config: ServerConfig): HomeJsonFile<CacheRecord | undefined> {
    return new HomeJsonFile<CacheRecord | undefined>({
      file: this.pathOf(config),
      clock: this.#options.clock,
      warn: this.#options.warn,
      check: recordProblem,
      empty: () => undefined,
      lost: "its tools are listed again when the server connects",
      format: (record) => `${JSON.stringify(record)}\n`,
      maxBytes: MAX_CACHE_BYTES,
      followLinks: false,
    });
  }

  /**
   * Deletes this server's caches for earlier entries in this project (a changed entry never uses them, so they
   * only pile up) and what a write cut short by mini-cc's death left behind (`.name-key.json.PID.hex.tmp`).
   */
  async #removeOutdated(config: ServerConfig): Promise<void> {
    const prefix = `${readableName(config.name)}-`;
    const current = basename(this.pathOf(config));
    const names = await readdir(this.#options.dir).catch((): string[] => []);
    for (const name of names) {
      if (name.startsWith(`.${prefix}`) && isAbandonedTemporary(name)) {
        await unlink(join(this.#options.dir, name)).catch(() => {});
        continue;
      }
      if (!name.startsWith(prefix) || !name.endsWith(".json") || name === current) continue;
      const path = join(this.#options.dir, name);
      const record = await peekRecord(path);
      if (record?.server === config.name && record.project === this.#options.projectDir)
        await unlink(path).catch(() => {});
    }
  }
}

/** Whether `cached` is still fresh at `now` by its server's word (a list without a ttl never is). */
export function isFresh(cached: CachedServer, now: number): boolean {
  return cached.freshUntil !== undefined && cached.freshUntil > now;
}

/** The server's name as it may appear in a file name. */
function readableName(server: string): string {
  return server.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 40);
}

/** Why a parsed file is not a cache record; undefined when it is. */
function recordProblem(value: unknown): string | undefined {
  if (nestedDeeperThan(value, MAX_RECORD_DEPTH)) return `nested deeper than ${MAX_RECORD_DEPTH} levels`;
  const problems = recordShape(value, []);
  const first = problems[0];
  return first ? `not a tool cache record (${formatJsonPath(first.path)}: ${first.message})` : undefined;
}

/** Another entry's cache file, read without moving it (it is only deleted when it is one of ours). */
async function peekRecord(path: string): Promise<CacheRecord | undefined> {
  const current = await readJsonFile(path, MAX_CACHE_BYTES);
  return current.kind === "ok" && recordProblem(current.value) === undefined
    ? (current.value as CacheRecord)
    : undefined;
}

/** Cache writes that run behind the session: failures cost the cache, not the session; settled() waits for those under way. */
export class BackgroundCacheWrites {
  readonly #store: ToolCacheStore | undefined;
  readonly #running = new Set<Promise<void>>();

  constructor(store: ToolCacheStore | undefined) {
    this.#store = store;
  }

  save(config: ServerConfig, server: CachedServer): void {
    if (!this.#store) return;
    const write = this.#store.write(config, server).catch(() => {});
    this.#running.add(write);
    void write.finally(() => this.#running.delete(write));
  }

  async settled(): Promise<void> {
    await Promise.all([...this.#running]);
  }
}
