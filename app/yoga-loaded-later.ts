/**
 * yoga-layout for the UI's CommonJS bundle (dist/tui.cjs): yoga-layout's own
 * entry waits for its WebAssembly at the top level, which CommonJS cannot do.
 * scripts/ink-bundle.ts sends Ink's `import Yoga from "yoga-layout"` here:
 * the same object, filled in when `yogaReady` resolves. app/tui.ts waits for
 * it before any module that uses Yoga runs.
 */
import { loadYoga } from "yoga-layout/load";

type Yoga = Awaited<ReturnType<typeof loadYoga>>;

const yoga = {} as Yoga;
export default yoga;

export const yogaReady: Promise<void> = loadYoga().then((loaded) => {
  Object.assign(yoga, loaded);
});
