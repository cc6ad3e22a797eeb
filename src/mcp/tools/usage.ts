/**
 * Each server's tool calls this session (calls, errors, p50 and max
 * latency), for the server's details. Its own small store, as progress has:
 * a call changes these figures, not the servers' snapshot, so the tool list
 * keeps its identity and no McpTool is rebuilt. A call costs a few counter
 * updates; the snapshot is built when read, and listeners hear of new calls
 * at most once a frame.
 */
import type { Clock } from "../../clock.ts";
import type { Listener, ReadableStore } from "../../store.ts";
import { PROGRESS_FRAME_MS } from "./progress.ts";

/** A tool's calls this session: enough to show calls, errors, p50 and max latency. */
export interface ToolUsage {
  readonly calls: number;
  readonly errors: number;
  readonly maxMs: number;
  /** The most recent durations (at most USAGE_SAMPLES), for the median. */
  readonly recentMs: readonly number[];
}

/** One server's usage, by its own tool names. */
export type ServerUsage = Readonly<Record<string, ToolUsage>>;

export const USAGE_SAMPLES = 100;

const NO_USAGE: ServerUsage = {};

/** A tool's figures as they grow: `recent` is a ring of the last USAGE_SAMPLES durations. */
interface Tally {
  calls: number;
  errors: number;
  maxMs: number;
  recent: number[];
  next: number;
}

/** Usage by server name. */
export class ToolUsageStore implements ReadableStore<ReadonlyMap<string, ServerUsage>> {
  readonly #clock: Clock;
  readonly #tallies = new Map<string, Map<string, Tally>>();
  readonly #listeners = new Set<Listener<ReadonlyMap<string, ServerUsage>>>();
  #snapshot: ReadonlyMap<string, ServerUsage> = new Map();
  /** Servers whose figures changed since the snapshot was built. */
  #changed = new Set<string>();
  #cancelFrame: (() => void) | undefined;

  constructor(clock: Clock) {
    this.#clock = clock;
  }

  readonly subscribe = (listener: Listener<ReadonlyMap<string, ServerUsage>>): (() => void) => {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  };

  readonly getSnapshot = (): ReadonlyMap<string, ServerUsage> => {
    if (this.#changed.size === 0) return this.#snapshot;
    const next = new Map(this.#snapshot);
    for (const server of this.#changed) {
      const tools = this.#tallies.get(server);
      if (tools) next.set(server, Object.fromEntries([...tools].map(([tool, tally]) => [tool, usageOfTally(tally)])));
      else next.delete(server);
    }
    this.#changed.clear();
    this.#snapshot = next;
    return next;
  };

  /** One call of `tool` on `server` ended after `ms`. */
  record(server: string, tool: string, ms: number, isError: boolean): void {
    let tools = this.#tallies.get(server);
    if (!tools) this.#tallies.set(server, (tools = new Map()));
    let tally = tools.get(tool);
    if (!tally) tools.set(tool, (tally = { calls: 0, errors: 0, maxMs: 0, recent: [], next: 0 }));
    tally.calls++;
    if (isError) tally.errors++;
    if (ms > tally.maxMs) tally.maxMs = ms;
    tally.recent[tally.next] = ms;
    tally.next = (tally.next + 1) % USAGE_SAMPLES;
    this.#changed.add(server);
    if (this.#listeners.size > 0)
      this.#cancelFrame ??= this.#clock.setTimeout(() => this.#publish(), PROGRESS_FRAME_MS);
  }

  /** Forgets every server's figures (a new listing of servers). */
  clear(): void {
    if (this.#tallies.size === 0) return;
    for (const server of this.#tallies.keys()) this.#changed.add(server);
    this.#tallies.clear();
    this.#publish();
  }

  #publish(): void {
    this.#cancelFrame?.();
    this.#cancelFrame = undefined;
    const prev = this.#snapshot;
    const next = this.getSnapshot();
    if (next === prev) return;
    for (const listener of [...this.#listeners]) listener(next, prev);
  }
}

/** `server`'s usage in a snapshot of the store (empty before any call). */
export function usageOf(usage: ReadonlyMap<string, ServerUsage>, server: string): ServerUsage {
  return usage.get(server) ?? NO_USAGE;
}

function usageOfTally(tally: Tally): ToolUsage {
  // The ring read oldest first, once it has wrapped.
  const recentMs =
    tally.recent.length < USAGE_SAMPLES
      ? [...tally.recent]
      : [...tally.recent.slice(tally.next), ...tally.recent.slice(0, tally.next)];
  return { calls: tally.calls, errors: tally.errors, maxMs: tally.maxMs, recentMs };
}

/** The median of a tool's recent call durations (0 before any call). */
export function medianMs(usage: ToolUsage): number {
  const sorted = [...usage.recentMs].sort((a, b) => a - b);
  if (sorted.length === 0) return 0;
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : Math.round(((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2);
}
