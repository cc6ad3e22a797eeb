/**
 * The servers the scope files declare, read as written (no precedence, no
 * ${VAR} expansion) for `mcp get` and `mcp approve`, each checked against the
 * schema so an approval is bound to the same entry a session would fingerprint.
 */
import type { DeclaredEntry } from "../../config/editor.ts";
import { validateEntry } from "../../config/schema.ts";
import { serversPath } from "../../config/scope-files.ts";
import type { ServerConfig } from "../../config/types.ts";
import type { McpCommandContext } from "./command.ts";

/** A declaration, valid (with the config a session would build) or not (with the reason). */
export type CheckedEntry = DeclaredEntry & ({ ok: true; config: ServerConfig } | { ok: false; error: string });

/** Validates one declaration; `resolved` is left unexpanded, as nothing here runs it. */
export function checkEntry(declared: DeclaredEntry, projectDir: string): CheckedEntry {
  const path = [...serversPath(declared.scope, projectDir), declared.name];
  const valid = validateEntry(declared.entry, path);
  if (!valid.ok) return { ...declared, ok: false, error: valid.error };
  const config: ServerConfig = {
    name: declared.name,
    source: declared.scope,
    file: declared.file,
    entry: valid.entry,
    resolved: valid.entry,
  };
  return { ...declared, ok: true, config };
}

/** Every declaration of every scope, in precedence order (local, project, user), plus the files that could not be read. */
export async function readDeclared(
  context: McpCommandContext,
): Promise<{ entries: CheckedEntry[]; problems: string[] }> {
  const { entries, problems } = await context.editor.listDeclared();
  return { entries: entries.map((declared) => checkEntry(declared, context.projectDir)), problems };
}

/** The problem reported for `file`, if any (each problem line starts with its file). */
export function problemOf(problems: readonly string[], file: string): string | undefined {
  return problems.find((problem) => problem.startsWith(`${file}:`));
}
