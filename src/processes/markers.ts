/**
 * The environment variables that mark a tree of processes: every process a
 * server or a background shell starts inherits its marker, so one that left
 * the process group (a `setsid` daemon) or lost its parents is still found
 * as theirs (process-table.ts).
 */
import { randomUUID } from "../on-demand-crypto.ts";

/** Marks a stdio MCP server and everything it starts. */
export const SERVER_MARKER = "MINI_CC_MCP_SERVER";

/** Marks a background shell and everything it starts. */
export const TASK_MARKER = "MINI_CC_TASK";

/** A marker's value unique to one start. */
export function newMarker(): string {
  return `${process.pid}-${randomUUID()}`;
}
