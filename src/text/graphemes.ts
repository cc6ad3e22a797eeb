/**
 * A string's graphemes, as Intl.Segmenter gives them, but without it for the
 * UI's usual text. Ink's line-update walks the graphemes of every changed row
 * to find where it differs from the old one; with a box border in each row
 * the segmenter runs on all of them, about 2 ms for a 40-row panel opened
 * (scripts/ink-bundle.ts swaps this in). A string made only of characters
 * that never join a neighbour (src/text/string-width.ts's simple ones) has one
 * grapheme per UTF-16 unit; anything else goes to the segmenter.
 * tests/unit/text/graphemes.test.ts checks both against Intl.Segmenter.
 */
import { isSimpleChar } from "./string-width.ts";

export interface GraphemeSegment {
  readonly segment: string;
  readonly index: number;
}

const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** The graphemes of `text` with their UTF-16 offsets, in order. */
export function graphemeSegments(text: string): Iterable<GraphemeSegment> {
  for (let i = 0; i < text.length; i++) if (!isSimpleChar(text.charCodeAt(i))) return segmenter.segment(text);
  return oneUnitEach(text);
}

function* oneUnitEach(text: string): Generator<GraphemeSegment> {
  for (let index = 0; index < text.length; index++) yield { segment: text[index] as string, index };
}
