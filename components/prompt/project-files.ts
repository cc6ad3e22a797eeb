/**
 * The project's files, for `@` completion: listed once when the user first
 * types `@` (and again after each turn, which may have added some), in the
 * background, so a keystroke never waits for a walk. In a git repository git
 * lists them (tracked and untracked, .gitignore respected: fast in a big
 * tree); elsewhere a bounded walk skips dependency and hidden folders and
 * what the root .gitignore names plainly.
 */
import { execFile } from "node:child_process";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { Store } from "../../src/store.ts";

/** Paths listed at most: past it completion offers the first ones found. */
export const MAX_LISTED_FILES = 50_000;
const GIT_TIMEOUT_MS = 5_000;
const SKIPPED = new Set(["node_modules", ".git", "dist", "build", "target", "vendor", "__pycache__"]);

/** Relative paths with `/` separators, sorted; empty until the first listing ends. */
export class ProjectFiles extends Store<readonly string[]> {
  readonly #root: string;
  #listing: Promise<void> | undefined;
  #stale = true;

  constructor(root: string) {
    super([]);
    this.#root = root;
  }

  /** Starts a listing when none is current; cheap to call on every keystroke. */
  refresh(): void {
    if (!this.#stale || this.#listing) return;
    this.#stale = false;
    this.#listing = listProjectFiles(this.#root)
      .then((files) => this.update(() => files))
      .catch(() => undefined)
      .finally(() => {
        this.#listing = undefined;
      });
  }

  /** The files may have changed (a turn ran): the next refresh lists them again. */
  markStale(): void {
    this.#stale = true;
  }

  /** Resolves when the listing under way (if any) has ended: for tests. */
  async settled(): Promise<void> {
    await this.#listing;
  }
}

/** Every file under `root`, git's view when it is a repository. */
export async function listProjectFiles(root: string): Promise<readonly string[]> {
  const fromGit = await gitFiles(root).catch(() => undefined);
  const files = fromGit ?? (await walkFiles(root));
  return files.slice(0, MAX_LISTED_FILES).sort();
}

function gitFiles(root: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    execFile(
      "git",
      ["ls-files", "-z", "--cached", "--others", "--exclude-standard"],
      { cwd: root, timeout: GIT_TIMEOUT_MS, maxBuffer: 64 * 1024 * 1024, encoding: "utf8" },
      (error, stdout) => (error ? reject(error) : resolve(stdout.split("\0").filter((file) => file !== ""))),
    );
  });
}

/** Names the root .gitignore gives plainly (`dist`, `/out/`, `*.log`); anything subtler is not followed. */
async function ignoredNames(root: string): Promise<(name: string) => boolean> {
  const text = await readFile(path.join(root, ".gitignore"), "utf8").catch(() => "");
  const names = new Set<string>();
  const suffixes: string[] = [];
  for (const raw of text.split("\n")) {
    const rule = raw.trim().replace(/^\//, "").replace(/\/$/, "");
    if (rule === "" || rule.startsWith("#") || rule.startsWith("!") || rule.includes("/")) continue;
    if (/^\*\.[^*?[]+$/.test(rule)) suffixes.push(rule.slice(1));
    else if (!/[*?[]/.test(rule)) names.add(rule);
  }
  return (name) => names.has(name) || suffixes.some((suffix) => name.endsWith(suffix));
}

async function walkFiles(root: string): Promise<string[]> {
  const ignored = await ignoredNames(root);
  const found: string[] = [];
  const folders = [""];
  while (folders.length > 0 && found.length < MAX_LISTED_FILES) {
    const folder = folders.shift()!;
    const entries = await readdir(path.join(root, folder), { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (SKIPPED.has(entry.name) || ignored(entry.name) || (entry.isDirectory() && entry.name.startsWith(".")))
        continue;
      const relative = folder === "" ? entry.name : `${folder}/${entry.name}`;
      if (entry.isDirectory()) folders.push(relative);
      else if (entry.isFile()) found.push(relative);
    }
  }
  return found;
}
