/**
 * `/model [NAME]`: the model later requests go to (saved with the session);
 * without NAME, a picker of the models mini-cc knows.
 */
import { terminalSafeLine } from "../../src/text/terminal-safe.ts";
import { failure, output, type CommandResult, type SlashCommand } from "./slash-command.ts";
import type { TuiSessions } from "../runtime/tui-runtime.ts";
import { errorText } from "../../src/errors.ts";

async function switchTo(sessions: TuiSessions, name: string): Promise<CommandResult> {
  try {
    await sessions.setModel(name);
  } catch (error) {
    return failure(terminalSafeLine(errorText(error)));
  }
  return output(`Model: ${terminalSafeLine(sessions.model.getSnapshot())} from the next request on.`);
}

export const modelCommand: SlashCommand = {
  name: "model",
  runs: "now",
  usage: ["/model [NAME]"],
  description: "Choose the model (a list without NAME)",
  run(args, { sessions }) {
    if (!sessions) return failure("This session cannot change its model.");
    const name = args.join(" ").trim();
    if (name !== "") return switchTo(sessions, name);
    const current = sessions.model.getSnapshot();
    const models = sessions.models();
    return {
      kind: "pick",
      picker: {
        title: `Model (now ${current})`,
        choices: models.map((m) => (m === current ? `${m} (current)` : m)),
        pick: (index) => switchTo(sessions, models[index] ?? current),
      },
    };
  },
};
