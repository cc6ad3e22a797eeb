/**
 * The system-prompt section built from the instructions servers send in their
 * initialize result, in the structure Claude Code uses.
 */
import type { McpSnapshot } from "../state/server-state.ts";
import { conversationServers, offersTools } from "../state/snapshot-views.ts";

/** Each server's instructions are cut to this many UTF-8 bytes. */
export const MAX_INSTRUCTIONS_BYTES = 2048;

/** A server's name and the instructions it sent. */
export interface ServerInstructions {
  name: string;
  instructions: string;
}

/** Cuts `text` to at most `maxBytes` of UTF-8 without splitting a character. */
export function capUtf8(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text, "utf8") <= maxBytes) return text;
  const { read } = new TextEncoder().encodeInto(text, new Uint8Array(maxBytes));
  return text.slice(0, read);
}

/** The `# MCP Server Instructions` section, or "" when no server sent any. */
export function instructionsSection(servers: readonly ServerInstructions[]): string {
  const parts = servers
    .map((s) => ({ name: s.name, text: capUtf8(s.instructions.trim(), MAX_INSTRUCTIONS_BYTES).trimEnd() }))
    .filter((s) => s.text !== "")
    .map((s) => `## ${s.name}\n${s.text}`);
  if (parts.length === 0) return "";
  return [
    "# MCP Server Instructions",
    "The following MCP servers have provided instructions for how to use their tools and resources:",
    ...parts,
  ].join("\n\n");
}

/** The `# MCP Server Instructions` section of the servers in `snapshot` that offer tools ("" when none sent any). */
export function instructionsOf(snapshot: McpSnapshot): string {
  return instructionsSection(
    conversationServers(snapshot).flatMap((view) =>
      offersTools(view.state) ? [{ name: view.name, instructions: view.state.instructions }] : [],
    ),
  );
}
