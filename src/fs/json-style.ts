/**
 * Keeps a hand-edited JSON file looking as its owner wrote it when we rewrite
 * it: same indentation (spaces or tabs), same line endings, trailing newline.
 * Key order survives because JSON.parse keeps insertion order.
 */

/** How a JSON file is laid out. */
export interface JsonStyle {
  readonly indent: string;
  readonly newline: "\n" | "\r\n";
}

export const DEFAULT_JSON_STYLE: JsonStyle = { indent: "  ", newline: "\n" };

/** The indentation of the first indented line and the line ending in use; defaults otherwise. */
export function detectJsonStyle(text: string): JsonStyle {
  const newline = text.includes("\r\n") ? "\r\n" : "\n";
  const indented = /\n([ \t]+)\S/.exec(text);
  return { indent: indented?.[1] ?? DEFAULT_JSON_STYLE.indent, newline };
}

/** Serialises `value` in `style`, ending with a newline. */
export function formatJson(value: unknown, style: JsonStyle = DEFAULT_JSON_STYLE): string {
  const text = JSON.stringify(value, null, style.indent);
  return (style.newline === "\n" ? text : text.replace(/\n/g, "\r\n")) + style.newline;
}
