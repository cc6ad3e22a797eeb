/**
 * The floor for bench/tui-startup.ts: the least an Ink app can do before its
 * first frame, set up like mini-cc's TUI (alternate screen, compile cache) and
 * bundled through the same plugins (scripts/ink-bundle.ts), so it shares every
 * change made to Ink and its dependencies. What it does not share is the code
 * cache mini-cc's UI loads with (src/cli/cached-script.ts): it keeps Node's
 * compile cache, which is what a bundled Ink app gets.
 */
import { Box, render, Text } from "ink";
import { enableCompileCache } from "node:module";

// mini-cc's cli.ts does the same; without it the floor would pay for compiling that mini-cc skips.
enableCompileCache?.();

render(
  <Box borderStyle="round">
    <Text>Ask anything, or /help</Text>
  </Box>,
  { alternateScreen: true },
);
// Ink holds nothing open by itself: stay up, on the alternate screen, until the bench hangs up.
setInterval(() => {}, 1 << 30);
