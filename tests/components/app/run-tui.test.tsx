import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { runTui } from "../../../components/app/run-tui.tsx";
import { fakeRuntime } from "../../helpers/tui-fixtures.ts";

describe("runTui", () => {
  it("refuses to start without a terminal, and still closes the runtime", async () => {
    const runtime = fakeRuntime();
    const stdin = new PassThrough() as unknown as NodeJS.ReadStream;
    await expect(runTui(runtime, { stdin })).rejects.toMatchObject({ code: "not-a-terminal" });
    expect(runtime.closed).toBe(1);
  });
});
