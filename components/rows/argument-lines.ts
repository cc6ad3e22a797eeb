/**
 * A tool call's arguments as the approval modal lists them, all of them and
 * in full, so the user sees what a comment says before it is posted: a short
 * value on its key's line, a multi-line one (a script, a file's content) under
 * its key with its lines kept. Control characters show escaped.
 */
import { terminalSafeLine, terminalSafeText } from "../../src/text/terminal-safe.ts";
import { line, type BodyLine } from "./body-lines.ts";

/** Columns a multi-line value is indented under its key. */
const VALUE_INDENT = 2;

/** The text a value shows as: strings as they are, anything else as JSON. */
function valueText(value: unknown): string {
  return typeof value === "string" ? value : (JSON.stringify(value) ?? String(value));
}

/** `body: Fixed: listPosts now…` per argument; a value with line breaks goes on the lines under `key:`. */
export function argumentLines(input: Record<string, unknown>): BodyLine[] {
  return Object.entries(input).flatMap(([key, value]) => {
    const text = terminalSafeText(valueText(value));
    const name = terminalSafeLine(key);
    if (!text.includes("\n")) return [line(`${name}: ${text}`)];
    return [line(`${name}:`), ...text.split("\n").map((row) => line(row, "plain", VALUE_INDENT))];
  });
}
