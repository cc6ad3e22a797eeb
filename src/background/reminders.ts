/**
 * What the model is told when a background task ended: once, with its next
 * request, as a short system reminder — id, command, how it ended, its last
 * lines and where the rest is. A task whose ending the model already read
 * (TaskOutput) gets none.
 */
import type { BackgroundTasks } from "./background-tasks.ts";
import { runtimeText, statusText, type BackgroundTask } from "./task-state.ts";

const LAST_LINES = 5;
const LINE_CHARS = 200;
const LABEL_CHARS = 120;

/** The reminders for every task that ended since the model last heard; each is given once. */
export function endingReminders(tasks: BackgroundTasks, now: number): string[] {
  return tasks.takeEndings().map((task) => endingReminder(task, tasks.lastLines(task.id, LAST_LINES), now));
}

export function endingReminder(task: BackgroundTask, lastLines: readonly string[], now: number): string {
  const label = oneLine(task.label, LABEL_CHARS);
  const lines =
    lastLines.length === 0
      ? ["It wrote no output."]
      : ["Last lines of its output:", ...lastLines.map((line) => oneLine(line, LINE_CHARS))];
  return [
    "<system-reminder>",
    `Background task ${task.id} (${label}) ended: ${statusText(task)} after ${runtimeText(task, now)}.`,
    ...lines,
    `TaskOutput("${task.id}") reads what you have not read yet; the whole output is in ${task.outputFile}`,
    "</system-reminder>",
  ].join("\n");
}

function oneLine(text: string, max: number): string {
  const line = text.replace(/\s*\n\s*/g, " ⏎ ");
  return line.length > max ? `${line.slice(0, max)}…` : line;
}
