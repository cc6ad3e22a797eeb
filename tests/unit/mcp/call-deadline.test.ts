import { describe, expect, it } from "vitest";
import { CallDeadline } from "../../../src/mcp/connection/call-deadline.ts";
import { FakeClock } from "../../helpers/fake-clock.ts";

describe("CallDeadline", () => {
  it("cancels every call still running under the caller's signal, not one that ended before", () => {
    const clock = new FakeClock();
    const turn = new AbortController();
    const calls = [1, 2, 3, 4].map(() => new CallDeadline(clock, 60_000, 60_000, turn.signal));
    calls[1]!.stop();
    calls[0]!.stop();
    turn.abort();
    expect(calls.map((call) => call.ended)).toEqual([undefined, undefined, "cancelled", "cancelled"]);
    expect(calls[3]!.signal.aborted).toBe(true);
  });

  it("times out each running call at its own deadline after others on the clock ended", () => {
    const clock = new FakeClock();
    const calls = [3000, 1000, 2000, 4000].map((ms) => new CallDeadline(clock, ms, ms));
    calls[2]!.stop();
    calls[0]!.stop();
    clock.advance(1500);
    expect(calls.map((call) => call.ended)).toEqual([undefined, "timeout", undefined, undefined]);
    clock.advance(3000);
    expect(calls.map((call) => call.ended)).toEqual([undefined, "timeout", undefined, "timeout"]);
  });
});
