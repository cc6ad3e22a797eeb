/**
 * The running side of one background task, beside its snapshot row in
 * BackgroundTasks: the output file its work writes, the control that stops
 * the work, who asked for the stop (so the ending is told honestly), and its
 * end, which TaskOutput's `block` and a stop wait for.
 */
import type { Clock } from "../clock.ts";
import type { OutputFile } from "./output-file.ts";
import type { StoppedBy } from "./task-state.ts";

/** How the store stops a task's work. */
export interface TaskControl {
  /** Ends the work (a shell's group, a call's abort); resolves with the signal that ended it, if one did, once it is over. */
  stop(): Promise<string | undefined>;
  /** For process exit, where nothing can be awaited: ends it at once. */
  stopSync?(): void;
}

export class RunningTask {
  readonly output: OutputFile;
  /** Set once the work started (the launch returned it). */
  control: TaskControl | undefined;
  /** Who asked it to stop; its ending is then `killed`. */
  stoppedBy: StoppedBy | undefined;
  readonly #ended: Promise<void>;
  #markEnded = () => {};

  constructor(output: OutputFile) {
    this.output = output;
    this.#ended = new Promise<void>((resolve) => {
      this.#markEnded = resolve;
    });
  }

  /** Its work is over: waiters go on. */
  markEnded(): void {
    this.#markEnded();
  }

  /** Stops the work for `by`; resolves with the signal that ended it, if one did (a control that fails ends nothing more). */
  async stop(by: StoppedBy): Promise<string | undefined> {
    this.stoppedBy = by;
    try {
      return await this.control?.stop();
    } catch {
      return undefined;
    }
  }

  /** Process exit: ends the work at once, without the event loop. */
  stopSync(): void {
    this.stoppedBy = "exit";
    this.control?.stopSync?.();
  }

  /** Resolves when the work ended, after `timeoutMs`, or when `signal` aborts, whichever comes first. */
  async waitForEnd(clock: Clock, timeoutMs: number, signal?: AbortSignal): Promise<void> {
    let cancel = () => {};
    const timedOut = new Promise<void>((resolve) => {
      const clear = clock.setTimeout(resolve, timeoutMs);
      const onAbort = () => resolve();
      signal?.addEventListener("abort", onAbort, { once: true });
      cancel = () => {
        clear();
        signal?.removeEventListener("abort", onAbort);
      };
    });
    await Promise.race([this.#ended, timedOut]);
    cancel();
  }
}
