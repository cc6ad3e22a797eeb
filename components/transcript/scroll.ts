/**
 * Where the transcript view is, in rendered lines. The alternate screen has
 * no scrollback, so PgUp/PgDn, Home/End and the mouse wheel move the view
 * instead. The view either follows the newest line or is pinned to a line
 * counted from the top: output that arrives while the user reads back adds
 * lines below and never moves what is on screen. Pure, on plain numbers.
 */

/** The first line on screen, or null to follow the newest line. */
export type ScrollTop = number | null;

/** The view follows the newest line. */
export const FOLLOWING: ScrollTop = null;

/** What the view needs to know to move: lines in the transcript and lines on screen. */
export interface ScrollMetrics {
  /** Rendered lines in the whole transcript. */
  readonly total: number;
  /** Transcript lines the screen shows while scrolled back (the "lines below" row excluded). */
  readonly viewport: number;
}

/** Lines one wheel notch moves, as most terminals scroll their own scrollback. */
export const WHEEL_LINES = 3;

export type ScrollAction =
  | ({ readonly type: "page-up" } & ScrollMetrics)
  | ({ readonly type: "page-down" } & ScrollMetrics)
  /** The wheel, or any move by a number of lines: negative goes back. */
  | ({ readonly type: "lines"; readonly by: number } & ScrollMetrics)
  | ({ readonly type: "home" } & ScrollMetrics)
  | { readonly type: "end" };

/** The first line shown while following: the newest `viewport` lines fill the screen. */
function followingTop({ total, viewport }: ScrollMetrics): number {
  return Math.max(0, total - viewport);
}

/** Moves to `top`, or back to following once the newest line would be on screen. */
function moveTo(top: number, metrics: ScrollMetrics): ScrollTop {
  return top >= followingTop(metrics) ? FOLLOWING : Math.max(0, top);
}

/** The next position; returns `top` itself when nothing moves. */
export function reduceScroll(top: ScrollTop, action: ScrollAction): ScrollTop {
  if (action.type === "end") return FOLLOWING;
  if (action.total <= action.viewport) return top; // everything is on screen already
  const from = top ?? followingTop(action);
  let next: ScrollTop;
  switch (action.type) {
    case "page-up":
      next = Math.max(0, from - action.viewport);
      break;
    case "page-down":
      next = top === FOLLOWING ? FOLLOWING : moveTo(from + action.viewport, action);
      break;
    case "lines":
      next =
        action.by < 0
          ? Math.max(0, from + action.by)
          : top === FOLLOWING
            ? FOLLOWING
            : moveTo(from + action.by, action);
      break;
    case "home":
      next = 0;
      break;
  }
  return next === top ? top : next;
}

/** The lines on screen, `[start, end)`, and how many newer lines are below them. */
export interface ScrollWindow {
  readonly start: number;
  readonly end: number;
  readonly below: number;
}

/**
 * The window a position shows. A pinned top past the end (after /clear or a
 * narrower terminal re-wrapped the lines) is pulled back so the screen is full.
 */
export function scrollWindow(top: ScrollTop, metrics: ScrollMetrics): ScrollWindow {
  const last = followingTop(metrics);
  const start = top === null ? last : Math.min(top, last);
  const end = Math.min(metrics.total, start + metrics.viewport);
  return { start, end, below: metrics.total - end };
}
