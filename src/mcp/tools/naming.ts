/**
 * MCP tool names as the model sees them (DESIGN.md, "Tool names"):
 * `mcp__<server>__<tool>`, only `[A-Za-z0-9_-]`, at most 64 characters, and
 * never two tools under one name.
 */
import { sha256Hex } from "../../on-demand-crypto.ts";

/** The Messages API rejects a whole request whose tool names exceed this. */
const MAX_TOOL_NAME_LENGTH = 64;

const SUFFIX_HEX = 6;

/** A tool as its server names it. */
export interface ServerToolName {
  server: string;
  tool: string;
}

/** `mcp__<server>__<tool>` with other characters replaced by `_`, cut to 64 characters. */
export function mcpToolName(server: string, tool: string): string {
  return `mcp__${server}__${tool}`.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, MAX_TOOL_NAME_LENGTH);
}

/** Hex digest of the original names: the same pair always gets the same suffix. */
function stableHash(name: ServerToolName, length: number): string {
  return sha256Hex(`${name.server}\u0000${name.tool}`).slice(0, length);
}

function withSuffix(base: string, hash: string): string {
  return `${base.slice(0, MAX_TOOL_NAME_LENGTH - hash.length - 1)}_${hash}`;
}

/**
 * Names for every tool of every server, in input order. Tools whose sanitised
 * names collide each get `_<hash>` (from their original server and tool names);
 * the others keep the plain name.
 */
export function assignToolNames(tools: readonly ServerToolName[]): string[] {
  const plain = tools.map((t) => mcpToolName(t.server, t.tool));
  const counts = new Map<string, number>();
  for (const name of plain) counts.set(name, (counts.get(name) ?? 0) + 1);

  const taken = new Set(plain.filter((name) => counts.get(name) === 1));
  return plain.map((name, i) => {
    if (counts.get(name) === 1) return name;
    const tool = tools[i] as ServerToolName;
    // A longer hash on the (astronomically rare) clash with an existing name.
    for (let length = SUFFIX_HEX; length <= 64; length += 2) {
      const candidate = withSuffix(name, stableHash(tool, length));
      if (!taken.has(candidate)) {
        taken.add(candidate);
        return candidate;
      }
    }
    // Only an identical server+tool pair declared twice gets here.
    const candidate = withSuffix(name, `${stableHash(tool, SUFFIX_HEX)}${i}`);
    taken.add(candidate);
    return candidate;
  });
}
