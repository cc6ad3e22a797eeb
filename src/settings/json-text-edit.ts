/**
 * Edits to the text of a JSON document that leave every other byte alone: a
 * user's settings file keeps its one-line arrays, its tabs, its CRLF and its
 * trailing newline (or none) when one rule goes in or out. The text must be
 * valid JSON (the caller parsed it first); positions come from a small
 * scanner, not from re-serialising the document.
 */
import { formatJson, type JsonStyle } from "../fs/json-style.ts";

/** Where a value sits in the text: [start, end). */
interface Span {
  readonly start: number;
  readonly end: number;
}

interface Member extends Span {
  readonly key: string;
  /** Where the member starts (its key's opening quote). */
  readonly keyStart: number;
}

/** An object's or an array's span, with its members or items. */
interface Container extends Span {
  readonly members: Member[];
  readonly items: Span[];
}

const WS = /[ \t\r\n\uFEFF]/;

/** The scanner: positions of values, keys and items. */
function skipWs(text: string, at: number): number {
  while (at < text.length && WS.test(text[at]!)) at++;
  return at;
}

function stringEnd(text: string, at: number): number {
  for (let i = at + 1; i < text.length; i++) {
    if (text[i] === "\\") i++;
    else if (text[i] === '"') return i + 1;
  }
  return text.length;
}

function valueEnd(text: string, at: number): number {
  const c = text[at];
  if (c === '"') return stringEnd(text, at);
  if (c === "{" || c === "[") return container(text, at).end;
  let i = at;
  while (i < text.length && !/[,\]}\s]/.test(text[i]!)) i++;
  return i;
}

function container(text: string, start: number): Container {
  const members: Member[] = [];
  const items: Span[] = [];
  const object = text[start] === "{";
  let at = skipWs(text, start + 1);
  while (at < text.length && text[at] !== (object ? "}" : "]")) {
    if (object) {
      const keyEnd = stringEnd(text, at);
      const key = JSON.parse(text.slice(at, keyEnd)) as string;
      const valueStart = skipWs(text, skipWs(text, keyEnd) + 1);
      const end = valueEnd(text, valueStart);
      members.push({ key, keyStart: at, start: valueStart, end });
      at = end;
    } else {
      const end = valueEnd(text, at);
      items.push({ start: at, end });
      at = end;
    }
    at = skipWs(text, at);
    if (text[at] === ",") at = skipWs(text, at + 1);
  }
  return { start, end: at + 1, members, items };
}

/** The document's top-level container (an object, or an array). */
export function rootContainer(text: string): Container {
  return container(text, skipWs(text, 0));
}

/** The container that is the value of `key` in `object`; undefined when absent or not a container. */
export function memberContainer(text: string, object: Container, key: string): Container | undefined {
  const member = object.members.findLast((m) => m.key === key);
  if (!member || (text[member.start] !== "{" && text[member.start] !== "[")) return undefined;
  return container(text, member.start);
}

/** The whitespace that starts the line `at` is on, when only whitespace precedes `at` there. */
function lineIndent(text: string, at: number): string | undefined {
  const lineStart = text.lastIndexOf("\n", at - 1) + 1;
  const before = text.slice(lineStart, at);
  return /^[ \t]*$/.test(before) ? before : undefined;
}

/** `value` serialised in `style`, its later lines indented by `indent` (it goes inside a container at that depth); on one line without one. */
function valueText(value: unknown, style: JsonStyle, indent: string | undefined): string {
  if (indent === undefined) return JSON.stringify(value);
  const text = formatJson(value, style).slice(0, -style.newline.length);
  return text.split(style.newline).join(style.newline + indent);
}

/** Puts `entry` (a member `"key": value` or an item) last in `target`, laid out as its neighbours are; its indent is undefined on one line. */
function appendEntry(
  text: string,
  target: Container,
  style: JsonStyle,
  entry: (indent: string | undefined) => string,
): string {
  const entries =
    text[target.start] === "{" ? target.members.map((m) => ({ start: m.keyStart, end: m.end })) : target.items;
  const last = entries.at(-1);
  const closing = target.end - 1;
  if (last) {
    const indent = lineIndent(text, last.start);
    // One line (`["a", "b"]`): another on the same line; else a line of its own, indented as the last.
    const piece = indent === undefined ? `, ${entry(undefined)}` : `,${style.newline}${indent}${entry(indent)}`;
    return text.slice(0, last.end) + piece + text.slice(last.end);
  }
  // Empty: `[]` stays on one line; brackets on lines of their own get the entry on a line between.
  if (!text.slice(target.start, target.end).includes("\n"))
    return text.slice(0, target.start + 1) + entry(undefined) + text.slice(closing);
  const outer = lineIndent(text, closing) ?? "";
  const inner = outer + style.indent;
  return (
    text.slice(0, target.start + 1) + style.newline + inner + entry(inner) + style.newline + outer + text.slice(closing)
  );
}

/** Adds the member `"key": value` at the end of `object`. */
export function appendMember(text: string, object: Container, key: string, value: unknown, style: JsonStyle): string {
  return appendEntry(text, object, style, (indent) => `${JSON.stringify(key)}: ${valueText(value, style, indent)}`);
}

/** Adds `value` at the end of `array`. */
export function appendItem(text: string, array: Container, value: unknown, style: JsonStyle): string {
  return appendEntry(text, array, style, (indent) => valueText(value, style, indent));
}

/** Takes item `index` (with its comma) out of `array`. */
export function removeItem(text: string, array: Container, index: number): string {
  const { items } = array;
  const item = items[index]!;
  if (items.length === 1) {
    // The only item: the brackets close up (`[]`).
    return text.slice(0, array.start + 1) + text.slice(array.end - 1);
  }
  // A later item: from its comma before; the first: up to the next item.
  if (index > 0) return text.slice(0, items[index - 1]!.end) + text.slice(item.end);
  return text.slice(0, item.start) + text.slice(items[1]!.start);
}
