/**
 * A tool call that may go on in the background. The tool is handed
 * `moveToBackground(reason)` (an MCP server answered with a task handle), and
 * an MCP call still running after MINI_CC_MCP_AUTO_BACKGROUND_MS is moved the
 * same way: the loop answers the model at once ("moved to background as b3"),
 * the call's promise goes into the session's BackgroundTasks, and its result
 * arrives later as a shell's end does (a reminder, TaskOutput). The tool is
 * handed the task's output file at the move (Bash writes what it printed so
 * far, then each later piece as it comes) and a moved MCP call's progress
 * becomes the task's status line. Once moved, the turn's Esc no longer reaches
 * the call; TaskStop aborts it (the MCP layer then cancels it on the server).
 */
import type { BackgroundTasks } from "../background/background-tasks.ts";
import type { ForegroundCalls } from "../background/foreground-calls.ts";
import type { Clock } from "../clock.ts";
import type { ToolContent } from "../model/messages.ts";
import type { MovedOutput, Tool, ToolContext, ToolResult } from "../tools/tool.ts";
import { ABORTED, raceAbort } from "./abortable.ts";

/** How long a plain MCP call runs before it is moved to the background, unless MINI_CC_MCP_AUTO_BACKGROUND_MS says otherwise. */
export const AUTO_BACKGROUND_MS = 120_000;
/** How long TaskStop waits for an aborted call to settle. */
const STOP_WAIT_MS = 2000;

export interface Detaching {
  background: BackgroundTasks;
  clock: Clock;
  /** MCP calls running longer go to the background; 0 never moves them. */
  autoBackgroundMs: number;
  /** Where a running call is listed so the user can send it to the background (Ctrl+B). */
  foreground?: ForegroundCalls;
  /** Follows the progress line of call `toolUseId` (an MCP call's task status): `show` hears each; returns how to stop. */
  followStatus?: (toolUseId: string, show: (line: string) => void) => () => void;
}

/** MINI_CC_MCP_AUTO_BACKGROUND_MS as milliseconds (0: never), or a problem naming the variable. */
export function autoBackgroundMs(raw: string | undefined): number | { problem: string } {
  if (raw === undefined || raw.trim() === "") return AUTO_BACKGROUND_MS;
  const ms = Number(raw);
  if (Number.isInteger(ms) && ms >= 0) return ms;
  return {
    problem: `MINI_CC_MCP_AUTO_BACKGROUND_MS must be a whole number of milliseconds (0 turns it off), not ${JSON.stringify(raw)}: using ${AUTO_BACKGROUND_MS}`,
  };
}

/**
 * Runs `tool` as the call `label`: its result, ABORTED when the turn was
 * stopped first, or the answer that it moved to the background.
 */
export async function runDetachable(
  tool: Tool,
  input: Record<string, unknown>,
  ctx: Omit<ToolContext, "signal" | "moveToBackground" | "onMovedToBackground">,
  turn: AbortSignal,
  label: string,
  detaching: Detaching,
): Promise<ToolResult | typeof ABORTED> {
  const call = new AbortController();
  const follow = () => call.abort(turn.reason);
  turn.addEventListener("abort", follow, { once: true });
  let move: (reason: string) => void = () => {};
  const moved = new Promise<string>((resolve) => {
    move = resolve;
  });
  const handover = outputHandover();
  const running = (async () =>
    tool.run(input, {
      ...ctx,
      signal: call.signal,
      moveToBackground: (reason) => move(reason),
      onMovedToBackground: handover.listen,
    }))();
  const { autoBackgroundMs: autoMs, clock, background } = detaching;
  const startedAt = clock.now();
  // A call that starts a background task returns at once: there is nothing to send there (Ctrl+B is not offered).
  const forget =
    input["run_in_background"] === true
      ? undefined
      : detaching.foreground?.add({ toolName: tool.name, move: (reason) => move(reason) });
  const cancelAuto =
    tool.server !== undefined && autoMs > 0
      ? clock.setTimeout(() => move(`still running after ${seconds(autoMs)}`), autoMs)
      : () => {};
  try {
    const first = await raceAbort(
      Promise.race([running.then((result) => ({ result })), moved.then((reason) => ({ reason }))]),
      turn,
    );
    if (first === ABORTED || "result" in first) return first === ABORTED ? ABORTED : first.result;
    const started = background.start(
      { kind: tool.server ? "mcp" : "tool", label, toolName: tool.name, startedAt },
      (output, id) => {
        const { toolUseId } = ctx;
        const { followStatus } = detaching;
        const unfollow =
          toolUseId !== undefined && followStatus
            ? followStatus(toolUseId, (line) => background.setStatusMessage(id, line))
            : () => {};
        running.then(
          (result) => {
            unfollow();
            output.append(contentText(result.content));
            const { exit, isError } = result;
            background.finish(id, exit ? { kind: "exit", ...exit } : { kind: "result", isError });
          },
          (error: unknown) => {
            unfollow();
            background.finish(id, { kind: "error", message: String(error) });
          },
        );
        handover.deliver(output);
        return {
          async stop() {
            call.abort();
            await Promise.race([running.catch(() => {}), new Promise((resolve) => setTimeout(resolve, STOP_WAIT_MS))]);
            return undefined;
          },
          stopSync: () => call.abort(),
        };
      },
    );
    // Past the running limit the call stays in the foreground: the model waits, as it would have anyway.
    if (!started.ok) return await raceAbort(running, turn);
    turn.removeEventListener("abort", follow);
    const { id } = started.task;
    return {
      content: `Moved to background as ${id} (${first.reason}). Its result arrives later: you will be told when it ends; TaskOutput("${id}") reads it, TaskStop("${id}") cancels it.`,
      isError: false,
    };
  } finally {
    cancelAuto();
    forget?.();
  }
}

/**
 * How the tool hears of its move: a listener added after the move (Bash
 * spawns its command only after a few checks) is called at once.
 */
function outputHandover() {
  let moved: MovedOutput | undefined;
  const listeners: Array<(output: MovedOutput) => void> = [];
  return {
    listen(listener: (output: MovedOutput) => void): void {
      if (moved) listener(moved);
      else listeners.push(listener);
    },
    deliver(output: MovedOutput): void {
      moved = output;
      for (const listener of listeners.splice(0)) listener(output);
    },
  };
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000}s` : `${(ms / 1000).toFixed(1)}s`;
}

/** A result as the text its task's output file holds (images as a note). */
function contentText(content: ToolContent): string {
  if (typeof content === "string") return content;
  return content.map((block) => (block.type === "text" ? block.text : `[${block.type}]`)).join("\n");
}
