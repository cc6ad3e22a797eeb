/**
 * The session transcript as a store: the TUI reads it with useStore, the
 * session feeds it agent events and command output.
 */
import { Store } from "../../src/store.ts";
import { EMPTY_TRANSCRIPT, type TranscriptState } from "./items.ts";
import { reduceTranscript, type TranscriptAction } from "./reducer.ts";

/** A Store<TranscriptState> with `dispatch`. */
export class TranscriptStore extends Store<TranscriptState> {
  constructor(initial: TranscriptState = EMPTY_TRANSCRIPT) {
    super(initial);
  }

  /** Applies one action through reduceTranscript. */
  dispatch(action: TranscriptAction): void {
    this.update((state) => reduceTranscript(state, action));
  }
}
