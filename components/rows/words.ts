/** Words the screen's rows share. */

/** `1 tool`, `3 tools`. */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}
