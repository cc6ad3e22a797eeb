/**
 * One model request as the agent sees it: the response's events passed on
 * (text as it streams, retries), its text saved as it arrives so a kill does
 * not lose it (streamed-reply.ts), and how it ended: a message, an abort
 * (with the text shown so far), or an error.
 */
import { type Clock, systemClock } from "../clock.ts";
import type { Model, ModelEvent, ModelRequest } from "../model/model.ts";
import { abortable } from "./abortable.ts";
import type { ConversationEntry } from "./conversation.ts";
import type { AgentEvent } from "./events.ts";
import { StreamedReply } from "./streamed-reply.ts";
import { errorMessage } from "./tool-runner.ts";

export type FinalMessage = Extract<ModelEvent, { type: "message" }>;
export type RequestOutcome =
  | { kind: "message"; final: FinalMessage }
  | { kind: "aborted"; partialText: string }
  | { kind: "error"; message: string };

/** Sends `request`; `record` is the saved session's (the streamed text's `partial` lines go there, timed by `clock`). Never throws. */
export async function* streamRequest(
  model: Model,
  request: ModelRequest,
  signal: AbortSignal,
  record: (entry: ConversationEntry) => void,
  clock: Clock = systemClock,
): AsyncGenerator<AgentEvent, RequestOutcome> {
  // The line that follows the stream (the reply's, the interruption's) supersedes what was saved of it.
  const saved = new StreamedReply(record, clock);
  const outcome = yield* received(model, request, signal, saved);
  saved.stop();
  if (outcome.kind === "error") saved.failed();
  return outcome;
}

async function* received(
  model: Model,
  request: ModelRequest,
  signal: AbortSignal,
  saved: StreamedReply,
): AsyncGenerator<AgentEvent, RequestOutcome> {
  let final: FinalMessage | undefined;
  let partialText = "";
  try {
    for await (const event of abortable(model.stream(request, signal), signal)) {
      if (event.type === "text_delta") {
        partialText += event.text;
        saved.add(event.text);
        yield event;
      } else if (event.type === "message") {
        final = event;
      } else {
        // A retry streams afresh: what the failed attempt showed is not kept.
        if (event.type === "retry") {
          partialText = "";
          saved.retried();
        }
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
