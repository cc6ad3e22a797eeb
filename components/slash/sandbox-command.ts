/**
 * `/sandbox [on|off]`: switches sandbox mode for Bash, as `--sandbox` does at
 * start: on, commands run in the sandbox (writes: this project; no network)
 * and need no approval; one the model asks to run outside it is approved as usual.
 */
import { failure, output, type SlashCommand } from "./slash-command.ts";

/** `/sandbox`, `/sandbox on`, `/sandbox off` */
export const sandboxCommand: SlashCommand = {
  name: "sandbox",
  runs: "now",
  usage: ["/sandbox [on|off]"],
  description: "Run Bash commands in the sandbox (no approval needed), or as you",
  run(args, { sandboxMode }) {
    if (!sandboxMode) return failure("This session has no sandbox.");
    const [word, extra] = args;
    if (extra !== undefined || (word !== undefined && word !== "on" && word !== "off"))
      return failure("Usage: /sandbox [on|off]");
    const on = word === undefined ? !sandboxMode.getSnapshot() : word === "on";
    sandboxMode.update(() => on);
    return output(
      on
        ? "Sandbox mode on: Bash commands run in the sandbox (writes: this project; network: none) without asking; one the model asks to run outside it needs your approval."
        : "Sandbox mode off: Bash commands run as you and ask for approval.",
    );
  },
};
