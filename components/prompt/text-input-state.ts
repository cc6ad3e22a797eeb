/**
 * A text field's state: the value and where the cursor sits. Pure, shared by
 * the prompt and the approval modal's message field. The value may hold
 * newlines (a pasted block, Alt+Enter) but never another control character.
 */
import { stripVTControlCharacters } from "node:util";

/** The value and the cursor. */
export interface TextInputState {
  readonly value: string;
  /** Index into `value` (UTF-16 units, always on a code point boundary). */
  readonly cursor: number;
}

/** Every edit the field supports. */
export type TextInputAction =
  | { type: "insert"; text: string }
  | { type: "backspace" }
  | { type: "delete" }
  | { type: "left" }
  | { type: "right" }
  | { type: "home" }
  | { type: "end" }
  /** The cursor to the same column one line up / down (multi-line values). */
  | { type: "up" }
  | { type: "down" }
  /** Replaces the whole value, cursor at its end (a recalled history entry). */
  | { type: "set"; value: string }
  /** Replaces `start`–`end` with `text`, cursor after it (an accepted completion). */
  | { type: "replace"; start: number; end: number; text: string }
  /** Alt+B / Alt+F (Ctrl+←/→): to the start of this or the previous word, to the end of this or the next. */
  | { type: "word-left" }
  | { type: "word-right" }
  /** Ctrl+W, Alt+Backspace: the word before the cursor. */
  | { type: "delete-word" }
  /** Alt+D: the word after the cursor. */
  | { type: "delete-word-forward" }
  /** Ctrl+U: everything before the cursor. */
  | { type: "delete-to-start" }
  /** Ctrl+K: everything after the cursor. */
  | { type: "delete-to-end" }
  | { type: "reset" };

/** An empty field. */
export const EMPTY_INPUT: TextInputState = { value: "", cursor: 0 };

// C0 controls but the newline, DEL, and C1 controls: never part of a value, whatever inserts them.
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g;

/**
 * What an insert may add: line breaks as newlines, a tab as spaces, terminal
 * escape sequences and every other control character dropped.
 */
export function printableText(text: string): string {
  return stripVTControlCharacters(text).replace(/\r\n?/g, "\n").replace(/\t/g, "    ").replace(CONTROL, "");
}

// Where the word before `at` starts, and where the word after it ends (a word: a run of non-spaces).
function wordStart(value: string, at: number): number {
  return value.slice(0, at).replace(/\S*\s*$/, "").length;
}

function wordEnd(value: string, at: number): number {
  return at + (/^\s*\S*/.exec(value.slice(at))?.[0].length ?? 0);
}

function prevBoundary(value: string, at: number): number {
  if (at <= 0) return 0;
  const low = value.charCodeAt(at - 1);
  return low >= 0xdc00 && low <= 0xdfff && at >= 2 ? at - 2 : at - 1;
}

function nextBoundary(value: string, at: number): number {
  if (at >= value.length) return value.length;
  const code = value.codePointAt(at) ?? 0;
  return at + (code > 0xffff ? 2 : 1);
}

/** True when the cursor is on the value's first line (Up there recalls history). */
export function onFirstLine({ value, cursor }: TextInputState): boolean {
  return lineStart(value, cursor) === 0;
}

/** True when the cursor is on the value's last line (Down there goes to newer history). */
export function onLastLine({ value, cursor }: TextInputState): boolean {
  return value.indexOf("\n", cursor) === -1;
}

// Where the line holding `at` starts. (lastIndexOf treats a negative start as 0, hence the guard.)
function lineStart(value: string, at: number): number {
  return at === 0 ? 0 : value.lastIndexOf("\n", at - 1) + 1;
}

// The cursor on the line starting at `start`, at `column` or that line's end, never inside a surrogate pair.
function onLine(value: string, start: number, column: number): number {
  const end = value.indexOf("\n", start);
  const at = Math.min(start + column, end === -1 ? value.length : end);
  const code = value.charCodeAt(at);
  return at > start && code >= 0xdc00 && code <= 0xdfff ? at - 1 : at;
}

function lineUp(state: TextInputState): TextInputState {
  const { value, cursor } = state;
  if (onFirstLine(state)) return state;
  const start = lineStart(value, cursor);
  return { value, cursor: onLine(value, lineStart(value, start - 1), cursor - start) };
}

function lineDown(state: TextInputState): TextInputState {
  const { value, cursor } = state;
  if (onLastLine(state)) return state;
  return { value, cursor: onLine(value, value.indexOf("\n", cursor) + 1, cursor - lineStart(value, cursor)) };
}

function splice(state: TextInputState, from: number, to: number, text = ""): TextInputState {
  const value = state.value.slice(0, from) + text + state.value.slice(to);
  return { value, cursor: from + text.length };
}

/** The next state; returns `state` itself when the action changes nothing. */
export function reduceTextInput(state: TextInputState, action: TextInputAction): TextInputState {
  const { value, cursor } = state;
  switch (action.type) {
    case "insert": {
      const text = printableText(action.text);
      return text === "" ? state : splice(state, cursor, cursor, text);
    }
    case "backspace":
      return cursor === 0 ? state : splice(state, prevBoundary(value, cursor), cursor);
    case "delete":
      return cursor === value.length ? state : splice(state, cursor, nextBoundary(value, cursor));
    case "left":
      return cursor === 0 ? state : { value, cursor: prevBoundary(value, cursor) };
    case "right":
      return cursor === value.length ? state : { value, cursor: nextBoundary(value, cursor) };
    case "home":
      return cursor === 0 ? state : { value, cursor: 0 };
    case "end":
      return cursor === value.length ? state : { value, cursor: value.length };
    case "up":
      return lineUp(state);
    case "down":
      return lineDown(state);
    case "set":
      return value === action.value && cursor === value.length
        ? state
        : { value: action.value, cursor: action.value.length };
    case "replace": {
      const text = printableText(action.text);
      const start = Math.max(0, Math.min(action.start, value.length));
      const end = Math.max(start, Math.min(action.end, value.length));
      return { value: value.slice(0, start) + text + value.slice(end), cursor: start + text.length };
    }
    case "word-left": {
      const start = wordStart(value, cursor);
      return start === cursor ? state : { value, cursor: start };
    }
    case "word-right": {
      const end = wordEnd(value, cursor);
      return end === cursor ? state : { value, cursor: end };
    }
    case "delete-word": {
      const start = wordStart(value, cursor);
      return start === cursor ? state : splice(state, start, cursor);
    }
    case "delete-word-forward": {
      const end = wordEnd(value, cursor);
      return end === cursor ? state : splice(state, cursor, end);
    }
    case "delete-to-start":
      return cursor === 0 ? state : splice(state, 0, cursor);
    case "delete-to-end":
      return cursor === value.length ? state : { value: value.slice(0, cursor), cursor };
    case "reset":
      return value === "" ? state : EMPTY_INPUT;
  }
}
