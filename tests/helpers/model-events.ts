/** Drives a Model the way the agent loop does, for the model tests. */
import { expect } from "vitest";
import { MiniCcError } from "../../src/errors.ts";
import { type Model, type ModelEvent, type ModelRequest } from "../../src/model/model.ts";

/** Every event `model` streams for `request`, in order. */
export async function streamEvents(
  model: Model,
  request: ModelRequest,
  signal = new AbortController().signal,
): Promise<ModelEvent[]> {
  const events: ModelEvent[] = [];
  for await (const event of model.stream(request, signal)) events.push(event);
  return events;
}

/** The MiniCcError `promise` rejects with; the test fails when it resolves or rejects with anything else. */
export async function modelError(promise: Promise<unknown>): Promise<MiniCcError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MiniCcError);
  return error as MiniCcError;
}
