/**
 * MCP tasks a saved session left running (the Tasks extension, issue 35): a
 * call that became a task is recorded with a `task` line, and its end with
 * another (`ended`). One with no end was still running on its server when
 * mini-cc stopped: a resume says so, with the task's id, where the call's
 * result would have been (an unanswered call), or in a note (a call moved to
 * the background, whose result never came).
 */
import { terminalSafeLine } from "../text/terminal-safe.ts";
import type { ConversationEntry } from "./conversation.ts";

export type TaskEntry = Extract<ConversationEntry, { type: "task" }>;

/** Task lines with no end recorded after them, by call id. */
export function unfinishedTasks(entries: readonly ConversationEntry[]): Map<string, TaskEntry> {
  const open = new Map<string, TaskEntry>();
  for (const entry of entries) {
    if (entry.type !== "task") continue;
    if (entry.ended) open.delete(entry.toolUseId);
    else open.set(entry.toolUseId, entry);
  }
  return open;
}

/** What the resume says of a task left running. */
export function stillRunningText(task: TaskEntry): string {
  return `MCP task ${terminalSafeLine(task.taskId)} was still running on server ${terminalSafeLine(task.server)} when mini-cc stopped; its result never arrived`;
}

const NOTE_START = "[The call ";

/** The note for the model of a task whose call had moved to the background. */
export function stillRunningNote(task: TaskEntry): string {
  return `${NOTE_START}${task.toolUseId}: ${stillRunningText(task)}]`;
}

/** The text a saved note of stillRunningNote shows in the transcript; undefined for any other note. */
export function stillRunningShown(note: string): string | undefined {
  return note.startsWith(NOTE_START) && note.includes(" when mini-cc stopped") ? note.slice(1, -1) : undefined;
}
