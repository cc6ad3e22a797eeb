/**
 * The status line under the prompt: permission mode (and the sandbox, when
 * Bash runs in it), model and directory on the left, after the count of
 * background tasks running (when there are some); the hint that matters right now on the right (Shift+Tab changes
 * the mode while no turn runs).
 */
import { Box, Text } from "ink";

/** What the status line shows. */
export interface FooterProps {
  readonly permissionMode: string;
  /** Bash runs in the sandbox (`--sandbox`, `/sandbox on`). */
  readonly sandboxed?: boolean;
  readonly modelName: string;
  /** The working directory as shown (`~/proj`). */
  readonly cwd: string;
  /** Overrides the usual hints, e.g. "Press Ctrl+C again to quit". */
  readonly notice?: string;
  /** `MCP ✘1 ?1 · 4/6`, shown first (never cut) when the side panel is hidden. */
  readonly mcpCounts?: string;
  readonly running: boolean;
  /** The share of the context window in use (0-100): shown once past half. */
  readonly contextPct?: number;
  /** Prompts wait behind the running turn: Esc takes them back before it interrupts. */
  readonly queued?: boolean;
  /** `2 background tasks` while some run, shown before the mode (never cut). */
  readonly background?: string;
  /** A Bash call runs in the foreground: Ctrl+B sends it to the background. */
  readonly canBackground?: boolean;
}

/** Grey for the safe default, red when nothing asks; anything else yellow. */
const MODE_COLORS: Record<string, string> = { default: "gray", bypassPermissions: "red" };
/** A ✘ or ? in the MCP counts turns them yellow; written escaped, so the UI's bundle stays ASCII (tests/unit/cli/first-frame-graph.test.ts). */
const NEEDS_A_LOOK = /[\u2718?]/;

/** One line: MCP counts · mode · model · directory, and a hint on the right; the directory is cut first, and on a very narrow terminal the line at its edge. */
export function Footer({
  permissionMode,
  sandboxed = false,
  modelName,
  cwd,
  notice,
  mcpCounts,
  running,
  queued = false,
  contextPct = 0,
  background,
  canBackground = false,
}: FooterProps) {
  const context = contextPct > 50 ? ` · context ${contextPct}%` : "";
  const interrupt = queued ? "esc to unqueue" : "esc to interrupt";
  const busy = canBackground ? `ctrl+b to background · ${interrupt}` : interrupt;
  const hint = notice ?? (running ? busy : "shift+tab mode · /help");
  return (
    <Box paddingX={1} justifyContent="space-between" overflowX="hidden">
      {mcpCounts === undefined ? null : (
        <Box flexShrink={0}>
          <Text color={NEEDS_A_LOOK.test(mcpCounts) ? "yellow" : undefined}>{`${mcpCounts} · `}</Text>
        </Box>
      )}
      {background === undefined ? null : (
        <Box flexShrink={0}>
          <Text color="cyan">{`◐ ${background}`}</Text>
          <Text dimColor>{" · "}</Text>
        </Box>
      )}
      <Box flexShrink={1} flexGrow={1}>
        <Text wrap="truncate-end">
          <Text color={MODE_COLORS[permissionMode] ?? "yellow"}>⏵ {permissionMode}</Text>
          {sandboxed ? <Text color="green">{" ▣ sandbox"}</Text> : null}
          <Text dimColor>{` · ${modelName}`}</Text>
          {context === "" ? null : (
            <Text color={contextPct >= 80 ? "yellow" : undefined} dimColor={contextPct < 80}>
              {context}
            </Text>
          )}
          <Text dimColor>{` · ${cwd}`}</Text>
        </Text>
      </Box>
      <Box flexShrink={0} paddingLeft={2}>
        <Text color={notice === undefined ? "gray" : "yellow"}>{hint}</Text>
      </Box>
    </Box>
  );
}
