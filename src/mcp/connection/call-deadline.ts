/**
 * The one deadline of a tool call, on the injected clock: `timeoutMs` between
 * progress notifications (MCP_TOOL_TIMEOUT), never past `maxTotalMs` from the
 * start (MCP_TOOL_MAX_TOTAL_TIMEOUT). Checked lazily: a flood of progress
 * costs a clock reading each, not a timer each, and the running calls of a
 * clock share one timer (Deadlines), so a call neither sets nor clears one
 * (together about 2 µs of a call's own ~5). `signal` aborts on the deadline or
 * on the caller's abort, and `ended` says which.
 *
 * `signal` is the request's own abort signal as the SDK reads it (aborted,
 * reason, throwIfAborted, one abort listener that it never removes), not an
 * AbortController's: creating a real AbortSignal costs ~8 µs, more than the
 * rest of the call's own work together, and the SDK needs a fresh one per
 * request since it leaves its listener on it.
 */
import type { Clock } from "../../clock.ts";
import { MiniCcError } from "../../errors.ts";
import { formatSeconds } from "../timeouts.ts";

/** The part of AbortSignal that the SDK's Protocol.request uses. */
class RequestSignal {
  aborted = false;
  reason: unknown = undefined;
  /** The SDK's one listener kept apart: no array made and filtered for it on every call. */
  #first: (() => void) | undefined;
  #more: Array<() => void> | undefined;

  throwIfAborted(): void {
    if (this.aborted) throw this.reason;
  }

