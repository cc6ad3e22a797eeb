/** Drives a Model the way the agent loop does, for the model tests. */
import { expect } from "vitest";
import { ModelError, type Model, type ModelEvent, type ModelRequest } from "../../src/model/model.ts";

/** Every event `model` streams for `request`, in order. */
export async function streamEvents(model: Model, request: ModelRequest, signal = new AbortController().signal): Promise<ModelEvent[]> {
  const events: ModelEvent[] = [];
  for await (const event of model.stream(request, signal)) events.push(event);
  return events;
}

/** The ModelError `promise` rejects with; the test fails when it resolves or rejects with anything else. */
export async function modelError(promise: Promise<unknown>): Promise<ModelError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ModelError);
  return error as ModelError;
}
