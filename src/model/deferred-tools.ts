/**
 * What the Messages API does with deferred tools, for models that do it on
 * our side (the scripted model): a tool sent with defer_loading is invisible
 * until a tool_result in the conversation holds a tool_reference naming it.
 */
import type { Message } from "./messages.ts";
import type { ModelRequest, ToolSpec } from "./model.ts";

/** Every tool a tool_reference in the conversation has loaded, in the order first loaded. */
export function loadedToolNames(messages: readonly Message[]): string[] {
  const names = new Set<string>();
  for (const message of messages) {
    if (message.role !== "user" || typeof message.content === "string") continue;
    for (const block of message.content) {
      if (block.type !== "tool_result" || typeof block.content === "string") continue;
      for (const part of block.content) if (part.type === "tool_reference") names.add(part.tool_name);
    }
  }
  return [...names];
}

/** The tools the model sees in this request: the ones not deferred, then the deferred ones loaded so far. */
export function visibleToolSpecs(request: Pick<ModelRequest, "tools" | "messages">): ToolSpec[] {
  const loaded = new Set(loadedToolNames(request.messages));
  return request.tools
    .filter((spec) => !spec.defer_loading || loaded.has(spec.name))
    .map(({ defer_loading: _deferred, ...spec }) => spec);
}
