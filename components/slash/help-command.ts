/**
 * `/help`: every command with its forms, and the keys that matter.
 */
import { output, type SlashCommand } from "./slash-command.ts";

const KEYS = [
  "Keys: Enter send (queued while a turn runs or MCP servers start) · Alt+Enter new line · Ctrl+C twice or Ctrl+D quit",
  "Esc takes queued prompts back, else interrupts the turn, else sends a prompt held for MCP servers",
  "Editing: Ctrl+A/E line start/end · Alt+B/F word back/forward · Ctrl+W or Alt+Backspace delete word · Ctrl+U/K delete to start/end",
  "Shift+Tab cycles the permission mode · PgUp/PgDn scroll the transcript",
  "Approvals: ↑/↓ or j/k and Enter, or the digit · Esc denies",
  "Tab, Ctrl+T or /mcp: the MCP panel (full screen on a narrow terminal) · ↑/↓ j/k select · Enter open · Esc back",
  "  in the panel: r restart · d disable/enable (remembered) · a approve/revoke · l log tail · i instructions",
  "  background tasks, under the servers: Enter live output · x stop · /tasks lists them",
  "Ctrl+B while a Bash command runs: it goes on in the background and the turn goes on",
];

/** `/help` */
export const helpCommand: SlashCommand = {
  name: "help",
  runs: "now",
  usage: ["/help"],
  description: "Show this help",
  run(_args, { commands }) {
    const rows = commands.flatMap((c) => c.usage.map((usage, i) => [usage, i === 0 ? c.description : ""] as const));
    const width = Math.max(...rows.map(([usage]) => usage.length));
    const lines = rows.map(([usage, description]) => `${usage.padEnd(width)}  ${description}`.trimEnd());
    return output("Commands:", ...lines.map((l) => `  ${l}`), ...KEYS);
  },
};
