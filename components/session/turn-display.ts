/**
 * A turn's events into the transcript, with each Edit's and Write's diff: made
 * as the call is announced (the file is still as it was: the agent waits at
 * the event) and shown under its result if it succeeds, in every mode, with
 * the result cut to its first line (the diff says the rest).
 */
import type { AgentEvent } from "../../src/agent/events.ts";
import type { BodyLine } from "../rows/body-lines.ts";
import { resultWithDiff } from "../transcript/result-with-diff.ts";
import { toolRequestBody } from "../approval/tool-request-body.ts";
import type { TranscriptStore } from "../transcript/store.ts";

/** One per turn: it holds the diffs of calls announced and not yet answered. */
export class TurnDisplay {
  readonly #transcript: TranscriptStore;
  readonly #cwd: string;
  readonly #diffs = new Map<string, readonly BodyLine[]>();

  constructor(transcript: TranscriptStore, cwd: string) {
    this.#transcript = transcript;
    this.#cwd = cwd;
  }

  show(event: AgentEvent): void {
    if (event.type === "tool_call" && (event.name === "Edit" || event.name === "Write")) {
      // The first row names the file, as the call's own row already does.
      const lines = toolRequestBody(
        { toolUseId: event.id, toolName: event.name, input: event.input, summary: "", reason: "" },
        this.#cwd,
      ).slice(1);
      this.#diffs.set(event.id, lines);
    }
    if (event.type !== "tool_result") return this.#transcript.dispatch(event);
    const diff = this.#diffs.get(event.id);
    this.#diffs.delete(event.id);
    if (!diff || event.result.isError) return this.#transcript.dispatch(event);
    for (const action of resultWithDiff(event, diff)) this.#transcript.dispatch(action);
  }
}
