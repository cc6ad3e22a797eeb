/**
 * Which editing action a key press means in a text field, and how a chunk of
 * typed text splits into edits and Enter. Pure, so the prompt and the approval
 * modal's message field edit the same way.
 */
import type { Key } from "ink";
import type { TextInputAction } from "./text-input-state.ts";

/** Ctrl+letter, as the control character a terminal sends for it. */
const CONTROL_KEYS: Readonly<Record<string, TextInputAction>> = {
  a: { type: "home" },
  e: { type: "end" },
  b: { type: "left" },
  f: { type: "right" },
  w: { type: "delete-word" },
  u: { type: "delete-to-start" },
  k: { type: "delete-to-end" },
};

/** Alt+letter (the terminal sends Esc, then the letter). */
const META_KEYS: Readonly<Record<string, TextInputAction>> = {
  b: { type: "word-left" },
  f: { type: "word-right" },
  d: { type: "delete-word-forward" },
};

/** The editing action for a key, or null when the key is not an edit (Enter, Esc, arrows up/down…). */
export function textInputActionFor(input: string, key: Key): TextInputAction | null {
  const byWord = key.ctrl || key.meta;
  if (key.leftArrow) return { type: byWord ? "word-left" : "left" };
  if (key.rightArrow) return { type: byWord ? "word-right" : "right" };
  if (key.backspace) return key.meta ? { type: "delete-word" } : { type: "backspace" };
  if (key.delete) return { type: "delete" };
  if (key.ctrl) return CONTROL_KEYS[input] ?? null;
  if (key.meta) return META_KEYS[input] ?? null;
  if (key.return || key.escape || key.tab || key.upArrow || key.downArrow) return null;
  // Home/End and PgUp/PgDn move the transcript.
  if (key.pageUp || key.pageDown || key.home || key.end || input === "") return null;
  return { type: "insert", text: input };
}

/** A chunk of typed text: the edits it holds, in order, and whether Enter follows them. */
export interface TypedChunk {
  readonly edits: readonly TextInputAction[];
  /** The chunk ended in its only line break: keys typed, then Enter. */
  readonly enter: boolean;
}

// One control character other than a line break or a tab, which pasted text keeps.
const CONTROL_CHAR = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * Keys typed faster than the terminal is read arrive as one chunk
 * (`/mcp -v\r`, or Ctrl+U twice: `\u0015\u0015`), and so does a paste when
 * the terminal has no bracketed paste. Each control character is the key it
 * stands for (Ctrl+U clears to the start) or is dropped; the text between is
 * inserted. One line break at the very end is Enter; line breaks inside the
 * chunk mean several lines were pasted: they stay in the text and nothing is sent.
 */
export function readTypedChunk(chunk: string): TypedChunk {
  const body = chunk.replace(/(\r\n|\r|\n)$/, "");
  const enter = body !== chunk && !/[\r\n]/.test(body);
  const edits: TextInputAction[] = [];
  let text = "";
  for (const char of enter ? body : chunk) {
    if (!CONTROL_CHAR.test(char)) {
      text += char;
      continue;
    }
    const edit = CONTROL_KEYS[String.fromCharCode(char.charCodeAt(0) + 0x60)];
    if (!edit) continue;
    if (text !== "") edits.push({ type: "insert", text });
    text = "";
    edits.push(edit);
  }
  if (text !== "") edits.push({ type: "insert", text });
  return { edits, enter };
}
