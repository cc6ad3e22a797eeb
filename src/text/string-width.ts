/**
 * `string-width` with a fast path, swapped in for the package everywhere in
 * the bundle (scripts/ink-bundle.ts). The package segments every string that
 * is not plain ASCII into graphemes and matches it against very large emoji
 * patterns; the first such string costs 25–45 ms (the segmenter's data and
 * the patterns are built on first use), and the UI's first frame is full of
 * `❯`, `·`, `●` and styled text. Strings made only of SGR styles and
 * characters whose width cannot depend on their neighbours (Latin, Greek,
 * Cyrillic, punctuation, arrows, box drawing, shapes, dingbats, braille, CJK;
 * controls such as a tab take none)
 * are measured here one character at a time; anything else goes to the
 * package. tests/unit/text/string-width.test.ts checks every fast-path
 * character, and mixed strings, against the package.
 */
import packageStringWidth from "string-width";
import { eastAsianWidth } from "get-east-asian-width";

export interface StringWidthOptions {
  readonly ambiguousIsNarrow?: boolean;
  readonly countAnsiEscapeCodes?: boolean;
}

/** Ranges (inclusive) of characters measured by their East Asian width alone. */
const SIMPLE_RANGES: readonly (readonly [number, number])[] = [
  [0x00a0, 0x02ff],
  [0x0370, 0x0482],
  [0x048a, 0x04ff],
  [0x2010, 0x2027],
  [0x2030, 0x205e],
  [0x2070, 0x20c0],
  [0x2100, 0x218b],
  [0x2190, 0x2bff],
  [0x3000, 0x30ff],
  [0x4e00, 0x9fff],
  [0xac00, 0xd7a3],
  [0xff01, 0xff60],
];

/** In those ranges but zero-width, combining or joining the character before: the package decides. */
const EXCEPTIONS: ReadonlySet<number> = new Set([
  0x00ad, 0x302a, 0x302b, 0x302c, 0x302d, 0x302e, 0x302f, 0x3099, 0x309a,
]);

/** Select Graphic Rendition sequences (colours, bold): they take no cells. */
const SGR = /\u001b\[[0-9;]*m/g;

/**
 * A character whose width is its East Asian width alone, with no neighbour
 * joining it: ASCII printable ones and those ranges. src/text/graphemes.ts
 * relies on the second part too (each is a grapheme of its own).
 */
export function isSimpleChar(code: number): boolean {
  return (code >= 0x20 && code <= 0x7e) || isSimple(code);
}

function isSimple(code: number): boolean {
  if (EXCEPTIONS.has(code)) return false;
  for (const [from, to] of SIMPLE_RANGES) if (code >= from && code <= to) return true;
  return false;
}

/**
 * A regular expression character class (without the brackets) of the simple
 * characters beyond ASCII: the ranges less the exceptions. One native test of
 * a whole string is much cheaper than a call per character on a first frame,
 * whose code has not been optimised yet.
 */
export function simpleRangesClass(): string {
  const hex = (code: number): string => `\\u${code.toString(16).padStart(4, "0")}`;
  let source = "";
  for (const [from, to] of SIMPLE_RANGES) {
    let start = from;
    for (const skipped of [...EXCEPTIONS].filter((code) => code >= from && code <= to).sort((a, b) => a - b)) {
      if (skipped > start) source += `${hex(start)}-${hex(skipped - 1)}`;
      start = skipped + 1;
    }
    if (start <= to) source += `${hex(start)}-${hex(to)}`;
  }
  return source;
}

/** C0 and C1 controls but CSI (0x9b), which starts an escape sequence the package strips. */
function isControl(code: number): boolean {
  return code < 0x20 || (code >= 0x7f && code <= 0x9f && code !== 0x9b);
}

/** Terminal cells `input` takes, as the string-width package counts them. */
export default function stringWidth(input: string, options: StringWidthOptions = {}): number {
  if (typeof input !== "string" || options.ambiguousIsNarrow === false) return packageStringWidth(input, options);
  // Counting escape codes changes nothing for text without any (wrap-ansi measures each plain word so).
  if (options.countAnsiEscapeCodes && (input.includes("\u001b") || input.includes("\u009b")))
    return packageStringWidth(input, options);
  const text = input.includes("\u001b") ? input.replace(SGR, "") : input;
  if (text.includes("\u001b")) return packageStringWidth(input, options);
  let width = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x20 && code <= 0x7e) width += 1;
    else if (isSimple(code)) width += eastAsianWidth(code, { ambiguousAsWide: false });
    // A control character (a Read result's tab, a newline) takes no cell and joins nothing that matters here.
    else if (isControl(code)) continue;
    else return packageStringWidth(input, options);
  }
  return width;
}
