/**
 * Reading saved sessions back: one file's lines (a torn or unreadable line is
 * skipped, never fatal), a project's sessions newest first for the picker,
 * and a session found by id in any project.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { isJsonObject } from "../fs/json-path.ts";
import type { ConversationEntry, SessionHeader, SessionLine } from "./session-entries.ts";
import { projectKey } from "./project-key.ts";

/** One saved session as read from its file. */
export interface SavedSession {
  readonly id: string;
  readonly file: string;
  readonly header: SessionHeader | undefined;
  /** The conversation's changes, in order. */
  readonly entries: readonly ConversationEntry[];
  /** The model last chosen (header, or a later /model). */
  readonly model: string | undefined;
  /** Lines that could not be read (a line torn by a kill). */
  readonly skippedLines: number;
}

/** What the picker lists. */
export interface SessionSummary {
  readonly id: string;
  readonly file: string;
  readonly modifiedMs: number;
  /** Prompts the user sent. */
  readonly turns: number;
  readonly firstPrompt: string;
}

const ENTRY_TYPES = new Set(["prompt", "assistant", "tool_results", "compaction", "clear"]);

/** The folder holding a project's sessions. */
export function projectSessionsDir(projectsRoot: string, cwd: string): string {
  return join(projectsRoot, projectKey(cwd));
}

export function readSavedSession(file: string, id: string): SavedSession {
  const text = readFileSync(file, "utf8");
  let header: SessionHeader | undefined;
  let model: string | undefined;
  const entries: ConversationEntry[] = [];
  let skippedLines = 0;
  for (const raw of text.split("\n")) {
    if (raw.trim() === "") continue;
    const line = parseLine(raw);
    if (line === undefined) {
      skippedLines++;
      continue;
    }
    if (line.type === "session") {
      header ??= line;
      model = line.model;
    } else if (line.type === "model") model = line.model;
    else entries.push(withoutTime(line));
  }
  return { id, file, header, entries, model, skippedLines };
}

/** The sessions saved for `cwd`, most recently changed first. */
export function listProjectSessions(projectsRoot: string, cwd: string): SessionSummary[] {
  const dir = projectSessionsDir(projectsRoot, cwd);
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith(".jsonl"));
  } catch {
    return [];
  }
  const summaries: SessionSummary[] = [];
  for (const name of names) {
    const file = join(dir, name);
    try {
      summaries.push(summarize(file, name.slice(0, -".jsonl".length)));
    } catch {
      // Gone meanwhile, or unreadable: not offered.
    }
  }
  return summaries.filter((s) => s.turns > 0).sort((a, b) => b.modifiedMs - a.modifiedMs);
}

/** The most recently changed session file of `cwd`, found by its time alone (nothing is read). */
export function latestSessionFile(projectsRoot: string, cwd: string): { id: string; file: string } | undefined {
  const dir = projectSessionsDir(projectsRoot, cwd);
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith(".jsonl"));
  } catch {
    return undefined;
  }
  let best: { id: string; file: string; at: number } | undefined;
  for (const name of names) {
    const file = join(dir, name);
    try {
      const { mtimeMs, size } = statSync(file);
      if (size > 0 && (best === undefined || mtimeMs > best.at)) best = { id: name.slice(0, -".jsonl".length), file, at: mtimeMs };
    } catch {
      // gone meanwhile
    }
  }
  return best && { id: best.id, file: best.file };
}

/** The file of session `id`: this project's first, else any project's; undefined when there is none. */
export function findSessionFile(projectsRoot: string, cwd: string, id: string): string | undefined {
  const here = join(projectSessionsDir(projectsRoot, cwd), `${id}.jsonl`);
  if (existsSync(here)) return here;
  let projects: string[];
  try {
    projects = readdirSync(projectsRoot);
  } catch {
    return undefined;
  }
  for (const project of projects) {
    const file = join(projectsRoot, project, `${id}.jsonl`);
    if (existsSync(file)) return file;
  }
  return undefined;
}

function summarize(file: string, id: string): SessionSummary {
  const modifiedMs = statSync(file).mtimeMs;
  const session = readSavedSession(file, id);
  const prompts = session.entries.filter((e) => e.type === "prompt");
  const first = prompts[0];
  return { id, file, modifiedMs, turns: prompts.length, firstPrompt: first ? promptText(first.content) : "" };
}

/** A prompt's text as one line. */
export function promptText(content: Extract<ConversationEntry, { type: "prompt" }>["content"]): string {
  const text = typeof content === "string" ? content : content.flatMap((b) => (b.type === "text" ? [b.text] : [])).join(" ");
  return text.replace(/\s+/g, " ").trim();
}

function parseLine(raw: string): SessionLine | undefined {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (!isJsonObject(value) || typeof value.type !== "string") return undefined;
  if (value.type === "session") return typeof value.cwd === "string" && typeof value.model === "string" ? (value as unknown as SessionLine) : undefined;
  if (value.type === "model") return typeof value.model === "string" ? (value as unknown as SessionLine) : undefined;
  if (!ENTRY_TYPES.has(value.type) || !wellFormed(value)) return undefined;
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
    case "compaction":
      return typeof value.summary === "string";
    default:
      return true;
  }
}

function withoutTime(line: SessionLine): ConversationEntry {
  const { time: _time, ...entry } = line as SessionLine & { time: string };
  return entry as ConversationEntry;
}
