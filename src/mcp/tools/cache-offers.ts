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
import { BackgroundCacheWrites, type CachedServer, type ToolCacheStore } from "./cache.ts";
import { filterServerTools } from "./filter.ts";

/** What a connected server said of itself that is worth keeping (undefined offers left out). */
export function cachedServerOf(server: ConnectedServer): CachedServer {
  const { tools, skippedTools, instructions, features, serverInfo } = server;
  const { capabilities, resources, resourceTemplates, prompts } = features;
  const offers = { capabilities, resources, resourceTemplates, prompts };
  return {
    tools,
    skippedTools,
    instructions,
    ...(serverInfo ? { serverInfo } : {}),
    ...Object.fromEntries(Object.entries(offers).filter(([, value]) => value !== undefined)),
  };
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

/** What each connected server offered, kept so that a tool-list change rewrites its cache whole; writes run behind the session. */
export class LiveServerCache {
  readonly #live = new Map<string, CachedServer>();
  readonly #writes: BackgroundCacheWrites;

  constructor(store: ToolCacheStore | undefined) {
    this.#writes = new BackgroundCacheWrites(store);
  }

  /** A live connect: its record is kept and written. */
  connected(config: ServerConfig, server: ConnectedServer): void {
    const kept = cachedServerOf(server);
    this.#live.set(config.name, kept);
    this.#writes.save(config, kept);
  }

  /** The server's new tool list, written over its record (nothing before its first live connect). */
  toolsChanged(config: ServerConfig, tools: CachedServer["tools"], skippedTools: CachedServer["skippedTools"]): void {
    const live = this.#live.get(config.name);
    if (live) this.#writes.save(config, { ...live, tools, skippedTools });
  }

  /** The server stopped: its record goes (a later tool-list change of an old connection writes nothing). */
  forget(name: string): void {
    this.#live.delete(name);
  }

  /** Forgets the records; resolves once the writes under way are done (a short session still leaves its cache). */
  close(): Promise<void> {
    this.#live.clear();
    return this.#writes.settled();
  }
}