  addEventListener(type: string, listener: () => void): void {
    if (type !== "abort") return;
    if (this.#first === undefined) this.#first = listener;
    else (this.#more ??= []).push(listener);
  }

  removeEventListener(type: string, listener: () => void): void {
    if (type !== "abort") return;
    if (this.#first === listener) this.#first = this.#more?.shift();
    else if (this.#more) this.#more = this.#more.filter((l) => l !== listener);
  }

  abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    const listeners = this.#first ? [this.#first, ...(this.#more ?? [])] : [];
    for (const listener of listeners) listener();
  }
}

/** Where a call is in each CallList it can be in: -1 when not in it. */
interface ListPlaces {
  atClock: number;
  atSignal: number;
}

/**
 * Running calls in an array, each knowing its place (`key`): adding and removing allocate nothing.
 * A Set that loses its last entry allocates a new table through a runtime call: once a call.
 */
class CallList<T extends ListPlaces> {
  readonly #calls: T[] = [];
  readonly #key: keyof ListPlaces;

  constructor(key: keyof ListPlaces) {
    this.#key = key;
  }

  add(call: T): void {
    call[this.#key] = this.#calls.push(call) - 1;
  }

  remove(call: T): void {
    const at = call[this.#key];
    if (at < 0) return;
    call[this.#key] = -1;
    // The last call takes the freed place.
    const last = this.#calls.pop()!;
    if (last === call) return;
    this.#calls[at] = last;
    last[this.#key] = at;
  }

  /** The calls now, to go through while they remove themselves. */
  list(): T[] {
    return [...this.#calls];
  }
}

/**
 * The calls each caller's signal (a turn's) bounds, under one abort listener
 * for the signal's life instead of one added and removed per call.
 */
const bounded = new WeakMap<AbortSignal, CallList<CallDeadline>>();

/** The signal watched last and its calls: a turn's calls come one after another with the same signal. */
let last: { outer: AbortSignal; calls: CallList<CallDeadline> } | undefined;

function callsOf(outer: AbortSignal): CallList<CallDeadline> | undefined {
  return last?.outer === outer ? last.calls : bounded.get(outer);
}

function watch(outer: AbortSignal, deadline: CallDeadline): void {
  let calls = callsOf(outer);
  if (!calls) {
    const mine = (calls = new CallList("atSignal"));
    bounded.set(outer, mine);
    outer.addEventListener(
      "abort",
      () => {
        for (const call of mine.list()) call.cancel();
      },
      { once: true },
    );
  }
  calls.add(deadline);
  if (last?.outer !== outer) last = { outer, calls };
}

/**
 * The running calls' deadlines on one clock, under one timer set for the soonest due. It is not
 * cleared when the last call ends, only moved sooner when a call is due before it: calls one after
 * another with the same timeout never touch it. A background timer: a call's request keeps the
 * process alive, not its deadline.
 */
class Deadlines {
  readonly #clock: Clock;
  readonly #running = new CallList<CallDeadline>("atClock");
  #armedFor = Number.POSITIVE_INFINITY;
  #cancel = () => {};

  constructor(clock: Clock) {
    this.#clock = clock;
  }

  add(deadline: CallDeadline, due: number): void {
    this.#running.add(deadline);
    if (due < this.#armedFor) this.#arm(due);
  }

  remove(deadline: CallDeadline): void {
    this.#running.remove(deadline);
  }

  #arm(due: number): void {
    this.#cancel();
    this.#armedFor = due;
    this.#cancel = this.#clock.setTimeout(this.#fire, Math.max(0, due - this.#clock.now()), { background: true });
  }

  readonly #fire = (): void => {
    this.#armedFor = Number.POSITIVE_INFINITY;
    this.#cancel = () => {};
    let soonest = Number.POSITIVE_INFINITY;
    for (const deadline of this.#running.list()) {
      const due = deadline.check();
      if (due !== undefined && due < soonest) soonest = due;
    }
    if (soonest !== Number.POSITIVE_INFINITY) this.#arm(soonest);
  };
}

const deadlinesByClock = new WeakMap<Clock, Deadlines>();

function deadlinesOf(clock: Clock): Deadlines {
  let deadlines = deadlinesByClock.get(clock);
  if (!deadlines) deadlinesByClock.set(clock, (deadlines = new Deadlines(clock)));
  return deadlines;
}

export class CallDeadline implements ListPlaces {
  /** Its places in its clock's running calls and its caller signal's calls (CallList). */
  atClock = -1;
  atSignal = -1;
  readonly #signal = new RequestSignal();
  readonly #clock: Clock;
  readonly #timeoutMs: number;
  readonly #lastMs: number;
  readonly #outer: AbortSignal | undefined;
  readonly #deadlines: Deadlines;
  #due: number;
  #capped = false;
  /** Why the signal aborted: the deadline, or the caller. */
  ended: "timeout" | "cancelled" | undefined;

  constructor(clock: Clock, timeoutMs: number, maxTotalMs: number, outer?: AbortSignal) {
    this.#clock = clock;
    this.#timeoutMs = timeoutMs;
    const now = clock.now();
    this.#lastMs = now + Math.max(timeoutMs, maxTotalMs);
    this.#due = now + timeoutMs;
    this.#outer = outer;
    this.#deadlines = deadlinesOf(clock);
    this.#deadlines.add(this, this.#due);
    if (outer?.aborted) this.cancel();
    else if (outer) watch(outer, this);
  }

  /** Aborts at the deadline or with the caller's signal: hand it to the SDK's request. */
  get signal(): AbortSignal {
    return this.#signal as unknown as AbortSignal;
  }

  /** True when the total maximum, not a quiet spell, set the deadline that ended the call. */
  get capped(): boolean {
    return this.#capped;
  }

  /** The server reported progress: the deadline starts again, within the total maximum. */
  progressed(): void {
    if (this.ended !== undefined) return;
    const due = this.#clock.now() + this.#timeoutMs;
    this.#capped = due > this.#lastMs;
    this.#due = this.#capped ? this.#lastMs : due;
  }

  stop(): void {
    this.#deadlines.remove(this);
    if (this.#outer) callsOf(this.#outer)?.remove(this);
  }

  /** The caller aborted: the call ends as cancelled. */
  cancel(): void {
    this.#end("cancelled");
  }

  /** Ends the call if its deadline has passed; else when it is due (for Deadlines' next timer). */
  check(): number | undefined {
    if (this.#due > this.#clock.now()) return this.#due;
    this.#end("timeout");
    return undefined;
  }

  #end(why: "timeout" | "cancelled"): void {
    if (this.ended !== undefined) return;
    this.ended = why;
    this.stop();
    this.#signal.abort(new Error(why === "timeout" ? "timed out" : "cancelled by the user"));
  }
}

/**
 * A handshake's deadline (MCP_TIMEOUT or the entry's "timeout"): `passed` rejects with why, and
 * `controller` aborts, once `timeoutMs` is up; cancel() when the handshake settled first.
 */
export function connectDeadline(
  clock: Clock,
  timeoutMs: number,
  controller: AbortController,
): { passed: Promise<never>; cancel: () => void } {
  let cancel = () => {};
  const passed = new Promise<never>((_, reject) => {
    cancel = clock.setTimeout(() => {
      const why = `connection timed out after ${formatSeconds(timeoutMs)} (MCP_TIMEOUT, in ms, or the entry's "timeout" allows more)`;
      reject(new MiniCcError("connect-timeout", why));
      controller.abort();
    }, timeoutMs);
  });
  return { passed, cancel };
}
