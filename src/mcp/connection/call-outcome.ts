/**
 * How one tool call on a live session ended, classified once, in the
 * connection that saw it; the words for the model are made at the end
 * (tools/call-result.ts), and the retry after a restart reads the kind
 * (session-renewal.ts).
 */
import type { CallToolResult, Progress } from "@modelcontextprotocol/sdk/types.js";
import type { LossKind } from "./remote-failure.ts";

export type CallOutcome =
  /** The server answered (its result may itself be an error the tool reports). */
  | { kind: "result"; result: CallToolResult }
  /** The deadline passed: `afterMs` of quiet, or the total maximum when `capped`. */
  | { kind: "timeout"; afterMs: number; capped: boolean }
  /** The caller aborted (Esc, Ctrl-C). */
  | { kind: "cancelled" }
  /** The server or the SDK refused the request; the session stands. */
  | { kind: "failed"; error: string }
  /** The session went under the call (remote-failure.ts says how); `error` is why, in one line. */
  | { kind: "lost"; how: LossKind; error: string };

/** How one call on a live session is bounded and what it reports while it runs. */
export interface CallLimits {
  signal?: AbortSignal;
  /** The deadline between progress notifications (ms). */
  timeoutMs: number;
  /** The deadline however much progress arrives (ms); never less than timeoutMs. */
  maxTotalTimeoutMs: number;
  onProgress?: (progress: Progress) => void;
}
