/**
 * `/permissions`: every permission rule in force, numbered, with the file (or
 * flag, or "this session") it came from; `/permissions remove N` takes one out
 * of its file (the file is rewritten keeping the rest as it was).
 */
import type { ListedRule } from "../../src/agent/permissions.ts";
import { terminalSafeLine } from "../../src/text/terminal-safe.ts";
import { displayFile } from "../rows/display-path.ts";
import { failure, output, type SlashCommand } from "./slash-command.ts";

const ORDER: Record<ListedRule["behavior"], number> = { deny: 0, ask: 1, allow: 2 };

/** The rules in the order listed: deny, ask, allow (each as found). */
export function listedRules(rules: readonly ListedRule[]): ListedRule[] {
  return [...rules].sort((a, b) => ORDER[a.behavior] - ORDER[b.behavior]);
}

/** `/permissions`, `/permissions remove N` */
export const permissionsCommand: SlashCommand = {
  name: "permissions",
  runs: "now",
  usage: ["/permissions", "/permissions remove N"],
  description: "List the permission rules and where each comes from; remove one",
  async run(args, { settings }) {
    if (!settings) return failure("This session has no settings files.");
    const rules = listedRules(settings.rules());
    const where = (rule: ListedRule) => terminalSafeLine(displayFile(rule.source, settings.cwd));
    if (args[0] === "remove") {
      const n = Number(args[1]);
      const rule = Number.isInteger(n) ? rules[n - 1] : undefined;
      if (!rule || args.length !== 2)
        return failure(`Usage: /permissions remove N, N from 1 to ${rules.length} as /permissions lists them`);
      if (rule.source.startsWith("--"))
        return failure(
          `${terminalSafeLine(rule.rule)} comes from ${rule.source} on the command line: start without it.`,
        );
      await settings.remove(rule);
      return output(`Removed ${rule.behavior} rule ${terminalSafeLine(rule.rule)} from ${where(rule)}.`);
    }
    if (args.length > 0) return failure("Usage: /permissions, or /permissions remove N");
    if (rules.length === 0)
      return output('No permission rules. "Yes, and don\'t ask again" adds one to .claude/settings.local.json.');
    const width = Math.max(...rules.map((rule) => terminalSafeLine(rule.rule).length));
    return output(
      "Permission rules (deny, then ask, then allow):",
      ...rules.map(
        (rule, i) =>
          `  ${String(i + 1).padStart(2)}. ${rule.behavior.padEnd(5)} ${terminalSafeLine(rule.rule).padEnd(width)}  ${where(rule)}`,
      ),
      "/permissions remove N takes one out of its file.",
    );
  },
};
