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

/** Read, Write, Edit, Bash, Glob, Grep and AskUserQuestion; `options` reach Bash (its environment and shell); `askUser` answers AskUserQuestion (absent: no user, print mode). */
export function builtinTools(options: BashOptions = {}, askUser?: AskUser): Tool[] {
  return [
    new ReadTool(),
    new WriteTool(),
    new EditTool(),
    new BashTool(options),
    new GlobTool(),
    new GrepTool(),
    new AskUserQuestionTool(askUser),
  ];
}

/** Their names, known before any is made (an agent file's `tools` is checked against them). */
export const BUILTIN_TOOL_NAMES = ["Read", "Write", "Edit", "Bash", "Glob", "Grep", "AskUserQuestion"];
