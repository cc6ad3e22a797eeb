/**
 * Runs several event generators at once, at most `limit` at a time (the rest
 * wait their turn), yielding their events as they come and returning their
 * results in the order given: parallel subagents in one round.
 */
export async function* mergeBounded<E, R>(
  starts: readonly (() => AsyncGenerator<E, R>)[],
  limit: number,
): AsyncGenerator<E, R[]> {
  const results = new Array<R>(starts.length);
  type Step = { index: number; step: IteratorResult<E, R> };
  const running = new Map<number, { generator: AsyncGenerator<E, R>; next: Promise<Step> }>();
  const advance = (index: number, generator: AsyncGenerator<E, R>) =>
    running.set(index, { generator, next: generator.next().then((step) => ({ index, step })) });
  let started = 0;
  const fill = () => {
    while (running.size < limit && started < starts.length) {
      const index = started++;
      advance(index, starts[index]!());
    }
  };
  fill();
  while (running.size > 0) {
    const { index, step } = await Promise.race([...running.values()].map((run) => run.next));
    if (step.done) {
      results[index] = step.value;
      running.delete(index);
      fill();
      continue;
    }
    yield step.value;
    advance(index, running.get(index)!.generator);
  }
  return results;
}
