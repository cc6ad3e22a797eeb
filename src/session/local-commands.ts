/**
 * The slash commands that only show what the session knows, `/cost`,
 * `/context` and `/agents`, as print mode runs them (`mini-cc -p /cost --continue`): here,
 * with no model request, with the same lines the TUI's commands show (both
 * read the runtime's costLines and contextLines).
 */
import type { AgentEvent } from "../agent/events.ts";
import type { SessionActions } from "./runtime-api.ts";

type Readouts = Pick<SessionActions, "costLines" | "contextLines" | "agentLines">;

const LOCAL_COMMANDS: Readonly<Record<string, (session: Readouts) => string[]>> = {
  cost: (session) => session.costLines(),
  context: (session) => session.contextLines(),
  agents: (session) => session.agentLines?.() ?? [],
};

/** The turn of a line that is `/cost` or `/context` (arguments are ignored, as Claude Code does): one turn_end carrying the lines; undefined for any other line. */
export function localCommandTurn(line: string, session: Readouts): AsyncGenerator<AgentEvent, void> | undefined {
  const name = /^\/([a-z-]+)(?:\s|$)/i.exec(line.trim())?.[1]?.toLowerCase();
  const lines = name !== undefined && Object.hasOwn(LOCAL_COMMANDS, name) ? LOCAL_COMMANDS[name] : undefined;
  if (lines === undefined) return undefined;
  return (async function* () {
    yield { type: "turn_end", reason: "end_turn", numTurns: 0, resultText: lines(session).join("\n") };
  })();
}
