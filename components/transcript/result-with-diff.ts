/**
 * A successful Edit's or Write's result as the transcript shows it, live and
 * resumed alike: the result cut to its first line, then the change's diff
 * (the diff says the rest).
 */
import type { BodyLine } from "../rows/body-lines.ts";
import type { TranscriptAction } from "./reducer.ts";
import { resultLines } from "./result-preview.ts";

type ToolResultAction = Extract<TranscriptAction, { type: "tool_result" }>;

export function resultWithDiff(result: ToolResultAction, diff: readonly BodyLine[]): TranscriptAction[] {
  const first = resultLines(result.result.content)[0] ?? "";
  return [
    { ...result, result: { ...result.result, content: first } },
    { type: "file-diff", lines: diff },
  ];
}
