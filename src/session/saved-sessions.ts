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
  /** The conversation's changes, in order (read on first use: see readSavedSession). */
  readonly entries: readonly ConversationEntry[];
  /** The entries from the `prompts`-th last prompt on (all when there are fewer), reading only those lines. */
  recentEntries(prompts: number): readonly ConversationEntry[];
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

const ENTRY_TYPES = new Set(["prompt", "assistant", "tool_results", "note", "refused", "compaction", "clear"]);

/** The folder holding a project's sessions. */
export function projectSessionsDir(projectsRoot: string, cwd: string): string {
  return join(projectsRoot, projectKey(cwd));
}

/**
 * Reads a saved session. A resumed session's first frame needs only its last
 * turns, so the conversation's lines are parsed when `entries` is first read:
 * now, only the header and model lines, and any line not whole as SessionLog
 * writes it (`{"type":…,"time":"…"}`), which is how a torn line is counted at once.
 */
export function readSavedSession(file: string, id: string): SavedSession {
  const bytes = readFileSync(file);
  // Scanned as Latin-1, one character a byte (decoding all of it as UTF-8 takes longer): a line's
  // offsets in the text are its offsets in the bytes, and a line is decoded as UTF-8 only to be parsed.
  const scanned = bytes.toString("latin1");
  const utf8 = (line: { start: number; end: number }) => bytes.toString("utf8", line.start, line.end);
  let header: SessionHeader | undefined;
  let model: string | undefined;
  /** The conversation's lines: parsed, or where they are in `bytes`. */
  const lines: Array<ConversationEntry | { start: number; end: number }> = [];
  let skippedLines = 0;
  // Line by line without splitting: a copy of every line would be garbage before the first frame.
  for (let start = 0; start < scanned.length; ) {
    const newline = scanned.indexOf("\n", start);
    const at = { start, end: newline < 0 ? scanned.length : newline };
    start = at.end + 1;
    const type = wholeLineType(scanned, at.start, at.end);
    if (type !== undefined && ENTRY_TYPES.has(type)) {
      lines.push(at);
      continue;
    }
    const line = utf8(at);
    if (line.trim() === "") continue;
    const parsed = parseLine(line);
    if (parsed === undefined) skippedLines++;
    else if (parsed.type === "session") {
      header ??= parsed;
      model = parsed.model;
    } else if (parsed.type === "model") model = parsed.model;
    else lines.push(withoutTime(parsed));
  }
  /** Line i as an entry, parsed once; undefined when it cannot be read after all. */
  const entryAt = (i: number): ConversationEntry | undefined => {
    const line = lines[i]!;
    if (!("start" in line)) return line;
    const parsed = parseLine(utf8(line));
    const entry = parsed === undefined || parsed.type === "session" || parsed.type === "model" ? undefined : withoutTime(parsed);
    if (entry) lines[i] = entry;
    return entry;
  };
  let all: ConversationEntry[] | undefined;
  return {
    id,
    file,
    header,
    model,
    skippedLines,
    get entries() {
      all ??= lines.flatMap((_, i) => entryAt(i) ?? []);
      return all;
    },
    recentEntries: (prompts) => lastTurns(lines.length, entryAt, prompts),
  };
}

const TYPE_HEAD = '{"type":"';
/** How every line SessionLog writes ends. */
const TIME_TAIL = /,"time":"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z"\}$/;

/**
 * The type of the line `text[start, end)` when it looks whole as SessionLog
 * writes it (type first, time last); undefined for any other. A string, not
 * bytes: on a cold start one decoding costs less than thousands of Buffer calls.
 */
function wholeLineType(text: string, start: number, end: number): string | undefined {
  if (!text.startsWith(TYPE_HEAD, start) || !TIME_TAIL.test(text.slice(Math.max(start, end - 40), end))) return undefined;
  const close = text.indexOf('"', start + TYPE_HEAD.length);
  return close < 0 || close >= end ? undefined : text.slice(start + TYPE_HEAD.length, close);
}

/** A session already in memory (a test's, or one just built). */
export function savedSession(fields: Omit<SavedSession, "entries" | "recentEntries">, entries: readonly ConversationEntry[]): SavedSession {
  return { ...fields, entries, recentEntries: (prompts) => lastTurns(entries.length, (i) => entries[i], prompts) };
}

/** The entries from the `prompts`-th last prompt on, reading entries back from the end: `at(i)` undefined skips one. */
function lastTurns(count: number, at: (i: number) => ConversationEntry | undefined, prompts: number): ConversationEntry[] {
  const recent: ConversationEntry[] = [];
  let seen = 0;
  for (let i = count - 1; i >= 0 && seen < prompts; i--) {
    const entry = at(i);
    if (!entry) continue;
    recent.push(entry);
    if (entry.type === "prompt") seen++;
  }
  return recent.reverse();
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
  // The typed text is the first text block: those after it are what its @ mentions attached (prompt-mentions.ts).
  const text = typeof content === "string" ? content : (content.find((b) => b.type === "text")?.text ?? "");
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
    case "note":
      return typeof value.text === "string";
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
