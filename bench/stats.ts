/**
 * What every bench does with its timings: runs the sides in rotating order,
 * takes medians, and prints ratios against the floor.
 */

/** The middle value (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * The median of each rep's `side[i] / floor[i]`. rotatingRuns runs every side
 * once per rep, minutes apart at most, so a slow spell of a shared machine
 * weighs on both values of a pair; the ratio of the two medians mixes reps
 * taken in different spells.
 */
export function pairedRatio(side: readonly number[], floor: readonly number[]): number {
  return median(side.map((value, rep) => value / floor[rep]!));
}

/** `value / base` as `1.234×`. */
export function ratio(value: number, base: number): string {
  return `${(value / base).toFixed(3)}×`;
}

/**
 * Runs each side `reps` times and collects what it measured. The side that
 * goes first rotates every rep, so none always runs on a warmer (or busier) machine.
 */
export async function rotatingRuns<T extends Record<string, () => Promise<number>>>(
  reps: number,
  sides: T,
  onRun?: (side: keyof T & string, value: number) => void,
): Promise<{ [K in keyof T]: number[] }> {
  const names = Object.keys(sides) as Array<keyof T & string>;
  const runs = Object.fromEntries(names.map((name) => [name, [] as number[]])) as { [K in keyof T]: number[] };
  for (let rep = 0; rep < reps; rep++) {
    for (let i = 0; i < names.length; i++) {
      const name = names[(rep + i) % names.length]!;
      const value = await sides[name]!();
      runs[name].push(value);
      onRun?.(name, value);
    }
  }
  return runs;
}
