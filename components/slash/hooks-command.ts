/**
 * `/hooks`: every hook the settings files declare, with its file, event,
 * matcher and command, and whether it runs (a shared file's hooks wait for
 * its approval; disableAllHooks and managed policy turn hooks off).
 */
import { terminalSafeLine } from "../../src/text/terminal-safe.ts";
import { displayFile } from "../rows/display-path.ts";
import { failure, output, type SlashCommand } from "./slash-command.ts";

export const hooksCommand: SlashCommand = {
  name: "hooks",
  runs: "now",
  usage: ["/hooks"],
  description: "List the hooks of the settings files and whether each runs",
  run(args, { settings }) {
    if (args.length > 0) return failure("Usage: /hooks");
    if (!settings) return failure("This session has no settings files.");
    const listed = settings.hooks();
    if (listed.length === 0)
      return output('No hooks. Settings files declare them under "hooks" (Claude Code\'s format).');
    return output(
      "Hooks (event, matcher, command; file):",
      ...listed.flatMap(({ hook, trusted, why }) => [
        `  ${trusted ? "✔" : "✘"} ${hook.event.padEnd(16)} ${(hook.matcher === "" ? "*" : terminalSafeLine(hook.matcher)).padEnd(12)} ${terminalSafeLine(hook.command)}`,
        `      ${terminalSafeLine(displayFile(hook.source, settings.cwd))}${trusted ? "" : ` — not run: ${why}`}`,
      ]),
    );
  },
};
