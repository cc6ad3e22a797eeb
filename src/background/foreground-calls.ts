/**
 * The tool calls running in the foreground now that could go on in the
 * background (agent/detached-call.ts registers each while it runs): the
 * user's Ctrl+B sends the running Bash calls there, as in Claude Code, and
 * the footer offers the key only while there is one to send.
 */
import { Store } from "../store.ts";

/** One call the turn is waiting for. */
export interface ForegroundCall {
  /** The tool's name: `Bash`, `mcp__server__tool`. */
  readonly toolName: string;
  /** Sends it to the background (the model is answered at once, the result comes later). */
  readonly move: (reason: string) => void;
}

export class ForegroundCalls extends Store<readonly ForegroundCall[]> {
  constructor() {
    super([]);
  }

  /** A call started; the function returned forgets it once it ended or moved. */
  add(call: ForegroundCall): () => void {
    this.update((calls) => [...calls, call]);
    return () => this.update((calls) => (calls.includes(call) ? calls.filter((c) => c !== call) : calls));
  }

  /** Sends every running call of `toolName` to the background; how many went. */
  moveAll(toolName: string, reason: string): number {
    const calls = this.getSnapshot().filter((call) => call.toolName === toolName);
    for (const call of calls) call.move(reason);
    return calls.length;
  }
}
