/**
 * The folder name of a project's saved sessions: its path with every character
 * outside [A-Za-z0-9] made `-` (as Claude Code names `~/.claude/projects/…`);
 * a path too long for a file name keeps its end and gains a hash.
 */
import { sha256Hex } from "../on-demand-crypto.ts";

const MAX_KEY = 200;

export function projectKey(cwd: string): string {
  const key = cwd.replace(/[^A-Za-z0-9]/g, "-");
  if (key.length <= MAX_KEY) return key;
  const hash = sha256Hex(cwd).slice(0, 12);
  return `${key.slice(0, MAX_KEY - 13)}-${hash}`;
}
