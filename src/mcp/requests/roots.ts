/**
 * The roots mini-cc offers servers (MCP `roots/list`): the project folder and
 * every `--add-dir` folder, as `file://` URIs. A store, so a change reaches
 * every connected server as `notifications/roots/list_changed`
 * (connection/feature-lists.ts installs the handler and the notice).
 */
import { basename, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { Root } from "@modelcontextprotocol/client";
import { Store } from "../../store.ts";

/** `file:///work/project` named `project`; duplicates (the project given again with --add-dir) kept once. */
export function rootsOf(projectDir: string, addDirs: readonly string[] = []): readonly Root[] {
  const seen = new Set<string>();
  const roots: Root[] = [];
  for (const dir of [projectDir, ...addDirs.map((each) => resolve(projectDir, each))]) {
    const uri = pathToFileURL(dir).href;
    if (seen.has(uri)) continue;
    seen.add(uri);
    roots.push({ uri, name: basename(dir) || dir });
  }
  return roots;
}

/** The session's roots; `setFolders` replaces them (servers are told). */
export class RootsStore extends Store<readonly Root[]> {
  readonly #projectDir: string;

  constructor(projectDir: string, addDirs: readonly string[] = []) {
    super(rootsOf(projectDir, addDirs));
    this.#projectDir = projectDir;
  }

  /** The project plus `addDirs`; no change, no notice. */
  setFolders(addDirs: readonly string[]): void {
    const next = rootsOf(this.#projectDir, addDirs);
    this.update((prev) =>
      prev.length === next.length && prev.every((root, i) => root.uri === next[i]?.uri) ? prev : next,
    );
  }
}
