/**
 * One tool call under a deadline and the agent's abort signal. Either one
 * cancels the request on the server (the SDK sends notifications/cancelled
 * when the request's signal aborts); every outcome is a ToolResult. Each
 * progress notification restarts the deadline, up to a total maximum.
 */
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { textResult, type ToolResult } from "../../tools/tool.ts";
import type { Progress } from "@modelcontextprotocol/sdk/types.js";
import type { Clock } from "../../clock.ts";
import { allText, capOutput, cutsText, resultBlocks } from "./content.ts";
import type { SavedOutput } from "./output-files.ts";
import { describeError, type ServerConnection } from "../connection/server-connection.ts";
import { formatSeconds, MAX_TIMER_MS } from "../timeouts.ts";

/** How one call is bounded and how much of its output is kept. */
export interface ToolCallLimits {
  signal?: AbortSignal;
  /** The deadline between progress notifications. */
  timeoutMs: number;
  /** The deadline however much progress arrives; timeoutMs when absent. */
  maxTotalTimeoutMs?: number;
  onProgress?: (progress: Progress) => void;
  /** The output cap in characters (MAX_MCP_OUTPUT_TOKENS × 4). */
  maxChars: number;
  clock: Clock;
  /** Saves the whole text when the cap cuts it (output-files.ts); without it the rest is lost. */
  saveOutput?: (text: string) => Promise<SavedOutput | undefined>;
}

/** Calls `tool`; never throws: a timeout, an abort or any failure is an error result. */
export async function runToolCall(
  connection: Pick<ServerConnection, "callTool">,
  tool: string,
  args: Record<string, unknown>,
  limits: ToolCallLimits,
): Promise<ToolResult> {
  const { signal, timeoutMs, clock } = limits;
  const maxTotalMs = Math.max(timeoutMs, limits.maxTotalTimeoutMs ?? timeoutMs);
  if (signal?.aborted) return textResult(`MCP tool ${tool} was cancelled.`, true);
  const controller = new AbortController();
  let outcome: "timeout" | "cancelled" | undefined;
  const started = clock.now();
  /** When the call times out; progress moves it (within the total maximum). */
  let deadline = started + timeoutMs;
  /** The running deadline is the total maximum's remainder, not a full timeoutMs. */
  let capped = false;
  // One timer, moved lazily: a flood of progress costs a subtraction each, not a timer each.
  const onTimer = () => {
    const left = deadline - clock.now();
    if (left > 0) {
      cancelTimer = clock.setTimeout(onTimer, left);
      return;
    }
    outcome ??= "timeout";
    controller.abort(new Error("timed out"));
  };
  let cancelTimer = clock.setTimeout(onTimer, timeoutMs);
  const onProgress = (progress: Progress) => {
    if (outcome) return;
    // Progress shows the server is working: the deadline starts again, within the total.
    const now = clock.now();
    const left = maxTotalMs - (now - started);
    capped = left < timeoutMs;
    deadline = now + Math.max(0, Math.min(timeoutMs, left));
    limits.onProgress?.(progress);
  };
  const onAbort = () => {
    outcome ??= "cancelled";
    controller.abort(new Error("cancelled by the user"));
  };
  signal?.addEventListener("abort", onAbort, { once: true });
  try {
    // The SDK's own deadline sits just past ours, as a backstop.
    const result = await connection.callTool(tool, args, {
      signal: controller.signal,
      timeoutMs: Math.min(timeoutMs + 1000, MAX_TIMER_MS),
      maxTotalTimeoutMs: Math.min(maxTotalMs + 1000, MAX_TIMER_MS),
      onProgress,
    });
    const blocks = resultBlocks(result);
    const saved = limits.saveOutput && cutsText(blocks, limits.maxChars) ? await limits.saveOutput(allText(blocks)) : undefined;
    return { content: capOutput(blocks, limits.maxChars, saved), isError: result.isError === true };
  } catch (error) {
    const sdkTimeout = error instanceof McpError && error.code === ErrorCode.RequestTimeout;
    if (outcome === "timeout" || (!outcome && sdkTimeout)) {
      return textResult(`MCP tool ${tool} timed out after ${capped ? `${formatSeconds(maxTotalMs)} in total (the most a call reporting progress may take)` : formatSeconds(timeoutMs)}.`, true);
    }
    if (outcome === "cancelled") return textResult(`MCP tool ${tool} was cancelled.`, true);
    return textResult(`MCP tool ${tool} failed: ${describeError(error)}`, true);
  } finally {
    cancelTimer();
    signal?.removeEventListener("abort", onAbort);
  }
}

