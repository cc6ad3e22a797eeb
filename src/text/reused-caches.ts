/**
 * Ink measures and tokenizes every string of a frame through caches that it
 * makes anew for each frame, so text that has not changed since the last frame
 * (the transcript, the panel) is tokenized again on every keypress.
 * scripts/ink-bundle.ts makes each frame take its caches from here instead:
 * one set, kept across frames and Ink instances (its answers depend only on
 * the string asked about), started afresh once it holds too many strings.
 */

/**
 * Strings a set of caches may hold before a fresh set replaces it: a few
 * frames of a full screen (a frame has a few hundred), and at most a few MB
 * of styled characters kept between frames.
 */
export const REUSED_CACHE_LIMIT = 2000;

interface SizedCaches {
  readonly styledChars: Map<string, unknown>;
  readonly widths: Map<string, unknown>;
}

let current: SizedCaches | undefined;

/** The caches to use for the next frame: the last frame's, unless they are full. */
export function reusedCaches<T extends SizedCaches>(make: () => T): T {
  if (current === undefined || current.styledChars.size + current.widths.size > REUSED_CACHE_LIMIT) current = make();
  return current as T;
}
