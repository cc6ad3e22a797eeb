/**
 * Things a test starts and must not outlive it (servers, sandboxes): one
 * place that remembers them and ends them after each test.
 */
import { afterEach } from "vitest";

/**
 * `make`, wrapped so that whatever a test makes with it is ended with `end`
 * after that test, in the order made. Call at the top level of a test file.
 */
export function endedAfterEachTest<A extends unknown[], T>(
  make: (...args: A) => Promise<T>,
  end: (made: T) => Promise<void>,
): (...args: A) => Promise<T> {
  const made: T[] = [];
  afterEach(async () => {
    for (const thing of made.splice(0)) await end(thing);
  });
  return async (...args) => {
    const thing = await make(...args);
    made.push(thing);
    return thing;
  };
}
