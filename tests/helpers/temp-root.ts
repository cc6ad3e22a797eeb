/**
 * Vitest's global setup: one temporary folder for the whole run, removed when
 * it ends. Tests make their sandboxes with mkdtemp(tmpdir()) and the servers
 * they start write logs there; with TMPDIR pointing here, the workers and every
 * process they spawn leave nothing behind in the system's temporary folder.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export default function setup(): () => void {
  const root = mkdtempSync(join(tmpdir(), "mini-cc-tests-"));
  process.env.TMPDIR = root;
  return () => rmSync(root, { recursive: true, force: true });
}
