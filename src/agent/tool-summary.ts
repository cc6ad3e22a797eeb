/**
 * The one-line form of a tool call in the transcript and permission prompts:
 * `Read(posts.ts)`, `mcp__tracker__get_issue(BUG-101)`.
 */
import type { Tool } from "../tools/tool.ts";

const MAX_ARGUMENT = 60;

/** `Name(argument)`: the tool's own summary when it has one, else the first short scalar input. */
export function summarizeCall(name: string, tool: Tool | undefined, input: Record<string, unknown>): string {
  let own: string | undefined;
  try {
    own = tool?.summarize?.(input);
  } catch {
    own = undefined;
  }
  // Tools may return the argument alone or the whole `Name(…)` form; both read the same.
  if (own !== undefined && own.startsWith(`${name}(`)) return own;
  const argument = own ?? firstScalar(input);
  return argument === undefined || argument === "" ? name : `${name}(${clip(argument)})`;
}

function firstScalar(input: Record<string, unknown>): string | undefined {
  for (const value of Object.values(input)) {
    if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return String(value);
  }
  return undefined;
}

function clip(text: string): string {
  const line = text.split("\n", 1)[0] ?? "";
  return line.length > MAX_ARGUMENT || line.length < text.length ? `${line.slice(0, MAX_ARGUMENT)}…` : line;
}
