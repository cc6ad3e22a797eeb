/**
 * How background tasks look on screen (src/background/task-state.ts holds
 * what they are): a glyph, colour and short word per status for the panel's
 * rows, the opened task's rows (its command, honest status, output file and
 * the tail of its output), the footer's count and `/tasks`' lines. Pure, so
 * each is checked on plain values; output is untrusted and made terminal-safe here.
 */
import { stripVTControlCharacters } from "node:util";
import { runtimeText, statusText, type BackgroundTask } from "../../src/background/task-state.ts";
import { terminalSafeLine } from "../../src/text/terminal-safe.ts";
import { line, type BodyLine } from "../rows/body-lines.ts";
import { plural } from "../rows/words.ts";

/** A task's status as drawn in a one-line row. */
export interface TaskLook {
  readonly glyph: string;
  /** Ink colour name. */
  readonly color: string;
  /** `exit 0`, `exit 2`, `killed`, `lost`; "" while it runs (the runtime says enough). */
  readonly label: string;
  readonly busy: boolean;
}

export function taskLook(task: BackgroundTask): TaskLook {
  switch (task.status) {
    case "running":
      return { glyph: "◐", color: "cyan", label: "", busy: true };
    case "completed":
      return {
        glyph: "✔",
        color: "green",
        label: task.exitCode === undefined ? "done" : `exit ${task.exitCode}`,
        busy: false,
      };
    case "failed":
      return {
        glyph: "✘",
        color: "red",
        label: task.exitCode !== undefined ? `exit ${task.exitCode}` : (task.signal ?? "failed"),
        busy: false,
      };
    case "killed":
      return { glyph: "■", color: "yellow", label: "killed", busy: false };
    case "lost":
      return { glyph: "?", color: "gray", label: "lost", busy: false };
  }
}

/** The task's command or call on one line, terminal-safe (the model wrote it). */
export function taskLabel(task: BackgroundTask): string {
  return terminalSafeLine(task.label.replace(/\s*\n\s*/g, " ⏎ "));
}

/** `2 background tasks` while some run; undefined when none does (the footer shows nothing then). */
export function backgroundCountText(tasks: readonly BackgroundTask[]): string | undefined {
  const running = tasks.filter((task) => task.status === "running").length;
  return running === 0 ? undefined : plural(running, "background task");
}

/** How much of a task's output the opened view reads (its last part). */
export const TAIL_BYTES = 16 * 1024;

/** Bytes as the user reads them: `812 B`, `4.1 KB`, `12.0 MB`. */
export function byteText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The opened task: what it runs, how it stands, where its output goes, then the output's last lines (`tail`, raw). */
export function taskPanelLines(task: BackgroundTask, tail: string, now: number): BodyLine[] {
  const lines: BodyLine[] = [
    line(`${task.id} · ${statusText(task)} · ${runtimeText(task, now)}`, "strong"),
    line(taskLabel(task), "command", 2),
    line(`${terminalSafeLine(task.toolName)} · ${task.kind}`, "dim", 2),
  ];
  if (task.statusMessage !== undefined) lines.push(line(terminalSafeLine(task.statusMessage), "plain", 2));
  if (task.error !== undefined && task.status === "failed")
    lines.push(line(terminalSafeLine(task.error), "warning", 2));
  lines.push(
    line(`output file · ${byteText(task.bytesWritten)}`, "dim", 2),
    line(terminalSafeLine(task.outputFile), "dim", 4),
  );
  lines.push(line(""), line(task.status === "running" ? "Output (live)" : "Output", "strong"));
  const rows = tail.replace(/\n$/, "").split("\n");
  // The tail starts mid-file: its first line may be cut, so it is left out unless it is the file's start.
  if (task.bytesWritten > TAIL_BYTES && rows.length > 1) rows.shift();
  if (tail === "") lines.push(line("(no output yet)", "dim", 2));
  else for (const row of rows) lines.push(line(outputRow(row), "plain", 2));
  return lines;
}

/** One line of output as a terminal would leave it: colours dropped, a `\r`-redrawn progress line at its last state, the rest escaped. */
function outputRow(row: string): string {
  const redrawn = row.replace(/\r+$/, "").split("\r").at(-1) ?? "";
  return terminalSafeLine(stripVTControlCharacters(redrawn));
}

/** `/tasks`: one line per task, newest last, with what stops one. */
export function taskListLines(tasks: readonly BackgroundTask[], now: number): string[] {
  if (tasks.length === 0) return ["No background tasks in this session."];
  return [
    ...tasks.map((task) => `${task.id}  ${statusText(task)}  ${runtimeText(task, now)}  ${taskLabel(task)}`),
    "Open the MCP panel (Tab) to read a task's output and stop it (x); /tasks stop ID stops one.",
  ];
}
