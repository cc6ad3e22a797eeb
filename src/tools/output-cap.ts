/**
 * The cap on what one built-in tool call sends back to the model: about
 * 25,000 tokens (four characters a token), as MCP output is capped
 * (MAX_MCP_OUTPUT_TOKENS). Every built-in tool's text passes through here.
 */

/** About 25,000 tokens. */
export const MAX_TOOL_RESULT_CHARS = 100_000;

/** Lines cut to fit `max` characters (whole lines kept), and how many were kept. */
export function linesWithin(lines: readonly string[], max = MAX_TOOL_RESULT_CHARS): { kept: string[]; cut: boolean } {
  const kept: string[] = [];
  let used = 0;
  for (const line of lines) {
    const cost = line.length + 1;
    if (used + cost > max) return { kept, cut: true };
    kept.push(line);
    used += cost;
  }
  return { kept, cut: false };
}

/** `text` cut at `max` characters with a note saying so and what to do instead. */
export function capText(text: string, hint: string, max = MAX_TOOL_RESULT_CHARS): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}\n\n(Output cut at about ${Math.round(max / 4).toLocaleString("en-US")} tokens, ${text.length.toLocaleString("en-US")} characters in all. ${hint})`;
}
