import { describe, expect, it } from "vitest";
import { IdleStops } from "../../../src/mcp/state/idle-stop.ts";
import { untilAborted } from "../../../src/mcp/tools/until-aborted.ts";
import { FakeClock } from "../../helpers/fake-clock.ts";

describe("IdleStops", () => {
  it("fires after the idle time; a call in between puts it off until the last call ends and the time passes again", () => {
    const clock = new FakeClock();
    const idle = new IdleStops(clock);
    const stopped: string[] = [];
    const arm = () => idle.arm("a", 1000, () => stopped.push("a"));
    arm();
    clock.advance(900);
    idle.callStarted("a");
    idle.callStarted("a");
    clock.advance(5000);
    expect(stopped).toEqual([]);
    expect(idle.callEnded("a")).toBe(false);
    arm(); // refused while a call runs
    clock.advance(5000);
    expect(stopped).toEqual([]);
    expect(idle.callEnded("a")).toBe(true);
    arm();
    clock.advance(999);
    expect(stopped).toEqual([]);
    clock.advance(1);
    expect(stopped).toEqual(["a"]);
  });

  it("never fires when off (0 ms) or cancelled", () => {
    const clock = new FakeClock();
    const idle = new IdleStops(clock);
    const stopped: string[] = [];
    idle.arm("off", 0, () => stopped.push("off"));
    idle.arm("b", 10, () => stopped.push("b"));
    idle.arm("c", 10, () => stopped.push("c"));
    idle.cancel("b");
    clock.advance(100);
    expect(stopped).toEqual(["c"]);
    idle.arm("d", 10, () => stopped.push("d"));
    idle.cancelAll();
    clock.advance(100);
    expect(stopped).toEqual(["c"]);
  });
});

describe("untilAborted", () => {
  it("ends the caller's wait on abort, not the work", async () => {
    let finish = () => {};
    const work = new Promise<void>((resolve) => (finish = resolve));
    const controller = new AbortController();
    const waiting = untilAborted(work, controller.signal);
    controller.abort();
    expect(await waiting).toBe(true);
    const second = untilAborted(work, new AbortController().signal);
    finish();
    expect(await second).toBe(false);
    expect(await untilAborted(work, undefined)).toBe(false);
  });
});
