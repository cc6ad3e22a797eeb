/**
 * The MCP panel's "Background" section: one row per background task of the
 * session, `◐ b1 npm run dev          12s`, `✔ b2 npm test   exit 0   3s`,
 * oldest first, ended ones kept (their honest status is the point). While a
 * task runs its runtime ticks once a second (still when motion is off, so
 * snapshots hold still).
 */
import { Text, useAnimation } from "ink";
import { memo } from "react";
import { runtimeText, type BackgroundTask } from "../../src/background/task-state.ts";
import { paddingTo, truncateEnd } from "../../src/text/truncate-end.ts";
import { Spinner } from "../rows/Spinner.tsx";
import { useClock } from "../runtime/useClock.ts";
import { useMotion } from "../runtime/useMotion.ts";
import { taskLabel, taskLook } from "./background-lines.ts";

export interface BackgroundRowsProps {
  readonly tasks: readonly BackgroundTask[];
  /** Columns a row may fill (the panel's, inside its border and padding). */
  readonly width: number;
  /** The selected task's index among `tasks`, when the focused panel's selection is on one. */
  readonly selected?: number;
}

/** Glyph and the space after it. */
const GLYPH_WIDTH = 2;
/** `exit 127`, `SIGSEGV`, `killed`. */
const LABEL_WIDTH = 8;

export const BackgroundRows = memo(function BackgroundRows({ tasks, width, selected }: BackgroundRowsProps) {
  const clock = useClock();
  const moving = useMotion();
  // Redrawn each second while something runs: the runtimes move.
  useAnimation({ interval: 1000, isActive: moving && tasks.some((task) => task.status === "running") });
  const now = clock.now();
  const idWidth = Math.max(...tasks.map((task) => task.id.length)) + 1;
  // A running task has no status word: its command gets that room.
  const runtimes = tasks.map((task) => runtimeText(task, now));
  // As wide as the longest runtime: `4s` leaves the command more room than `1h 02m`.
  const runtimeWidth = Math.max(...runtimes.map((text) => text.length));
  const room = width - GLYPH_WIDTH - idWidth - runtimeWidth - 1;
  return (
    <>
      <Text bold wrap="truncate-end">
        Background
      </Text>
      {tasks.map((task, i) => {
        const look = taskLook(task);
        const chosen = i === selected;
        const labelWidth = Math.max(0, room - (look.label === "" ? 0 : LABEL_WIDTH + 1));
        const label = truncateEnd(taskLabel(task), labelWidth);
        const runtime = runtimes[i]!;
        return (
          <Text key={task.id} wrap="truncate-end">
            {chosen ? (
              <Text color="cyan">❯</Text>
            ) : look.busy ? (
              <Spinner color={look.color} />
            ) : (
              <Text color={look.color}>{look.glyph}</Text>
            )}{" "}
            <Text color={chosen ? "cyan" : undefined} bold={chosen}>
              {task.id.padEnd(idWidth)}
            </Text>
            <Text color={chosen ? "cyan" : undefined}>{label}</Text>
            {paddingTo(label, labelWidth)}
            {look.label === "" ? null : (
              <Text color={look.color}>{` ${truncateEnd(look.label, LABEL_WIDTH).padStart(LABEL_WIDTH)}`}</Text>
            )}{" "}
            <Text dimColor>{runtime.padStart(runtimeWidth)}</Text>
          </Text>
        );
      })}
    </>
  );
});
