/**
 * The floor for bench/tui-startup.ts: the least an Ink app can do before its
 * first frame, set up like mini-cc's TUI (alternate screen, compile cache).
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
