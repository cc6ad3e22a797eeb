/**
 * Splits a typed line into a slash command's name and arguments.
 */

/** A command name (lower case) and its arguments. */
export interface SlashInput {
  readonly name: string;
  readonly args: readonly string[];
}

/** `/mcp restart tracker` → {name: "mcp", args: ["restart", "tracker"]}; null for a prompt. */
export function parseSlash(line: string): SlashInput | null {
  const trimmed = line.trim();
  if (!trimmed.startsWith("/")) return null;
  const [head = "", ...args] = trimmed.slice(1).split(/\s+/);
  // "/" alone, or a path like "/etc/hosts", is a prompt, not a command.
  if (head === "" || head.includes("/")) return null;
  return { name: head.toLowerCase(), args };
}
