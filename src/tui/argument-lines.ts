/**
 * A tool call's arguments as the approval modal lists them, so the user sees
 * what a comment says before it is posted.
 */

const MAX_ARGS = 4;
const MAX_VALUE = 200;

/** `body: Fixed: listPosts now…`: one line per argument, long values cut. */
export function argumentLines(input: Record<string, unknown>): string[] {
  const entries = Object.entries(input);
  const lines = entries.slice(0, MAX_ARGS).map(([key, value]) => {
    const text = (typeof value === "string" ? value : JSON.stringify(value) ?? "").replace(/\s+/g, " ");
    return `${key}: ${text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text}`;
  });
  if (entries.length > MAX_ARGS) lines.push(`…and ${entries.length - MAX_ARGS} more`);
  return lines;
}
