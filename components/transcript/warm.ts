/**
 * Runs the transcript's code once on a made-up turn, just after a fresh
 * first frame: the UI's code cache is made right then (app/main.ts) and holds
 * only functions that have run, so a resumed session's first frame, which
 * lays out saved turns, then finds them compiled instead of compiling them.
 */
import type { ConversationEntry } from "../../src/agent/conversation.ts";
import { savedTranscriptActions } from "./saved.ts";
import { EMPTY_TRANSCRIPT } from "./items.ts";
import { indexRows, RowCache, rowsBetween } from "./lines.ts";
import { foldTranscript } from "./reducer.ts";

const SAMPLE: readonly ConversationEntry[] = [
  { type: "prompt", content: "look at a.ts" },
  {
    type: "assistant",
    message: {
      role: "assistant",
      content: [
        { type: "text", text: "Let me **read** it." },
        { type: "tool_use", id: "t", name: "Read", input: { file_path: "a.ts" } },
      ],
    },
    usage: { input_tokens: 0, output_tokens: 0 },
    model: "",
  },
  {
    type: "tool_results",
    content: [{ type: "tool_result", tool_use_id: "t", content: "     1\texport const a = 1;" }],
  },
  {
    type: "assistant",
    message: { role: "assistant", content: [{ type: "text", text: "It exports `a`." }] },
    usage: { input_tokens: 0, output_tokens: 0 },
    model: "",
  },
];

export function warmTranscriptCode(): void {
  const state = foldTranscript(EMPTY_TRANSCRIPT, savedTranscriptActions(SAMPLE));
  const cache = new RowCache();
  const layout = { width: 80, expanded: false };
  const index = indexRows(state.items, layout, cache);
  rowsBetween(state.items, index, [], layout, cache, 0, index.total);
}
