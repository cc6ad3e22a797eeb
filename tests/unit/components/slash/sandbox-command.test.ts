import { systemClock } from "../../../../src/clock.ts";
import { describe, expect, it } from "vitest";
import { sandboxCommand } from "../../../../components/slash/sandbox-command.ts";
import { Store } from "../../../../src/store.ts";
import { RecordingMcp } from "../../../helpers/tui-fixtures.ts";

const ctx = (sandboxMode?: Store<boolean>) => ({
  mcp: new RecordingMcp(),
  commands: [],
  clock: systemClock,
  ...(sandboxMode ? { sandboxMode } : {}),
});

describe("/sandbox", () => {
  it("switches sandbox mode, or sets it with on and off", async () => {
    const mode = new Store(false);
    expect(await sandboxCommand.run([], ctx(mode))).toMatchObject({
      isError: false,
      lines: [expect.stringMatching(/^Sandbox mode on: Bash commands run in the sandbox/)],
    });
    expect(mode.getSnapshot()).toBe(true);
    expect(await sandboxCommand.run(["off"], ctx(mode))).toEqual({
      kind: "output",
      isError: false,
      lines: ["Sandbox mode off: Bash commands run as you and ask for approval."],
    });
    expect(mode.getSnapshot()).toBe(false);
    await sandboxCommand.run(["on"], ctx(mode));
    expect(mode.getSnapshot()).toBe(true);
  });

  it("refuses other words, and says when the session has no sandbox", async () => {
    expect(await sandboxCommand.run(["maybe"], ctx(new Store(false)))).toEqual({
      kind: "output",
      isError: true,
      lines: ["Usage: /sandbox [on|off]"],
    });
    expect(await sandboxCommand.run([], ctx())).toEqual({
      kind: "output",
      isError: true,
      lines: ["This session has no sandbox."],
    });
  });
});
