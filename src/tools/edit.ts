/**
 * Edit: replaces an exact string in a file. The string must occur once, so
 * the model cannot change a place it did not mean; replace_all opts out.
 */
import { isBinary, numberLines, splitLines } from "./read.ts";
import { createdResult, FileChangeTool, locateFileToChange, withChange, writeChangedFile } from "./file-change.ts";
import { readLocated } from "./paths.ts";
import type { ToolInput } from "./tool-input.ts";
import { textResult, type ToolContext, type ToolResult } from "./tool.ts";
import { capText } from "./output-cap.ts";

const SNIPPET_CONTEXT_LINES = 4;

/** How many non-overlapping times `needle` (non-empty) occurs in `text`. */
function countOccurrences(text: string, needle: string): number {
  let count = 0;
  for (let i = text.indexOf(needle); i !== -1; i = text.indexOf(needle, i + needle.length)) count++;
  return count;
}

/**
 * `cat -n` lines of `text` around a change that put `inserted` at `index`:
 * the changed lines plus a few on each side.
 */
function snippetAround(text: string, index: number, inserted: string): string {
  const lines = splitLines(text);
  if (lines.length === 0) return "(the file is now empty)";
  const firstChanged = countOccurrences(text.slice(0, index), "\n") + 1;
  const lastChanged = firstChanged + countOccurrences(inserted.replace(/\n$/, ""), "\n");
  const from = Math.max(1, firstChanged - SNIPPET_CONTEXT_LINES);
  const to = Math.min(lines.length, lastChanged + SNIPPET_CONTEXT_LINES);
  return numberLines(lines.slice(from - 1, to), from);
}

/** What replacing `from` with `to` in a text gives: the new text, or why it cannot be done. */
export type EditOutcome =
  | {
      kind: "replaced";
      updated: string /** Where the first replacement starts. */;
      first: number;
      replacements: number;
    }
  | { kind: "not-found" }
  | { kind: "ambiguous"; count: number };

/**
 * The Edit tool's rule on a text (both in \n line endings): an empty `from`
 * gives `to` as the whole text; otherwise `from` must occur once, or
 * `replaceAll` replaces every occurrence. The approval modal uses it to show
 * the diff the call would make.
 */
export function applyEdit(text: string, from: string, to: string, replaceAll: boolean): EditOutcome {
  if (from === "") return { kind: "replaced", updated: to, first: 0, replacements: 1 };
  const count = countOccurrences(text, from);
  if (count === 0) return { kind: "not-found" };
  if (count > 1 && !replaceAll) return { kind: "ambiguous", count };
  const first = text.indexOf(from);
  const updated = replaceAll ? text.split(from).join(to) : text.slice(0, first) + to + text.slice(first + from.length);
  return { kind: "replaced", updated, first, replacements: replaceAll ? count : 1 };
}

/** The built-in Edit tool. */
export class EditTool extends FileChangeTool {
  readonly name = "Edit";
  readonly description =
    "Replaces old_string with new_string in a file. old_string must match the file exactly (whitespace included; " +
    "copy it from Read output without the line-number prefix) and occur exactly once, unless replace_all is true. " +
    "An empty old_string on a file that does not exist creates it. Relative paths are relative to the working directory.";
  readonly inputSchema = {
    type: "object",
    properties: {
      file_path: { type: "string", description: "The file to change (absolute, or relative to the working directory)" },
      old_string: { type: "string", description: "The exact text to replace" },
      new_string: { type: "string", description: "The text to put in its place" },
      replace_all: { type: "boolean", description: "Replace every occurrence (default false)" },
    },
    required: ["file_path", "old_string", "new_string"],
    additionalProperties: false,
  };
  protected async change(shown: string, args: ToolInput, ctx: ToolContext): Promise<ToolResult> {
    const oldString = args.string("old_string");
    const newString = args.string("new_string");
    const replaceAll = args.optionalBoolean("replace_all") ?? false;
    if (oldString === newString) {
      return textResult("Edit: old_string and new_string are the same; there is nothing to change.", true);
    }
    const file = await locateFileToChange(ctx, shown);
    if (file.refusal) return file.refusal;
    if (!file.exists) {
      if (oldString !== "") return textResult(`File does not exist: ${shown}`, true);
      await writeChangedFile(file.absolute, newString);
      return withChange(createdResult(shown), "", newString);
    }
    const bytes = await readLocated(file.absolute);
    if (isBinary(bytes)) return textResult(`${shown} is a binary file`, true);
    return this.#replace(shown, file.absolute, bytes.toString("utf8"), oldString, newString, replaceAll);
  }

  async #replace(
    shown: string,
    absolute: string,
    raw: string,
    oldString: string,
    newString: string,
    replaceAll: boolean,
  ): Promise<ToolResult> {
    if (oldString === "" && raw.trim() !== "") {
      return textResult(
        `Edit: old_string is empty but ${shown} already has content; give the text to replace, or use Write to replace the whole file.`,
        true,
      );
    }
    // Work in \n and write back in \r\n, so a CRLF file stays CRLF and the
    // model's \n-only strings (as Read shows them) still match.
    const crlf = raw.includes("\r\n") && !/(^|[^\r])\n/.test(raw);
    const toLf = (s: string) => (crlf ? s.replaceAll("\r\n", "\n") : s);
    const text = toLf(raw);
    const from = toLf(oldString);
    const to = toLf(newString);

    const edit = applyEdit(text, from, to, replaceAll);
    if (edit.kind === "not-found") return textResult(`String to replace not found in ${shown}.`, true);
    if (edit.kind === "ambiguous") {
      return textResult(
        `Found ${edit.count} matches of the string to replace in ${shown}, but replace_all is false. ` +
          "Add more context to make it unique, or set replace_all.",
        true,
      );
    }
    const { updated, first, replacements } = edit;
    await writeChangedFile(absolute, crlf ? updated.replaceAll("\n", "\r\n") : updated);
    const noun = replacements === 1 ? "replacement" : "replacements";
    const snippet = snippetAround(updated, first, to);
    // A huge new_string would come back whole in the snippet: capped like every built-in tool's output.
    const result = textResult(
      capText(
        `The file ${shown} has been updated (${replacements} ${noun}). Snippet:\n${snippet}`,
        `Read ${shown} with offset and limit to see the rest.`,
      ),
    );
    return withChange(result, text, updated);
  }
}
