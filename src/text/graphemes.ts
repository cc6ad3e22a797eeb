/**
 * A string's graphemes, as Intl.Segmenter gives them, but without it for the
 * UI's usual text. Ink's line-update walks the graphemes of every changed row
 * to find where it differs from the old one, and Ink's tokenizer
 * (@alcalzone/ansi-tokenize) walks those of every string it draws; with a box
 * border in each row the segmenter runs on all of them (scripts/ink-bundle.ts
 * swaps this in). A string made only of characters that never join a
 * neighbour (src/text/string-width.ts's simple ones, and controls such as the
 * escape that starts a colour) has one grapheme per UTF-16 unit; anything else
 * goes to the segmenter. tests/unit/text/graphemes.test.ts checks both against Intl.Segmenter.
 */
import { simpleRangesClass } from "./string-width.ts";

export interface GraphemeSegment {
  readonly segment: string;
  readonly index: number;
}

let segmenter: Intl.Segmenter | undefined;

/**
 * Intl.Segmenter, made at its first use: the first one a process makes loads
 * ICU's break rules (10–40 ms), and Ink's packages each made one as they loaded,
 * though the UI's first frame has no text that needs one. The bundle gives
 * them this instead (scripts/ink-bundle.ts).
 */
export const lazyGraphemeSegmenter = {
  segment(text: string): Intl.Segments {
    segmenter ??= new Intl.Segmenter(undefined, { granularity: "grapheme" });
    return segmenter.segment(text);
  },
};

/**
 * Text whose every UTF-16 unit is a grapheme of its own: simple characters,
 * and controls, which Unicode's rules break before and after, but a carriage
 * return, which joins the line feed after it.
 */
const ONE_UNIT_EACH = new RegExp(`^[\\u0000-\\u000c\\u000e-\\u009f${simpleRangesClass()}]*$`);

/** The graphemes of `text` with their UTF-16 offsets, in order. */
export function graphemeSegments(text: string): Iterable<GraphemeSegment> {
  return ONE_UNIT_EACH.test(text) ? oneUnitEach(text) : lazyGraphemeSegmenter.segment(text);
}

function* oneUnitEach(text: string): Generator<GraphemeSegment> {
  for (let index = 0; index < text.length; index++) yield { segment: text[index] as string, index };
}
