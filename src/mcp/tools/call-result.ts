/**
 * A tool call's outcome (connection/call-outcome.ts) in the words the model
 * reads, made once, at the end of the call: the server's result within
 * MAX_MCP_OUTPUT_TOKENS (its whole text saved to a file when the cap cuts
 * it), or one line saying why there is none.
 */
import { textResult, type ToolResult } from "../../tools/tool.ts";
import type { CallOutcome } from "../connection/call-outcome.ts";
import { formatSeconds } from "../timeouts.ts";
import { allText, capOutput, cutsText, resultBlocks } from "./content.ts";
import type { SavedOutput } from "./output-files.ts";

/** How much of a result is kept, and where the rest goes. */
export interface OutputLimits {
  /** The output cap in characters (MAX_MCP_OUTPUT_TOKENS × 4). */
  maxChars: number;
  /** Saves the whole text when the cap cuts it (output-files.ts); without it the rest is lost. */
  saveOutput?: (text: string) => Promise<SavedOutput | undefined>;
}

/** The model's view of how calling `tool` ended. */
export async function callResult(tool: string, outcome: CallOutcome, limits: OutputLimits): Promise<ToolResult> {
  switch (outcome.kind) {
    case "result": {
      const blocks = resultBlocks(outcome.result);
      const saved =
        limits.saveOutput && cutsText(blocks, limits.maxChars) ? await limits.saveOutput(allText(blocks)) : undefined;
      return { content: capOutput(blocks, limits.maxChars, saved), isError: outcome.result.isError === true };
    }
    case "timeout": {
      const after = outcome.capped
        ? `${formatSeconds(outcome.afterMs)} in total (the most a call reporting progress may take)`
        : formatSeconds(outcome.afterMs);
      return textResult(`MCP tool ${tool} timed out after ${after}.`, true);
    }
    case "cancelled":
      return cancelledResult(tool);
    case "failed":
    case "lost":
      return failedResult(tool, outcome.error);
  }
}

export function cancelledResult(tool: string): ToolResult {
  return textResult(`MCP tool ${tool} was cancelled.`, true);
}

export function failedResult(tool: string, why: string): ToolResult {
  return textResult(`MCP tool ${tool} failed: ${why}`, true);
}
