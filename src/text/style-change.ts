/**
 * The codes that take the terminal from one cell's styles to the next's, as
 * @alcalzone/ansi-tokenize's styledCharsToString writes them
 * (`ansiCodesToString(diffAnsiCodes(from, to))`), without diffAnsiCodes's
 * three Sets where one side has no style: from none it opens `to`, to none it
 * undoes `from`, which is all diffAnsiCodes returns then. Most changes in a
 * frame are of that kind (a border's colour, a coloured word between plain
 * ones). scripts/ink-bundle.ts swaps it in; tests/unit/text/style-change.test.ts
 * checks it against diffAnsiCodes.
 */
import { ansiCodesToString, diffAnsiCodes, undoAnsiCodes } from "@alcalzone/ansi-tokenize";

type Styles = Parameters<typeof diffAnsiCodes>[0];

export function styleChange(from: Styles, to: Styles): string {
  if (to.length === 0) return from.length === 0 ? "" : ansiCodesToString(undoAnsiCodes(from));
  if (from.length === 0) return ansiCodesToString(to);
  return ansiCodesToString(diffAnsiCodes(from, to));
}
