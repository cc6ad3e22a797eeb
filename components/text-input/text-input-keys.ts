/**
 * Which editing action a key press means in a text field, and how a chunk of
 * typed text splits into text and Enter. Pure, so the prompt and the approval
 * modal's message field edit the same way.
 */
import type { Key } from "ink";
import type { TextInputAction } from "./text-input-state.ts";

/** The editing action for a key, or null when the key is not an edit (Enter, Esc, arrows up/down…). */
export function textInputActionFor(input: string, key: Key): TextInputAction | null {
  if (key.leftArrow) return { type: "left" };
  if (key.rightArrow) return { type: "right" };
  if (key.backspace) return key.meta ? { type: "deleteWord" } : { type: "backspace" };
  if (key.delete) return { type: "delete" };
  if (key.ctrl) {
    switch (input) {
      case "a":
        return { type: "home" };
      case "e":
        return { type: "end" };
      case "b":
        return { type: "left" };
      case "f":
        return { type: "right" };
      case "w":
        return { type: "deleteWord" };
      case "u":
        return { type: "deleteToStart" };
      case "k":
        return { type: "deleteToEnd" };
      default:
        return null;
    }
  }
  if (key.meta || key.return || key.escape || key.tab || key.upArrow || key.downArrow) return null;
  // Home/End and PgUp/PgDn move the transcript.
  if (key.pageUp || key.pageDown || key.home || key.end || input === "") return null;
  return { type: "insert", text: input };
}

/** A chunk of typed text: what to insert, and whether Enter follows it. */
export interface TypedText {
  readonly text: string;
  /** The chunk ended in its only line break: keys typed, then Enter. */
  readonly enter: boolean;
}

/**
 * Keys typed faster than the terminal is read arrive as one chunk
 * (`/mcp -v\r`), and so does a paste when the terminal has no bracketed
 * paste. One line break at the very end is Enter; line breaks inside the
 * chunk mean several lines were pasted: they stay in the text and nothing is sent.
 */
export function splitTypedText(chunk: string): TypedText {
  const body = chunk.replace(/(\r\n|\r|\n)$/, "");
  if (body !== chunk && !/[\r\n]/.test(body)) return { text: body, enter: true };
  return { text: chunk, enter: false };
}
