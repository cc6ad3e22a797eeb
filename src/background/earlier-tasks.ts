/**
 * A resumed session's background tasks from its earlier run. The store's rows
 * are recorded in the session's background folder (tasks.json, rewritten
 * atomically whenever a task starts or ends); resuming lists them again, each
 * still running when mini-cc went (killed, crashed) as `lost (mini-cc
 * exited)`, and the model hears of those once, with their output file's last
 * lines (reminders.ts). Nothing of them runs any more: the watchdog or the exit ended their groups.
 */
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from "../fs/atomic-write.ts";
import type { BackgroundTasks } from "./background-tasks.ts";
import { fileSize } from "./saved-output.ts";
import type { BackgroundSnapshot, BackgroundTask } from "./task-state.ts";

const RECORD = "tasks.json";
const STATUSES = new Set(["running", "completed", "failed", "killed", "lost"]);

/** Keeps `dir/tasks.json` up to date with the store's rows as tasks start and end; returns how to stop. */
export function recordTasks(tasks: BackgroundTasks, dir: string): () => void {
  return tasks.subscribe((next, prev) => {
    if (!startedOrEnded(next, prev)) return;
    const rows = next.tasks.map(({ bytesRead: _read, bytesWritten: _written, ...row }) => row);
    // At once, not awaited: a kill -9 just after a task started must find it recorded. A temp file renamed: never half written.
    const temp = join(dir, `.${RECORD}.${process.pid}.tmp`);
    try {
      mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
      writeFileSync(temp, JSON.stringify(rows), { mode: PRIVATE_FILE_MODE });
      renameSync(temp, join(dir, RECORD));
    } catch {
      // Unrecorded, a resumed session does not list it: the task itself is unaffected.
    }
  });
}

function startedOrEnded(next: BackgroundSnapshot, prev: BackgroundSnapshot): boolean {
  return next.tasks.length !== prev.tasks.length || next.tasks.some((task, i) => task.status !== prev.tasks[i]?.status);
}

/** The rows the earlier run recorded in `dir` ([] when none, or unreadable): a running one is now lost. */
export function earlierTasks(dir: string): BackgroundTask[] {
  const path = join(dir, RECORD);
  let rows: unknown;
  let recordedAt: number;
  try {
    rows = JSON.parse(readFileSync(path, "utf8"));
    recordedAt = statSync(path).mtimeMs;
  } catch {
    return [];
  }
  if (!Array.isArray(rows)) return [];
  return rows.filter(isRow).map((row) => {
    const bytesWritten = fileSize(row.outputFile);
    if (row.status !== "running") return { ...row, bytesWritten, bytesRead: bytesWritten, endingReported: true };
    // Its end is not known: the last time the earlier run recorded anything stands for it.
    return { ...row, status: "lost", endedAt: recordedAt, bytesWritten, bytesRead: 0, endingReported: false };
  });
}

function isRow(value: unknown): value is BackgroundTask {
  if (typeof value !== "object" || value === null) return false;
  const row = value as Record<string, unknown>;
  return (
    typeof row["id"] === "string" &&
    /^b\d+$/.test(row["id"]) &&
    typeof row["label"] === "string" &&
    typeof row["toolName"] === "string" &&
    typeof row["outputFile"] === "string" &&
    typeof row["startedAt"] === "number" &&
    STATUSES.has(row["status"] as string)
  );
}
