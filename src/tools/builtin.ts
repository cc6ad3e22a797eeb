/**
 * The tools every session has, in the order the model sees them.
 */
import { BashTool, type BashOptions } from "./bash.ts";
import { EditTool } from "./edit.ts";
import { GlobTool } from "./glob.ts";
import { GrepTool } from "./grep.ts";
import { ReadTool } from "./read.ts";
import type { Tool } from "./tool.ts";
import { WriteTool } from "./write.ts";
import { AskUserQuestionTool, type AskUser } from "./ask-user-question.ts";
import { TaskListTool, TaskOutputTool } from "./task-output.ts";
import { TaskStopTool } from "./task-stop.ts";

/**
 * Read, Write, Edit, Bash, Glob, Grep and AskUserQuestion, and with background
 * tasks TaskOutput, TaskList and TaskStop; `options` reach Bash (its
 * environment, shell, sandbox and background tasks); `askUser` answers
 * AskUserQuestion (absent: no user, print mode).
 */
export function builtinTools(options: BashOptions = {}, askUser?: AskUser): Tool[] {
  const background = options.background;
  return [
    new ReadTool(),
    new WriteTool(),
    new EditTool(),
    new BashTool(options),
    new GlobTool(),
    new GrepTool(),
    new AskUserQuestionTool(askUser),
    ...(background ? [new TaskOutputTool(background), new TaskListTool(background), new TaskStopTool(background)] : []),
  ];
}
