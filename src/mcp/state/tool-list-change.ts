/**
 * How a server's live tool list differs from the one cached for it, in one
 * line for the panel and `/mcp`: "tools changed since cached: added b; removed a;
 * changed c". Pure; "" when the lists offer the same tools.
 */
import { canonicalJson } from "../approvals/fingerprint.ts";
import type { McpToolInfo } from "./server-state.ts";

/** Names listed at most this many per kind; the rest are counted. */
const MAX_NAMES = 3;

export function toolListChange(before: readonly McpToolInfo[], after: readonly McpToolInfo[]): string {
  const old = new Map(before.map((tool) => [tool.name, canonicalJson(tool)]));
  const now = new Map(after.map((tool) => [tool.name, canonicalJson(tool)]));
  const added = [...now.keys()].filter((name) => !old.has(name));
  const removed = [...old.keys()].filter((name) => !now.has(name));
  const changed = [...now.keys()].filter((name) => old.has(name) && old.get(name) !== now.get(name));
  const kinds: [string, string[]][] = [
    ["added", added],
    ["removed", removed],
    ["changed", changed],
  ];
  const parts = kinds.flatMap(([kind, names]) => (names.length > 0 ? [`${kind} ${listNames(names)}`] : []));
  return parts.length > 0 ? `tools changed since cached: ${parts.join("; ")}` : "";
}

function listNames(names: readonly string[]): string {
  const shown = names.slice(0, MAX_NAMES).join(", ");
  return names.length > MAX_NAMES ? `${shown} and ${names.length - MAX_NAMES} more` : shown;
}
