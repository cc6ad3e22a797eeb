/**
 * One tool call under a deadline and the agent's abort signal. Either one
 * cancels the request on the server (the SDK sends notifications/cancelled
 * when the request's signal aborts); every outcome is a ToolResult.
 */
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { textResult, type ToolResult } from "../tools/tool.ts";
import type { Clock } from "../clock.ts";
import { allText, capOutput, cutsText, resultBlocks } from "./content.ts";
import type { SavedOutput } from "./output-files.ts";
import { describeError, type ServerConnection } from "./server-connection.ts";
import { formatSeconds, MAX_TIMER_MS } from "./timeouts.ts";

/** How one call is bounded and how much of its output is kept. */
export interface ToolCallLimits {
  signal?: AbortSignal;
  timeoutMs: number;
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
  const { signal, timeoutMs } = limits;
  if (signal?.aborted) return textResult(`MCP tool ${tool} was cancelled.`, true);
  const controller = new AbortController();
  let outcome: "timeout" | "cancelled" | undefined;
  const cancelTimer = limits.clock.setTimeout(() => {
    outcome ??= "timeout";
    controller.abort(new Error("timed out"));
  }, timeoutMs);
  const onAbort = () => {
    outcome ??= "cancelled";
    controller.abort(new Error("cancelled by the user"));
  };
  signal?.addEventListener("abort", onAbort, { once: true });
  try {
    // The SDK's own deadline sits just past ours, as a backstop.
    const result = await connection.callTool(tool, args, controller.signal, Math.min(timeoutMs + 1000, MAX_TIMER_MS));
    const blocks = resultBlocks(result);
    const saved = limits.saveOutput && cutsText(blocks, limits.maxChars) ? await limits.saveOutput(allText(blocks)) : undefined;
    return { content: capOutput(blocks, limits.maxChars, saved), isError: result.isError === true };
  } catch (error) {
    const sdkTimeout = error instanceof McpError && error.code === ErrorCode.RequestTimeout;
    if (outcome === "timeout" || (!outcome && sdkTimeout)) {
      return textResult(`MCP tool ${tool} timed out after ${formatSeconds(timeoutMs)}.`, true);
    }
    if (outcome === "cancelled") return textResult(`MCP tool ${tool} was cancelled.`, true);
    return textResult(`MCP tool ${tool} failed: ${describeError(error)}`, true);
  } finally {
    cancelTimer();
    signal?.removeEventListener("abort", onAbort);
  }
}
