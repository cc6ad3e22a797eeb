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

/** Read, Write, Edit, Bash, Glob and Grep; `options` reach Bash (its environment and shell). */
export function builtinTools(options: BashOptions = {}): Tool[] {
  return [new ReadTool(), new WriteTool(), new EditTool(), new BashTool(options), new GlobTool(), new GrepTool()];
}
