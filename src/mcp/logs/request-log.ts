/**
 * A line of ours in a server's log (`<home>/logs/mcp-<name>.log`, beside its
 * stderr): why one of its requests was declined or failed. A home we cannot
 * write costs the line, nothing else.
 */
import { appendFileSync } from "node:fs";
import { serverLogPath } from "./stderr-log.ts";

export function noteInServerLog(logDir: string, server: string, text: string, now: Date): void {
  try {
    appendFileSync(serverLogPath(logDir, server), `[mini-cc ${now.toISOString()}] ${text}\n`, { mode: 0o600 });
  } catch {
    // The log is a convenience; the server still gets its answer.
  }
}
