/**
 * Whether git tracks a file, read from the repository's index file rather
 * than by starting `git` (a process costs milliseconds at every start-up; the
 * index is one read). Index versions 2, 3 and 4 are understood; a split index
 * or anything unexpected falls back to `git ls-files --error-unmatch`, and
 * when even that cannot answer the answer is "unknown" (callers treat it as
 * tracked: when in doubt, a file is the repository's).
 */
import { execFile } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";

export type GitTracking = "tracked" | "untracked" | "no-repository" | "unknown";

/** Where the working tree and its git folder are, for the folder holding `path`. */
interface Repository {
  readonly workTree: string;
  readonly gitDir: string;
}

/** Whether the repository around `path` tracks it (its index has an entry of that path). */
export async function gitTracking(path: string): Promise<GitTracking> {
  const repo = findRepository(dirname(resolve(path)));
  if (!repo) return "no-repository";
  const name = relative(repo.workTree, resolve(path)).split(sep).join("/");
  // A split index keeps most entries in a shared file beside it: git itself answers then.
  if (splitIndex(repo.gitDir)) return askGit(repo.workTree, name);
  let index: Buffer;
  try {
    index = readFileSync(join(repo.gitDir, "index"));
  } catch (error) {
    // A repository with nothing added yet has no index.
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return "untracked";
    return askGit(repo.workTree, name);
  }
  const found = indexHasPath(index, Buffer.from(name, "utf8"), hashLength(repo.gitDir));
  return found === "unknown" ? askGit(repo.workTree, name) : found ? "tracked" : "untracked";
}

/** The nearest folder from `dir` up holding `.git` (a folder, or a file `gitdir: …` in a worktree or submodule). */
function findRepository(dir: string): Repository | undefined {
  for (let at = dir; ; at = dirname(at)) {
    const dotGit = join(at, ".git");
    try {
      if (statSync(dotGit).isDirectory()) return { workTree: at, gitDir: dotGit };
      const pointer = /^gitdir:\s*(.+?)\s*$/m.exec(readFileSync(dotGit, "utf8"))?.[1];
      if (pointer) return { workTree: at, gitDir: isAbsolute(pointer) ? pointer : resolve(at, pointer) };
    } catch {
      // No .git here: look further up.
    }
    if (dirname(at) === at) return undefined;
  }
}

/** 20 bytes (SHA-1) unless the repository's config says sha256; a worktree's config is in the common folder. */
function hashLength(gitDir: string): number {
  const common = join(gitDir, "commondir");
  const configDir = existsSync(common) ? resolve(gitDir, readFileSync(common, "utf8").trim()) : gitDir;
  try {
    return /^\s*objectformat\s*=\s*sha256\s*$/im.test(readFileSync(join(configDir, "config"), "utf8")) ? 32 : 20;
  } catch {
    return 20;
  }
}

function splitIndex(gitDir: string): boolean {
  try {
    return readdirSync(gitDir).some((file) => file.startsWith("sharedindex."));
  } catch {
    return false;
  }
}

/** The fixed part of an entry before its flags: ten 32-bit stat fields, then the object id. */
const STAT_BYTES = 40;
const EXTENDED_FLAG = 0x4000;

/** Whether the index lists `name`; "unknown" for a version it does not know or a file cut short. */
export function indexHasPath(index: Buffer, name: Buffer, hashBytes = 20): boolean | "unknown" {
  if (index.length < 12 || index.toString("latin1", 0, 4) !== "DIRC") return "unknown";
  const version = index.readUInt32BE(4);
  if (version < 2 || version > 4) return "unknown";
  // Versions 2 and 3 spell each path whole: a path that appears nowhere is in no entry.
  if (version < 4 && index.indexOf(name) === -1) return false;
  const count = index.readUInt32BE(8);
  let at = 12;
  let previous: Buffer = Buffer.alloc(0);
  for (let i = 0; i < count; i++) {
    const flagsAt = at + STAT_BYTES + hashBytes;
    if (flagsAt + 2 > index.length) return "unknown";
    const flags = index.readUInt16BE(flagsAt);
    const nameAt = flagsAt + 2 + (version >= 3 && flags & EXTENDED_FLAG ? 2 : 0);
    let path: Buffer;
    let end: number;
    if (version === 4) {
      // A varint of how many bytes to drop from the previous path, then the rest, NUL-ended; no padding.
      const strip = readVarint(index, nameAt);
      if (!strip) return "unknown";
      end = index.indexOf(0, strip.next);
      if (end === -1 || strip.value > previous.length) return "unknown";
      path = Buffer.concat([previous.subarray(0, previous.length - strip.value), index.subarray(strip.next, end)]);
      at = end + 1;
    } else {
      end = index.indexOf(0, nameAt);
      if (end === -1) return "unknown";
      path = index.subarray(nameAt, end);
      // Padded with 1 to 8 NULs to a multiple of 8 bytes from the entry's start.
      at += Math.ceil((end - at + 1) / 8) * 8;
    }
    if (path.equals(name)) return true;
    previous = path;
  }
  return false;
}

/** Git's offset varint (index v4): 7 bits a byte, each continuation adding one. */
function readVarint(buffer: Buffer, at: number): { value: number; next: number } | undefined {
  let value = 0;
  for (let i = at; i < buffer.length && i < at + 8; i++) {
    const byte = buffer[i]!;
    value = (value << 7) | (byte & 0x7f);
    if ((byte & 0x80) === 0) return { value, next: i + 1 };
    value += 1;
  }
  return undefined;
}

/** `git ls-files --error-unmatch`: exit 0 tracked, 1 not; anything else (no git) unknown. */
function askGit(workTree: string, name: string): Promise<GitTracking> {
  return new Promise((done) => {
    execFile("git", ["-C", workTree, "ls-files", "--error-unmatch", "--", name], { timeout: 5_000 }, (error) => {
      if (!error) return done("tracked");
      done(typeof error.code === "number" && error.code === 1 ? "untracked" : "unknown");
    });
  });
}
