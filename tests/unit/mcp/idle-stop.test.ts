import { describe, expect, it } from "vitest";
import { CallsRunning, IdleTimer } from "../../../src/mcp/state/idle-stop.ts";
import { untilAborted } from "../../../src/mcp/tools/until-aborted.ts";
import { FakeClock } from "../../helpers/fake-clock.ts";

describe("IdleTimer", () => {
  it("fires after the idle time; a call in between puts it off until the last call ends and the time passes again", () => {
    const clock = new FakeClock();
    const calls = new CallsRunning();
    const idle = new IdleTimer(clock);
    const stopped: string[] = [];
    const arm = () =>
      idle.arm(
        1000,
        () => calls.count("a") > 0,
        () => stopped.push("a"),
      );
    arm();
    clock.advance(900);
    calls.started("a");
    calls.started("a");
    clock.advance(5000);
    expect(stopped).toEqual([]);
    expect(calls.ended("a")).toBe(false);
    arm(); // refused while a call runs
    clock.advance(5000);
    expect(stopped).toEqual([]);
    expect(calls.ended("a")).toBe(true);
    arm();
    clock.advance(999);
    expect(stopped).toEqual([]);
    clock.advance(1);
    expect(stopped).toEqual(["a"]);
  });

  it("never fires when off (0 ms) or cancelled; arming again replaces the pending timer", () => {
    const clock = new FakeClock();
    const stopped: string[] = [];
    const idle = new IdleTimer(clock);
    const armStopping = (ms: number, name: string) =>
      idle.arm(
        ms,
        () => false,
        () => stopped.push(name),
      );
    armStopping(0, "off");
    armStopping(10, "cancelled");
    idle.cancel();
    clock.advance(100);
    armStopping(10, "first");
    armStopping(50, "second");
    clock.advance(100);
    expect(stopped).toEqual(["second"]);
  });

  it("counts each server's calls apart, and an extra end never goes below none", () => {
    const calls = new CallsRunning();
    calls.started("a");
    calls.started("b");
    expect(calls.ended("a")).toBe(true);
    expect(calls.ended("a")).toBe(true);
    expect(calls.count("b")).toBe(1);
    calls.started("a");
    expect(calls.count("a")).toBe(1);
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
