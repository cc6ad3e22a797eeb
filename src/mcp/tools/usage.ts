/**
 * Each server's tool calls this session (calls, errors, p50 and max
 * latency), for the server's details. Its own small store, as progress has:
 * a call changes these figures, not the servers' snapshot, so the tool list
 * keeps its identity and no McpTool is rebuilt.
 */
import { Store } from "../../store.ts";

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

/** Usage by server name. */
export class ToolUsageStore extends Store<ReadonlyMap<string, ServerUsage>> {
  constructor() {
    super(new Map());
  }

  /** One call of `tool` on `server` ended after `ms`. */
  record(server: string, tool: string, ms: number, isError: boolean): void {
    this.update((prev) => {
      const usage = prev.get(server) ?? NO_USAGE;
      return new Map(prev).set(server, { ...usage, [tool]: addCall(usage[tool], ms, isError) });
    });
  }

  /** Forgets every server's figures (a new listing of servers). */
  clear(): void {
    this.update((prev) => (prev.size === 0 ? prev : new Map()));
  }
}

/** `server`'s usage in a snapshot of the store (empty before any call). */
export function usageOf(usage: ReadonlyMap<string, ServerUsage>, server: string): ServerUsage {
  return usage.get(server) ?? NO_USAGE;
}

function addCall(usage: ToolUsage | undefined, ms: number, isError: boolean): ToolUsage {
  const before = usage ?? { calls: 0, errors: 0, maxMs: 0, recentMs: [] };
  return {
    calls: before.calls + 1,
    errors: before.errors + (isError ? 1 : 0),
    maxMs: Math.max(before.maxMs, ms),
    recentMs: [...before.recentMs, ms].slice(-USAGE_SAMPLES),
  };
}

/** The median of a tool's recent call durations (0 before any call). */
export function medianMs(usage: ToolUsage): number {
  const sorted = [...usage.recentMs].sort((a, b) => a - b);
  if (sorted.length === 0) return 0;
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : Math.round(((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2);
}
