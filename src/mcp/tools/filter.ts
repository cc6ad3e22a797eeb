/**
 * A server entry's `includeTools` / `excludeTools` (DESIGN.md, "Config
 * format"): patterns on the server's own tool names, exact or with `*` for any
 * run of characters. The supervisor applies it where a tool list enters the
 * state: a tool it drops is never listed, offered or callable.
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

/** The tools the filter lets through, in order; the same array when there is no filter. */
export function filterServerTools<T extends { name: string }>(
  filter: ToolFilterFields | undefined,
  tools: readonly T[],
): readonly T[] {
  if (!filter?.includeTools && !filter?.excludeTools) return tools;
  return tools.filter((tool) => toolPassesFilter(filter, tool.name));
}
