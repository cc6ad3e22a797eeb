/**
 * The project servers asked about in one round of approvals, so the modal can
 * say `2 of 6` after the first answer: a round collects every server that
 * waits and ends when none waits any more.
 */

/** The round after `waiting` (names now in `needs-approval`) was seen: new names join, none waiting ends it. */
export function nextApprovalRound(round: readonly string[], waiting: readonly string[]): readonly string[] {
  if (waiting.length === 0) return round.length === 0 ? round : [];
  const joining = waiting.filter((name) => !round.includes(name));
  return joining.length === 0 ? round : [...round, ...joining];
}
