/**
 * A server entry's `includeTools` / `excludeTools` (DESIGN.md, "Config
 * format"): patterns on the server's own tool names, exact or with `*` for any
 * run of characters. A tool the filter drops is never offered and so never callable.
 */
import type { ToolFilterFields } from "../../config/types.ts";

/** True when `pattern` (exact, or with `*` wildcards) matches the whole of `name`. */
export function matchesToolPattern(pattern: string, name: string): boolean {
  if (!pattern.includes("*")) return pattern === name;
  const body = pattern
    .split("*")
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join(".*");
  return new RegExp(`^${body}$`, "s").test(name);
}

/** Whether the entry's filter lets the server's tool `name` through: included (when a list is given) and not excluded. */
export function toolPassesFilter(filter: ToolFilterFields | undefined, name: string): boolean {
  const { includeTools, excludeTools } = filter ?? {};
  if (includeTools && !includeTools.some((pattern) => matchesToolPattern(pattern, name))) return false;
  return !excludeTools?.some((pattern) => matchesToolPattern(pattern, name));
}

/** How many of a connected server's tools its filter offers (what the panel and /mcp count). */
export function offeredToolCount(filter: ToolFilterFields | undefined, tools: readonly { name: string }[]): number {
  return filterServerTools(filter, tools).length;
}

/** The tools the filter lets through, in order; the same array when there is no filter. */
export function filterServerTools<T extends { name: string }>(filter: ToolFilterFields | undefined, tools: readonly T[]): readonly T[] {
  if (!filter?.includeTools && !filter?.excludeTools) return tools;
  return tools.filter((tool) => toolPassesFilter(filter, tool.name));
}
