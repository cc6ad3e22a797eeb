/**
 * One model request streamed for the agent loop: text deltas and retries pass
 * through as they come, the final message is kept, and how it ended is a
 * value (a message, an abort with the text shown so far, or an error).
 */
import type { Model, ModelEvent, ModelRequest } from "../model/model.ts";
import { abortable } from "./abortable.ts";
import type { AgentEvent } from "./events.ts";
import { errorMessage } from "./tool-runner.ts";

type Final = Extract<ModelEvent, { type: "message" }>;
export type RequestOutcome = { kind: "message"; final: Final } | { kind: "aborted"; partialText: string } | { kind: "error"; message: string };

export async function* streamRequest(model: Model, request: ModelRequest, signal: AbortSignal): AsyncGenerator<AgentEvent, RequestOutcome> {
  let final: Final | undefined;
  let partialText = "";
  try {
    for await (const event of abortable(model.stream(request, signal), signal)) {
      if (event.type === "text_delta") {
        partialText += event.text;
        yield event;
      } else if (event.type === "message") {
        final = event;
      } else {
        // A retry streams afresh: what the failed attempt showed is not kept.
        if (event.type === "retry") partialText = "";
        yield event;
      }
    }
  } catch (error) {
    return signal.aborted ? { kind: "aborted", partialText } : { kind: "error", message: errorMessage(error) };
  }
  if (signal.aborted) return { kind: "aborted", partialText };
  if (!final) return { kind: "error", message: `The model (${model.name}) ended its response without a message.` };
  return { kind: "message", final };
}
