/**
 * `/tasks`: the session's background tasks (shells, MCP tasks, calls sent to
 * the background) with their honest status and runtime; `/tasks stop ID`
 * stops one (its whole process group), as the panel's x does.
 */
import { statusText } from "../../src/background/task-state.ts";
import { taskListLines } from "../mcp-panel/background-lines.ts";
import { failure, output, type SlashCommand } from "./slash-command.ts";

const USAGE = "Usage: /tasks, or /tasks stop ID";

export const tasksCommand: SlashCommand = {
  name: "tasks",
  runs: "now",
  usage: ["/tasks", "/tasks stop ID"],
  description: "List the background tasks (Tab opens them in the panel); stop one",
  async run(args, { background, clock }) {
    if (!background) return failure("This session has no background tasks.");
    const [word, id, extra] = args;
    if (word === undefined) return output(...taskListLines(background.getSnapshot().tasks, clock.now()));
    if (word !== "stop" || id === undefined || extra !== undefined) return failure(USAGE);
    const stopped = await background.stop(id, "user");
    return stopped.ok ? output(`${id}: ${statusText(stopped.task)}`) : failure(stopped.message);
  },
};
