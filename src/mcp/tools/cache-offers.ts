/**
 * Between a server's state and its tool cache record: what a live connect
 * leaves to cache (kept per server, rewritten when its tools change), and how
 * a cached record is offered (its tools through the entry's includeTools /
 * excludeTools, as a live list is).
 */
import type { ServerConfig } from "../../config/types.ts";
import type { ConnectedServer } from "../connection/connected-server.ts";
import type { LifecycleEvent } from "../state/lifecycle.ts";
import type { ServerFeatures } from "../state/server-state.ts";
import type { Clock } from "../../clock.ts";
import type { ToolList } from "../connection/tool-list.ts";
import { BackgroundCacheWrites, type CachedServer, MAX_LIST_TTL_MS, type ToolCacheStore } from "./cache.ts";
import { filterServerTools } from "./filter.ts";

/** What a connected server said of itself that is worth keeping (undefined offers left out), its list read at `now`. */
export function cachedServerOf(server: ConnectedServer, now: number): CachedServer {
  const { tools, skippedTools, instructions, features, serverInfo } = server;
  const { capabilities, resources, resourceTemplates, prompts } = features;
  const offers = { capabilities, resources, resourceTemplates, prompts };
  return {
    tools,
    skippedTools,
    instructions,
    ...(serverInfo ? { serverInfo } : {}),
    ...Object.fromEntries(Object.entries(offers).filter(([, value]) => value !== undefined)),
    ...freshnessOf(server, now),
  };
}

/** The cache's view of a list's ttlMs / cacheScope: fresh until when, and for whom. */
function freshnessOf({ freshness }: Pick<ToolList, "freshness">, now: number): Partial<CachedServer> {
  if (!freshness) return {};
  const { ttlMs, cacheScope } = freshness;
  return { ...(ttlMs > 0 ? { freshUntil: now + Math.min(ttlMs, MAX_LIST_TTL_MS) } : {}), cacheScope };
}

/** The event that offers a cached server while it starts (or, lazy, until first used). */
export function cacheLoadedEvent(config: ServerConfig, cached: CachedServer): LifecycleEvent {
  return {
    type: "cache-loaded",
    tools: filterServerTools(config.resolved, cached.tools),
    instructions: cached.instructions,
    skippedTools: cached.skippedTools,
    features: cachedFeatures(cached),
  };
}

/** What a cached server offered beyond tools, as the state keeps it. */
function cachedFeatures(cached: CachedServer): ServerFeatures {
  const { capabilities, resources, resourceTemplates, prompts } = cached;
  const offers = {
    capabilities: capabilities as ServerFeatures["capabilities"],
    resources,
    resourceTemplates,
    prompts,
  };
  return Object.fromEntries(Object.entries(offers).filter(([, value]) => value !== undefined));
}

/**
 * Writes what live servers offered into the tool cache, behind the session. Each run keeps
 * its record from connected(), so that a tool-list change rewrites it whole.
 */
export class LiveServerCache {
  readonly #writes: BackgroundCacheWrites;
  readonly #clock: Clock;

  constructor(store: ToolCacheStore | undefined, clock: Clock) {
    this.#writes = new BackgroundCacheWrites(store);
    this.#clock = clock;
  }

  /** A live connect: its record is written, and returned for the run to keep. */
  connected(config: ServerConfig, server: ConnectedServer): CachedServer {
    const kept = cachedServerOf(server, this.#clock.now());
    this.#writes.save(config, kept);
    return kept;
  }

  /** The server's new tool list, written over `kept`, its record (nothing before its first live connect). */
  toolsChanged(config: ServerConfig, kept: CachedServer | undefined, list: ToolList): void {
    if (!kept) return;
    const { freshUntil: _old, cacheScope: _oldScope, ...rest } = kept;
    const { tools, skippedTools } = list;
    this.#writes.save(config, { ...rest, tools, skippedTools, ...freshnessOf(list, this.#clock.now()) });
  }

  /** Resolves once the writes under way are done (a short session still leaves its cache). */
  settled(): Promise<void> {
    return this.#writes.settled();
  }
}
