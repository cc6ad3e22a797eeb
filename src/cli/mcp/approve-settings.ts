/**
 * `mini-cc mcp approve --settings`: the non-interactive way to trust what the
 * project's shared `.claude/settings.json` grants (CI, scripts), as the TUI's
 * question does: the grants are listed, then remembered by fingerprint.
 */
import { MiniCcError, usageError } from "../../errors.ts";
import { settingsMessages } from "../../settings/project-settings.ts";
import { grantLines } from "../../settings/settings-trust.ts";
import type { McpCommandContext } from "./command.ts";

export async function approveSettings(positionals: readonly string[], context: McpCommandContext): Promise<number> {
  if (positionals.length > 0) throw usageError("--settings takes no server names");
  const loaded = await context.settings();
  const shared = loaded.files.find((file) => file.kind === "shared")!;
  for (const problem of shared.problems) context.warn(problem);
  if (!shared.exists) {
    context.print(`No ${loaded.shared.path}.`);
    return 0;
  }
  if (shared.problems.length > 0 && loaded.shared.status === "none") throw new MiniCcError("command-failed", `nothing approved: ${loaded.shared.path} has problems`);
  if (loaded.shared.status === "none") {
    context.print(`${loaded.shared.path} grants nothing that needs approval.`);
    return 0;
  }
  for (const message of settingsMessages(loaded).filter((m) => m.startsWith(loaded.shared.path) && !shared.problems.includes(m))) context.warn(message);
  await context.settingsApprovals.approve(context.projectDir, loaded.shared.grants);
  context.print(`Approved ${loaded.shared.path} (fingerprint ${loaded.shared.fingerprint}); it may now:`);
  for (const line of grantLines(loaded.shared.grants)) context.print(`  ${line}`);
  return 0;
}
