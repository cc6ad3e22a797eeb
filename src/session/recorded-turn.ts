/**
 * One typed line as the session runs and saves it: `/compact [focus]` is a
 * compaction, anything else a user turn (user-turn.ts). Every event is
 * counted for /cost, and the saved session is synced when the turn ends,
 * however it ends.
 */
import type { Agent } from "../agent/agent.ts";
import type { AgentEvent } from "../agent/events.ts";
import type { Env } from "../env.ts";
import type { McpManager } from "../mcp/manager.ts";
import type { PathScope } from "../tools/real-paths.ts";
import type { CustomCommand } from "./custom-commands.ts";
import type { SessionRecorder } from "./session-recorder.ts";
import { runUserTurn } from "./user-turn.ts";

export interface TurnParts {
  readonly recorder: SessionRecorder;
  readonly agent: Agent;
  readonly manager: McpManager;
  readonly env: Env;
  readonly customCommands: readonly CustomCommand[];
  /** Where `@path` mentions are resolved. */
  readonly cwd: string;
  /** The folders `@path` mentions attach from (the project's and those added to it), as they are at this turn. */
  readonly folders: () => PathScope;
}

export async function* recordedTurn(
  parts: TurnParts,
  line: string,
  signal: AbortSignal,
): AsyncGenerator<AgentEvent, void> {
  const { recorder, agent, manager, env, customCommands, cwd, folders } = parts;
  const compact = compactCommand(line);
  const events = compact
    ? agent.compact(compact.focus, signal)
    : runUserTurn(agent, manager, env, line, signal, customCommands, cwd, folders());
  try {
    for await (const event of events) {
      recorder.observe(event);
      yield event;
    }
  } finally {
    recorder.endTurn();
  }
}

/** `/compact [focus]` typed as a turn (the TUI queues it like a prompt; `-p "/compact"` works too). */
function compactCommand(line: string): { focus: string | undefined } | undefined {
  const match = /^\/compact(?:\s+([\s\S]*))?$/i.exec(line.trim());
  if (!match) return undefined;
  return { focus: match[1]?.trim() || undefined };
}
