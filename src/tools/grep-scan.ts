/**
 * Grep's search proper: a regular expression run over files' lines. It runs
 * in a worker thread (grep-worker.ts): a JavaScript regex cannot be stopped
 * once it starts, so a pattern that backtracks for ever must block a thread
 * that can be thrown away, never the agent's.
 */
import { readLocated } from "./paths.ts";
import { isBinary, splitLines } from "./read.ts";

const MAX_MATCH_LINE_CHARS = 500;
// Bigger files are almost always generated or data; searching them costs much and tells little.
const MAX_FILE_BYTES = 10 * 1024 * 1024;

export const GREP_OUTPUT_MODES = ["content", "files_with_matches", "count"] as const;

/** What Grep reports: matching lines, the files that match, or a count per file. */
export type GrepOutputMode = (typeof GREP_OUTPUT_MODES)[number];

/** One search, as plain data (it crosses to the worker). */
export interface ScanRequest {
  /** The regex's source and flags. */
  source: string;
  flags: string;
  mode: GrepOutputMode;
  lineNumbers: boolean;
  /** Files in the order they are reported: how each is shown, where it is read, its size. */
  files: ReadonlyArray<{ shown: string; real: string; size: number }>;
  /** Result lines kept at most. */
  maxLines: number;
}

/** The result lines, and whether more were left out. */
export interface ScanResult {
  lines: string[];
  truncated: boolean;
}

/** Searches the files in order, stopping at maxLines. */
export async function scanFiles(request: ScanRequest): Promise<ScanResult> {
  const regex = new RegExp(request.source, request.flags);
  const out: string[] = [];
  for (const file of request.files) {
    if (file.size > MAX_FILE_BYTES) continue;
    const lines = await searchableLines(file.real);
    if (lines === undefined) continue;
    const found = matchingLines(file.shown, lines, regex, request);
    if (out.length + found.length > request.maxLines) {
      out.push(...found.slice(0, request.maxLines - out.length));
      return { lines: out, truncated: true };
    }
    out.push(...found);
  }
  return { lines: out, truncated: false };
}

/** The result lines one file contributes. */
function matchingLines(shown: string, lines: readonly string[], regex: RegExp, request: ScanRequest): string[] {
  const { mode, lineNumbers } = request;
  if (mode === "files_with_matches") return lines.some((l) => regex.test(l)) ? [shown] : [];
  if (mode === "count") {
    const count = lines.filter((l) => regex.test(l)).length;
    return count === 0 ? [] : [`${shown}:${count}`];
  }
  const found: string[] = [];
  lines.forEach((line, i) => {
    if (!regex.test(line)) return;
    const text = line.length > MAX_MATCH_LINE_CHARS ? `${line.slice(0, MAX_MATCH_LINE_CHARS)}…` : line;
    found.push(lineNumbers ? `${shown}:${i + 1}:${text}` : `${shown}:${text}`);
  });
  return found;
}

/** A text file's lines, or undefined for files not worth searching (binary, unreadable). */
async function searchableLines(real: string): Promise<string[] | undefined> {
  let bytes: Buffer;
  try {
    bytes = await readLocated(real);
  } catch {
    return undefined;
  }
  if (isBinary(bytes)) return undefined;
  return splitLines(bytes.toString("utf8"));
}
