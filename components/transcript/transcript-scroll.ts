/**
 * How far back the transcript view is scrolled, in whole items. The
 * alternate screen has no scrollback, so PgUp/PgDn move the view instead.
 * Pure; useTranscriptScroll maps keys to these actions.
 */

/** The item index the view ends at (exclusive), or null to follow the newest item. */
export type ScrollEnd = number | null;

/** PgUp, PgDn (by a number of items, given how many there are), or back to the newest. */
export type ScrollAction =
  | { readonly type: "up"; readonly by: number; readonly length: number }
  | { readonly type: "down"; readonly by: number; readonly length: number }
  | { readonly type: "bottom" };

/** The next end; returns `end` itself when nothing moves. Scrolling down past the newest item follows it again. */
export function reduceScroll(end: ScrollEnd, action: ScrollAction): ScrollEnd {
  switch (action.type) {
    case "up": {
      if (action.length <= 1) return end;
      const next = Math.max(1, (end ?? action.length) - action.by);
      return next === end ? end : next;
    }
    case "down": {
      if (end === null) return end;
      const next = end + action.by;
      return next >= action.length ? null : next;
    }
    case "bottom":
      return null;
  }
}
