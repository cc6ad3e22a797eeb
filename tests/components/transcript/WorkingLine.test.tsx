import { Box } from "ink";
import { cleanup, render } from "ink-testing-library";
import { afterEach, describe, expect, it } from "vitest";
import { ClockContext } from "../../../components/runtime/useClock.ts";
import { MotionContext } from "../../../components/runtime/useMotion.ts";
import { WorkingLine } from "../../../components/transcript/WorkingLine.tsx";
import { ToolProgressStore } from "../../../src/mcp/tools/progress.ts";
import { FakeClock } from "../../helpers/fake-clock.ts";
import { renderUntilRendered, screen, untilRendered } from "../../helpers/tui-screen.ts";

afterEach(cleanup);

function line(store?: ToolProgressStore, width = 80) {
  return renderUntilRendered(
    <MotionContext value={false}>
      <Box width={width}>
        <WorkingLine progress={store} />
      </Box>
    </MotionContext>,
  );
}

describe("WorkingLine", async () => {
  it("shows a bar when the running call's total is known, redrawn once a frame", async () => {
    const clock = new FakeClock();
    const store = new ToolProgressStore(clock);
    const view = await line(store);
    expect(screen(view.lastFrame())).toMatchInlineSnapshot(`"⠋ Working… (esc to interrupt)"`);
    await untilRendered(() => {
      store.report("t1", { progress: 1, total: 4 });
      store.report("t1", { progress: 2, total: 4, message: "Step 2" });
    });
    expect(screen(view.lastFrame())).not.toContain("2/4");
    await untilRendered(() => clock.advance(40));
    expect(screen(view.lastFrame())).toMatchInlineSnapshot(`"⠋ Working… █████░░░░░ 2/4 Step 2 (esc to interrupt)"`);
  });

  it("ends at its box's edge on a terminal too narrow for it, never running past and wrapping", async () => {
    const view = await line(undefined, 18);
    expect(screen(view.lastFrame())).toMatchInlineSnapshot(`"⠋ Working… (esc to"`);
  });

  it("shows the server's message when there is no total, and drops it when the call ends", async () => {
    const clock = new FakeClock();
    const store = new ToolProgressStore(clock);
    const view = await line(store);
    await untilRendered(() => {
      store.report("t1", { progress: 7, message: "indexing src/\u001b[31mred" });
      clock.advance(40);
    });
    expect(screen(view.lastFrame())).toMatchInlineSnapshot(`"⠋ Working… indexing src/\\x1b[31mred (esc to interrupt)"`);
    await untilRendered(() => store.finish("t1"));
    expect(screen(view.lastFrame())).toMatchInlineSnapshot(`"⠋ Working… (esc to interrupt)"`);
  });

  it("cuts a long message on a narrow terminal", async () => {
    const clock = new FakeClock();
    const store = new ToolProgressStore(clock);
    const view = await line(store, 40);
    await untilRendered(() => {
      store.report("t1", { progress: 3, total: 10, message: "a very long progress message from the server" });
      clock.advance(40);
    });
    expect(screen(view.lastFrame())).toMatchInlineSnapshot(`"⠋ Working… ███░░░░░░… (esc to interrupt)"`);
  });
});

describe("WorkingLine while a model request waits to be retried", () => {
  it("says why and when the next try comes, counting down on the injected clock", async () => {
    const clock = new FakeClock(1_000_000);
    const retry = {
      reason: "overloaded" as const,
      retry: 3,
      maxRetries: 10,
      delayMs: 8000,
      message: "Anthropic API error 529: Overloaded",
    };
    // A new element each time: the same one again would not draw the clock's new time.
    const line = () => (
      <ClockContext value={clock}>
        <MotionContext value={false}>
          <Box width={80}>
            <WorkingLine retry={retry} />
          </Box>
        </MotionContext>
      </ClockContext>
    );
    const view = render(line());
    expect(screen(view.lastFrame())).toMatchInlineSnapshot(
      `"⠋ Working… API overloaded · retry 3/10 in 8 s (esc to interrupt)"`,
    );
    clock.advance(5000);
    view.rerender(line());
    expect(screen(view.lastFrame())).toContain("API overloaded · retry 3/10 in 3 s");
  });
});
