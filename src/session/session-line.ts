/**
 * One line of a saved session read back: parsed, and checked enough that
 * replaying it cannot throw. What only counts or shows (a reply's usage, the
 * file changes beside a round's results) is dropped when malformed, never
 * the line.
 */
import { isJsonObject } from "../fs/json-path.ts";
import type { ConversationEntry, SessionLine } from "./session-entries.ts";

/** The conversation's line types. */
export const ENTRY_TYPES = new Set([
  "prompt",
  "assistant",
  "tool_results",
  "note",
  "refused",
  "compaction",
  "clear",
  "partial",
  "agent_entry",
  "task",
]);

/** The line as written (time and all), or undefined when it cannot be read. */
export function parseLine(raw: string): SessionLine | undefined {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (!isJsonObject(value) || typeof value.type !== "string") return undefined;
  if (value.type === "session")
    return typeof value.cwd === "string" && typeof value.model === "string"
      ? (value as unknown as SessionLine)
      : undefined;
  if (value.type === "model") return typeof value.model === "string" ? (value as unknown as SessionLine) : undefined;
  if (!ENTRY_TYPES.has(value.type) || !wellFormed(value)) return undefined;
  // A reply's usage only counts (toward /cost, toward how full the window is) when it is whole.
  if (value.type === "assistant" && value.usage !== undefined && !isUsage(value.usage)) delete value.usage;
  // The file changes beside a round's results are for the transcript alone: a bad one is dropped, never fatal.
  if (value.type === "tool_results" && value.changes !== undefined && !isChanges(value.changes)) delete value.changes;
  return value as unknown as SessionLine;
}

/** Enough of a check that replaying the entry cannot throw. */
function wellFormed(value: Record<string, unknown>): boolean {
  switch (value.type) {
    case "prompt":
      return typeof value.content === "string" || Array.isArray(value.content);
    case "assistant":
      return isJsonObject(value.message) && Array.isArray(value.message.content);
    case "tool_results":
      return Array.isArray(value.content);
    case "note":
    case "partial":
      return typeof value.text === "string";
    case "compaction":
      return typeof value.summary === "string";
    case "agent_entry":
      return (
        typeof value.parentId === "string" &&
        typeof value.agent === "string" &&
        isJsonObject(value.entry) &&
        typeof value.entry.type === "string" &&
        ENTRY_TYPES.has(value.entry.type) &&
        wellFormed(value.entry)
      );
    case "task":
      return (
        typeof value.toolUseId === "string" &&
        typeof value.server === "string" &&
        typeof value.taskId === "string" &&
        (value.ended === undefined || value.ended === true)
      );
    default:
      return true;
  }
}

function isUsage(value: unknown): boolean {
  if (!isJsonObject(value)) return false;
  const count = (n: unknown) => typeof n === "number" && Number.isFinite(n) && n >= 0;
  const optional = (n: unknown) => n === undefined || n === null || count(n);
  return (
    count(value.input_tokens) &&
    count(value.output_tokens) &&
    optional(value.cache_read_input_tokens) &&
    optional(value.cache_creation_input_tokens)
  );
}

function isChanges(value: unknown): boolean {
  if (!isJsonObject(value)) return false;
  return Object.values(value).every(
    (change) =>
      isJsonObject(change) &&
      Number.isInteger(change.firstLine) &&
      (change.firstLine as number) >= 1 &&
      typeof change.before === "string" &&
      typeof change.after === "string",
  );
}

export function withoutTime(line: SessionLine): ConversationEntry {
  const { time: _time, ...entry } = line as SessionLine & { time: string };
  return entry as ConversationEntry;
}
