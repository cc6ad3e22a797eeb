/**
 * Reading saved sessions back: one file's lines (a torn or unreadable line is
 * skipped, never fatal), a project's sessions newest first for the picker,
 * and a session found by id in any project.
 */
import { closeSync, existsSync, fstatSync, openSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { readRange, scanLines } from "./file-lines.ts";
import type { ConversationEntry, SessionHeader } from "./session-entries.ts";
import { ENTRY_TYPES, parseLine, withoutTime } from "./session-line.ts";
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

/** The folder holding a project's sessions. */
export function projectSessionsDir(projectsRoot: string, cwd: string): string {
  return join(projectsRoot, projectKey(cwd));
}

/**
 * Reads a saved session. A resumed session's first frame needs only its last
 * turns, so only the header and model lines, and any line not whole as
 * SessionLog writes it (which is how a torn line is counted at once), are
 * decoded now; the conversation's lines are found by their bytes alone and
 * read back when needed: the last turns at once, all of them when `entries`
 * is first read. The file stays open until then; it is only ever appended to,
 * so the bytes read later are those seen now.
 */
export function readSavedSession(file: string, id: string): SavedSession {
  const fd = openSync(file, "r");
  let header: SessionHeader | undefined;
  let model: string | undefined;
  let skippedLines = 0;
  /** Where each conversation line is in the file: [start, end) pairs, or -1, -1 for one parsed at once (in `parsed`). */
  const ranges: number[] = [];
  const parsed = new Map<number, ConversationEntry>();
  try {
    scanLines(fd, fstatSync(fd).size, (bytes, start, end, offset) => {
      if (isWholeEntryLine(bytes, start, end)) {
        ranges.push(offset + start, offset + end);
        return;
      }
      const text = bytes.toString("utf8", start, end);
      if (text.trim() === "") return;
      const line = parseLine(text);
      if (line === undefined) skippedLines++;
      else if (line.type === "session") {
        header ??= line;
        model = line.model;
      } else if (line.type === "model") model = line.model;
      else {
        parsed.set(ranges.length / 2, withoutTime(line));
        ranges.push(-1, -1);
      }
    });
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  const count = ranges.length / 2;
  /** Parses lines [from, to] that are not parsed yet, reading their bytes in one go. */
  const readLines = (from: number, to: number): void => {
    let first = from;
    while (first <= to && ranges[2 * first]! < 0) first++;
    let last = to;
    while (last >= first && ranges[2 * last]! < 0) last--;
    if (first > last) return;
    const base = ranges[2 * first]!;
    let bytes: Buffer;
    try {
      bytes = readRange(fd, base, ranges[2 * last + 1]!);
    } catch {
      bytes = Buffer.alloc(0); // the disk failed it since: those lines are left out, as unreadable ones are
    }
    for (let i = first; i <= last; i++) {
      if (ranges[2 * i]! < 0) continue;
      const line = parseLine(bytes.toString("utf8", ranges[2 * i]! - base, ranges[2 * i + 1]! - base));
      // Whole-looking yet unreadable (a torn line that happened to end like a whole one): left out.
      if (line !== undefined && line.type !== "session" && line.type !== "model") parsed.set(i, withoutTime(line));
      ranges[2 * i] = ranges[2 * i + 1] = -1;
    }
  };
  /** Line i as an entry; undefined when it cannot be read after all. Read with the lines before it, as the last turns are read back to front. */
  const entryAt = (i: number): ConversationEntry | undefined => {
    if (ranges[2 * i]! >= 0) readLines(Math.max(0, i - LINES_READ_BACK + 1), i);
    return parsed.get(i);
  };
  let all: ConversationEntry[] | undefined;
  return {
    id,
    file,
    header,
    model,
    skippedLines,
    get entries() {
      if (all === undefined) {
        // Every line is parsed now, so nothing reads the file again.
        readLines(0, count - 1);
        closeSync(fd);
        all = [];
        for (let i = 0; i < count; i++) {
          const entry = parsed.get(i);
          if (entry) all.push(entry);
        }
      }
      return all;
    },
    recentEntries: (prompts) => lastTurns(count, entryAt, prompts),
  };
}

/** Lines read back at a time for the last turns: a turn or more of a coding session. */
const LINES_READ_BACK = 16;
/** The first letters of the conversation's line types (prompt, assistant, tool_results, note, refused, compaction, clear, partial): never `s` or `m`, the header's and the model line's. */
const ENTRY_INITIALS = new Uint8Array(128);
for (const type of ENTRY_TYPES) ENTRY_INITIALS[type.charCodeAt(0)] = 1;
/**
 * `{"type":"` and `,"time":"…Z"}` where SessionLog puts them, as byte codes:
 * the first at offsets from a line's start, the second (its digits left out) back from its end.
 */
const HEAD = Uint8Array.from('{"type":"', (char) => char.charCodeAt(0));
const TAIL = Uint8Array.from(',"time":"', (char) => char.charCodeAt(0));
const TAIL_LENGTH = ',"time":"2026-12-04T01:24:22.000Z"}'.length;

/**
 * Whether `bytes[start, end)` looks like a whole conversation line as
 * SessionLog writes it: an entry's type first, the time last. In JSON a quote
 * inside a string is escaped, so these quotes are the line's own. Plain loops
 * over bytes: a Buffer call or an iterator per line costs more than the reading.
 */
function isWholeEntryLine(bytes: Buffer, start: number, end: number): boolean {
  if (end - start < 50 || ENTRY_INITIALS[bytes[start + 9]!] !== 1) return false;
  if (bytes[end - 1] !== 0x7d || bytes[end - 2] !== 0x22 || bytes[end - 3] !== 0x5a) return false;
  const tail = end - TAIL_LENGTH;
  for (let i = 0; i < HEAD.length; i++) if (bytes[start + i] !== HEAD[i] || bytes[tail + i] !== TAIL[i]) return false;
  return true;
}

/** A session already in memory (a test's, or one just built). */
export function savedSession(
  fields: Omit<SavedSession, "entries" | "recentEntries">,
  entries: readonly ConversationEntry[],
): SavedSession {
  return { ...fields, entries, recentEntries: (prompts) => lastTurns(entries.length, (i) => entries[i], prompts) };
}

/** The entries from the `prompts`-th last prompt on, reading entries back from the end: `at(i)` undefined skips one. */
function lastTurns(
  count: number,
  at: (i: number) => ConversationEntry | undefined,
  prompts: number,
): ConversationEntry[] {
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
      if (size > 0 && (best === undefined || mtimeMs > best.at))
        best = { id: name.slice(0, -".jsonl".length), file, at: mtimeMs };
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
