/**
 * How one tool call on a live session ended, classified once, in the
 * connection that saw it; the words for the model are made at the end
 * (tools/call-result.ts), and the retry after a restart reads the kind
 * (session-renewal.ts).
 */
import type { CallToolResult, Progress } from "@modelcontextprotocol/client";
import type { LossKind } from "./remote-failure.ts";
import { formatSeconds } from "../timeouts.ts";
import type { TaskStatusView } from "./task-follower.ts";

export type CallOutcome = RequestOutcome<CallToolResult>;

/** How any request on a live session ended (a tool call, a resource read, prompts/get). */
export type RequestOutcome<T> =
  /** The server answered (a tool's result may itself be an error the tool reports). */
  | { kind: "result"; result: T }
  /** The deadline passed: `afterMs` of quiet, or the total maximum when `capped`. */
  | { kind: "timeout"; afterMs: number; capped: boolean }
  /** The caller aborted (Esc, Ctrl-C). */
  | { kind: "cancelled" }
  /** The server or the SDK refused the request; the session stands. */
  | { kind: "failed"; error: string }
  /** The session went under the call (remote-failure.ts says how); `error` is why, in one line. */
  | { kind: "lost"; how: LossKind; error: string };

/** Every way a request ends but with the server's answer. */
export type RequestFailure = Exclude<RequestOutcome<unknown>, { kind: "result" }>;

/**
 * How one request to a server (a tool call, a resource read, prompts/get) is bounded and where its
 * progress goes, from the tool down to the session. A deadline left out is the environment's
 * (MCP_TOOL_TIMEOUT, MCP_TOOL_MAX_TOTAL_TIMEOUT): the router settles both before the session sees
 * the request (`Settled`).
 */
export interface RequestBounds {
  /** The caller's abort (the turn's: Esc, Ctrl-C). */
  signal?: AbortSignal;
  /** The deadline between progress notifications (ms). */
  timeoutMs?: number;
  /** The deadline however much progress arrives (ms); never less than timeoutMs. */
  maxTotalTimeoutMs?: number;
  /** The tool-use id the call's progress is reported under (the `progress` store). */
  progressKey?: string;
  /** Who hears the server's progress notifications. */
  onProgress?: (progress: Progress) => void;
  /** Call it as a task (a 2025-11-25 tool whose execution.taskSupport is "required"). */
  asTask?: boolean;
  /** The call was answered with a task (its id, terminal-safe): it may go on in the background. */
  onTaskCreated?: (taskId: string) => void;
  /** The followed task's status changed. */
  onTask?: (task: TaskStatusView) => void;
  /** The call was answered with a task: the loop may answer the model now and take the result later (ToolContext). */
  moveToBackground?: (reason: string) => void;
}

/** Bounds whose named deadlines are settled. */
export type Settled<K extends "timeoutMs" | "maxTotalTimeoutMs"> = RequestBounds & Required<Pick<RequestBounds, K>>;

/** A request through the router (tools/call-router.ts): the server's outcome, or why no live session could take it. */
export type RoutedOutcome<T> = RequestOutcome<T> | { kind: "unavailable"; why: string };

/** Why a request got no answer, in a few words ("cancelled", "timed out after 5s", the server's error). */
export function failureReason(outcome: Exclude<RoutedOutcome<unknown>, { kind: "result" }>): string {
  switch (outcome.kind) {
    case "unavailable":
      return outcome.why;
    case "cancelled":
      return "cancelled";
    case "timeout":
      return `timed out after ${formatSeconds(outcome.afterMs)}`;
    case "failed":
    case "lost":
      return outcome.error;
  }
}
