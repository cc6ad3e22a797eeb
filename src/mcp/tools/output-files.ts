/**
 * MCP tool output past MAX_MCP_OUTPUT_TOKENS, saved whole in the home folder
 * (`<home>/tool-output/<session>/`, 0600 files in 0700 folders) so the model can
 * read the rest in slices with Read. Folders of sessions a week old are removed.
 */
import { readdir, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { writeFileAtomic } from "../../fs/atomic-write.ts";

/** How long a session's saved outputs are kept. */
export const TOOL_OUTPUT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** Where one output went, for the note the model gets. */
export interface SavedOutput {
  path: string;
  chars: number;
  lines: number;
  longestLine: number;
}

/** Saves a tool's whole output; resolves with where, or undefined when it could not be written. */
export type SaveToolOutput = (server: string, tool: string, text: string) => Promise<SavedOutput | undefined>;

/** One session's folder of saved outputs. */
export class ToolOutputFiles {
  readonly #dir: string;
  #count = 0;

  /** `root` is `<home>/tool-output`; `sessionId` names this session's folder. */
  constructor(root: string, sessionId: string) {
    this.#dir = join(root, sessionId);
  }

  /** Writes `text` to a new file named for the server, the tool and a counter. */
  readonly save: SaveToolOutput = async (server, tool, text) => {
    this.#count += 1;
    const path = join(this.#dir, `${safeName(server)}__${safeName(tool)}-${this.#count}.txt`);
    try {
      await writeFileAtomic(path, text, { private: true, followLinks: false });
    } catch {
      return undefined;
    }
    let lines = 0;
    let longestLine = 0;
    for (const line of text.split("\n")) {
      lines += 1;
      longestLine = Math.max(longestLine, line.length);
    }
    return { path, chars: text.length, lines, longestLine };
  };
}

/** Removes session folders under `root` not changed for `maxAgeMs`; a missing root or a failure removes nothing. */
export async function removeOldToolOutput(root: string, now: number, maxAgeMs = TOOL_OUTPUT_MAX_AGE_MS): Promise<void> {
  const entries = await readdir(root).catch(() => [] as string[]);
  await Promise.all(
    entries.map(async (entry) => {
      const path = join(root, entry);
      const info = await stat(path).catch(() => undefined);
      if (info && now - info.mtimeMs > maxAgeMs)
        await rm(path, { recursive: true, force: true }).catch(() => undefined);
    }),
  );
}

/** A file-name-safe spelling of a server or tool name. */
function safeName(name: string): string {
  return name.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 60) || "_";
}
