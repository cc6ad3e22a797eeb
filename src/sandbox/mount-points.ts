/**
 * The sandbox's mount points in the user's folders. For a write-denied path
 * that does not exist (`.mcp.json`, `.bashrc`, `.claude`… of a project
 * without them), bubblewrap binds an empty read-only file or an empty folder
 * there, creating it on the host; the runtime removes them when it ends, but
 * a mini-cc killed with SIGKILL never gets that far. So before each
 * sandboxed launch the paths its command line will create are recorded in a
 * file of this process (`<MINI_CC_HOME>/sandbox-mounts/<pid>.json`), and the
 * next start removes, for every recording process that is gone, what is still
 * an untouched mount point — never a path a live process recorded, nor one a
 * running bubblewrap still binds (a sandboxed server the kill left behind):
 * removing a live sandbox's mount point would lift its deny.
 */
import { lstatSync, readdirSync, readFileSync, rmdirSync, unlinkSync } from "node:fs";
import { readdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { writeFileAtomic } from "../fs/atomic-write.ts";
import { readJsonFile } from "../fs/json-file.ts";
import { processStartTicks } from "../fs/proc-start.ts";
import { shellWords } from "../text/shell-words.ts";

/** One process's record. */
interface MountRecord {
  readonly pid: number;
  /** The process's start (clock ticks since boot), so a reused pid is not taken for it. */
  readonly started: number;
  /** When it was first written (ms since the epoch): a mount point is no older. */
  readonly since: number;
  readonly paths: readonly string[];
}

/** The bind destinations on a bubblewrap command line (`--ro-bind SRC DEST`, `--bind SRC DEST`) that do not exist now. */
export function absentBindTargets(commandLine: string): string[] {
  const words = shellWords(commandLine);
  const targets: string[] = [];
  for (let i = 0; i + 2 < words.length; i++) {
    if (words[i] === "--") break; // the command itself follows
    if (words[i] !== "--ro-bind" && words[i] !== "--bind") continue;
    const target = words[i + 2]!;
    if (!exists(target)) targets.push(target);
    i += 2;
  }
  return targets;
}

function exists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

const recordFile = (dir: string, pid: number) => join(dir, `${pid}.json`);

function isRecord(value: unknown): value is MountRecord {
  const record = value as Partial<MountRecord> | null;
  return (
    typeof record === "object" &&
    record !== null &&
    typeof record.pid === "number" &&
    typeof record.started === "number" &&
    typeof record.since === "number" &&
    Array.isArray(record.paths) &&
    record.paths.every((path) => typeof path === "string")
  );
}

async function readRecord(file: string): Promise<MountRecord | undefined> {
  const read = await readJsonFile(file).catch(() => undefined);
  return read?.kind === "ok" && isRecord(read.value) ? read.value : undefined;
}

/** Adds `paths` to this process's record (written before the launch that creates them). */
export async function recordMountPoints(dir: string, paths: readonly string[], now: number): Promise<void> {
  if (paths.length === 0) return;
  const file = recordFile(dir, process.pid);
  const previous = await readRecord(file);
  const record: MountRecord = {
    pid: process.pid,
    started: processStartTicks(process.pid) ?? 0,
    since: previous?.since ?? now,
    paths: [...new Set([...(previous?.paths ?? []), ...paths])],
  };
  await writeFileAtomic(file, `${JSON.stringify(record)}\n`, { private: true });
}

/** Forgets this process's record: its runtime ended and removed its mount points. */
export async function forgetMountPoints(dir: string): Promise<void> {
  await rm(recordFile(dir, process.pid), { force: true });
}

/** Whether the process that wrote `record` still runs. */
const alive = (record: MountRecord) => record.pid === process.pid || processStartTicks(record.pid) === record.started;

/** Removes what the dead processes' records name and is still an untouched mount point, then their records. */
export async function removeDeadRunsMountPoints(dir: string): Promise<void> {
  const files = await readdir(dir).catch(() => [] as string[]);
  const records = await Promise.all(
    files
      .filter((file) => /^\d+\.json$/.test(file))
      .map(async (file) => ({ file, record: await readRecord(join(dir, file)) })),
  );
  if (records.every(({ record }) => record && alive(record))) return;
  const live = new Set(records.flatMap(({ record }) => (record && alive(record) ? record.paths : [])));
  const bound = argumentsOfRunningProcesses();
  for (const { file, record } of records) {
    if (record && alive(record)) continue;
    // A sandbox of that run still running: its record waits for a later start.
    if (record?.paths.some((path) => bound.has(path))) continue;
    // Deepest first: a folder goes only once empty.
    for (const path of [...(record?.paths ?? [])].sort((a, b) => b.length - a.length)) {
      if (!live.has(path)) removeIfMountPoint(path, record!.since);
    }
    await rm(join(dir, file), { force: true });
  }
}

/** Every argument of every process's command line (/proc; empty where it cannot be read). */
function argumentsOfRunningProcesses(): Set<string> {
  const found = new Set<string>();
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return found;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      for (const arg of readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0")) found.add(arg);
    } catch {
      // Ended meanwhile.
    }
  }
  return found;
}

/** An empty read-only file or an empty folder made since `since`: what bubblewrap leaves; anything else is the user's. */
function removeIfMountPoint(path: string, since: number): void {
  try {
    const stat = lstatSync(path);
    if (stat.ctimeMs < since - 1000) return;
    if (stat.isFile() && stat.size === 0 && (stat.mode & 0o222) === 0) unlinkSync(path);
    else if (stat.isDirectory() && readdirSync(path).length === 0) rmdirSync(path);
  } catch {
    // Gone already, or not ours to remove.
  }
}
