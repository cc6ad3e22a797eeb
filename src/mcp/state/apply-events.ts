/** Changing one server of a snapshot, as pure functions: lifecycle events applied (McpManager's dispatch), a view put in. */
import { step, type LifecycleEvent } from "./lifecycle.ts";
import type { McpSnapshot, ServerView } from "./server-state.ts";

/**
 * `snapshot` after `events` happened to server `name` at `at`, the same
 * object when they changed nothing, or undefined when lifecycle.ts refuses
 * any of them (a restart of a server that was declined): then nothing changes.
 */
export function applyEvents(
  snapshot: McpSnapshot,
  name: string,
  events: readonly LifecycleEvent[],
  at: number,
): McpSnapshot | undefined {
  const index = snapshot.servers.findIndex((view) => view.name === name);
  const view = snapshot.servers[index];
  if (!view) return undefined;
  let life = { state: view.state, health: view.health };
  for (const event of events) {
    const next = step(life, event, at);
    if (!next.ok) return undefined;
    life = next.life;
  }
  if (life.state === view.state && life.health === view.health) return snapshot;
  const servers = [...snapshot.servers];
  servers[index] = { ...view, ...life };
  return { servers };
}

/** `snapshot` with `view` in place of the server of its name, or added last when it is new (an agent's own server). */
export function putView(snapshot: McpSnapshot, view: ServerView): McpSnapshot {
  const index = snapshot.servers.findIndex((listed) => listed.name === view.name);
  if (index < 0) return { servers: [...snapshot.servers, view] };
  const servers = [...snapshot.servers];
  servers[index] = view;
  return { servers };
}
