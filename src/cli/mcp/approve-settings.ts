/**
 * `mini-cc mcp approve --settings`: the non-interactive way to trust what the
 * repository's settings files grant (the shared `.claude/settings.json`, and a
 * `settings.local.json` the repository carries) in CI and scripts, as the
 * TUI's question does: the grants are listed, then remembered by fingerprint.
 */
import { MiniCcError, usageError } from "../../errors.ts";
import { isRepositoryFile } from "../../settings/project-settings.ts";
import { grantLines } from "../../settings/settings-trust.ts";
import type { McpCommandContext } from "./command.ts";

export async function approveSettings(positionals: readonly string[], context: McpCommandContext): Promise<number> {
  if (positionals.length > 0) throw usageError("--settings takes no server names");
  const loaded = await context.settings();
  const repository = loaded.files.filter((file) => isRepositoryFile(file) && file.exists);
  const named = loaded.shared.paths.join(" and ");
  const problems = repository.flatMap((file) => file.problems);
  for (const problem of problems) context.warn(problem);
  if (repository.length === 0) {
    context.print(`No ${named}.`);
    return 0;
  }
  if (problems.length > 0 && loaded.shared.status === "none")
    throw new MiniCcError(
      "command-failed",
      `nothing approved: ${named} ${repository.length === 1 ? "has" : "have"} problems`,
    );
  if (loaded.shared.status === "none") {
    context.print(`${named} ${repository.length === 1 ? "grants" : "grant"} nothing that needs approval.`);
    return 0;
  }
  for (const note of repository.flatMap((file) => file.notes)) context.warn(note);
  await context.settingsApprovals.approve(context.projectDir, loaded.shared.grants);
  if (loaded.shared.carried)
    context.print(`${loaded.shared.paths.at(-1)} is the repository's, not yours (${loaded.shared.carried}).`);
  context.print(
    `Approved ${named} (fingerprint ${loaded.shared.fingerprint}); ${repository.length === 1 ? "it" : "they"} may now:`,
  );
  for (const line of grantLines(loaded.shared.grants)) context.print(`  ${line}`);
  return 0;
}
