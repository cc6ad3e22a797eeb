/**
 * `/add-dir DIR`: another folder the file tools may use like the project, and
 * a new root for MCP servers (they are sent roots/list_changed), as
 * `--add-dir` does at start.
 */
import { terminalSafeLine } from "../../src/text/terminal-safe.ts";
import { failure, output, type SlashCommand } from "./slash-command.ts";
import { errorText } from "../../src/errors.ts";

/** `/add-dir DIR` */
export const addDirCommand: SlashCommand = {
  name: "add-dir",
  runs: "now",
  usage: ["/add-dir DIR"],
  description: "Add a folder for the file tools and MCP servers' roots",
  async run(args, { addDir }) {
    const dir = args.join(" ").trim();
    if (dir === "") return failure("Usage: /add-dir DIR");
    if (!addDir) return failure("This session cannot add folders.");
    try {
      await addDir(dir);
    } catch (error) {
      return failure(terminalSafeLine(errorText(error)));
    }
    return output(`Added ${terminalSafeLine(dir)}: the file tools may use it, and MCP servers get it as a root.`);
  },
};
