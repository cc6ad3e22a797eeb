/**
 * What hooks hand the agent loop, declared here so the hooks depend on
 * nothing above them: the events they add to a turn (each one of the
 * agent's AgentEvent shapes, agent/events.ts) and a PreToolUse hook's answer.
 */

/** The events a hook adds to a turn: its notes, and a refused prompt's error and end. */
export type HookEvent =
  | { type: "hook_note"; text: string }
  | { type: "error"; message: string }
  | { type: "turn_end"; reason: "error"; numTurns: number; resultText: string };

/** A PreToolUse hook's answer about a call, with its reason (its deny never reaches the chain: the call is refused before). */
export interface HookAnswer {
  readonly answer: "allow" | "ask";
  readonly reason?: string;
}
