/**
 * `/model [NAME]`: the model later requests go to (saved with the session).
 * Without NAME, Claude Code's choices: Default, Opus, Sonnet and Haiku, each
 * with what it is for and the model it means, the current one highlighted.
 * NAME is one of those, or a model id the catalog knows; anything else is
 * refused with the list (a typo would otherwise fail only at the next request).
 */
import { catalogModels, knownModelId, modelOptions, type ModelOption } from "../../src/model/model-catalog.ts";
import { terminalSafeLine } from "../../src/text/terminal-safe.ts";
import { failure, output, type CommandResult, type PickerChoice, type SlashCommand } from "./slash-command.ts";
import type { SessionActions } from "../../src/session/runtime-api.ts";
import { errorText } from "../../src/errors.ts";

async function switchTo(sessions: SessionActions, name: string): Promise<CommandResult> {
  try {
    await sessions.setModel(name);
  } catch (error) {
    return failure(terminalSafeLine(errorText(error)));
  }
  return output(`Model: ${terminalSafeLine(sessions.model.getSnapshot())} from the next request on.`);
}

/** Which option is the model in use: Default when it is the default, else the family whose newest it is; -1 for neither. */
function currentIndex(options: readonly ModelOption[], current: string): number {
  return options.findIndex((option) => option.id === current);
}

function choice(option: ModelOption, current: boolean): PickerChoice {
  return { label: current ? `${option.label} ✔` : option.label, detail: `${option.description} (${option.id})` };
}

export const modelCommand: SlashCommand = {
  name: "model",
  runs: "now",
  usage: ["/model [NAME]"],
  description: "Choose the model (a list without NAME)",
  run(args, { sessions }) {
    if (!sessions) return failure("This session cannot change its model.");
    const options = modelOptions();
    const name = args.join(" ").trim();
    if (name !== "") {
      if (knownModelId(name) === undefined) {
        return failure(
          `Unknown model ${terminalSafeLine(name)}: choose ${options.map((option) => option.alias).join(", ")} or one of the model ids mini-cc knows:`,
          `  ${catalogModels().join(", ")}`,
        );
      }
      return switchTo(sessions, name.toLowerCase() === "default" ? options[0]!.id : name);
    }
    const current = sessions.model.getSnapshot();
    const at = currentIndex(options, current);
    // A model none of the four means (an older id, a script) is shown first, as the current one.
    const others: PickerChoice[] = at === -1 ? [{ label: `${current} ✔`, detail: "the model in use now" }] : [];
    const choices = [...others, ...options.map((option, i) => choice(option, i === at))];
    return {
      kind: "pick",
      picker: {
        title: "Select a model",
        choices,
        initial: at === -1 ? 0 : at,
        pick: (index) =>
          index < others.length
            ? output(`Model: ${terminalSafeLine(current)}, unchanged.`)
            : switchTo(sessions, options[index - others.length]!.id),
      },
    };
  },
};
