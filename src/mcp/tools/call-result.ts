/**
 * A tool call's outcome (connection/call-outcome.ts) in the words the model
 * reads, made once, at the end of the call: the server's result within
 * MAX_MCP_OUTPUT_TOKENS (its whole text saved to a file when the cap cuts
 * it), or one line saying why there is none.
 */
import type { ImageBlock, TextBlock } from "../../model/messages.ts";
import { textResult, type ToolResult } from "../../tools/tool.ts";
import type { CallOutcome } from "../connection/call-outcome.ts";
import { formatSeconds } from "../timeouts.ts";
import { allText, capOutput, cutsText, fitsCap, resultBlocks } from "./content.ts";
import type { SavedOutput } from "./output-files.ts";

/** How much of a result is kept, and where the rest goes. */
export interface OutputLimits {
  /** The output cap in characters (MAX_MCP_OUTPUT_TOKENS × 4). */
  maxChars: number;
  /** Saves the whole text when the cap cuts it (output-files.ts); without it the rest is lost. */
  saveOutput?: (text: string) => Promise<SavedOutput | undefined>;
}

/**
 * The model's view of how calling `tool` ended. A promise only for a result past the cap (its
 * whole text may be saved first): most results fit, and are handed on without a wait.
 */
export function callResult(tool: string, outcome: CallOutcome, limits: OutputLimits): ToolResult | Promise<ToolResult> {
  switch (outcome.kind) {
    case "result": {
      const blocks = resultBlocks(outcome.result);
      const isError = outcome.result.isError === true;
      // Most results fit: they go as they are, not copied, not measured again for a cut.
      if (fitsCap(blocks, limits.maxChars)) return { content: blocks, isError };
      return cappedResult(blocks, isError, limits);
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

/** A result past the cap: cut, with its whole text saved first when the cap cuts text and there is a place for it. */
async function cappedResult(
  blocks: Array<TextBlock | ImageBlock>,
  isError: boolean,
  limits: OutputLimits,
): Promise<ToolResult> {
  const saved =
    limits.saveOutput && cutsText(blocks, limits.maxChars) ? await limits.saveOutput(allText(blocks)) : undefined;
  return { content: capOutput(blocks, limits.maxChars, saved), isError };
}

export function cancelledResult(tool: string): ToolResult {
  return textResult(`MCP tool ${tool} was cancelled.`, true);
}

export function failedResult(tool: string, why: string): ToolResult {
  return textResult(`MCP tool ${tool} failed: ${why}`, true);
}
