import { describe, expect, it } from "vitest";
import { serverPanelLines } from "../../../../components/mcp-panel/server-panel-lines.ts";
import { connected, server, TRACKER_TOOLS } from "../../../helpers/tui-fixtures.ts";

describe("the opened server's scope", () => {
  it("says when its entry overrides another scope's entry of the same name", () => {
    const plain = server("tracker", connected(TRACKER_TOOLS));
    const overriding = { ...plain, config: { ...plain.config!, shadows: ["user"] as const } };
    const text = (view: typeof plain) => serverPanelLines(view, { servers: [view] }, undefined).map((row) => row.text);
    expect(text(plain).some((row) => row.includes("overrides"))).toBe(false);
    expect(text(overriding)).toContain("⚠ overrides the user scope's entry of the same name, which does not run");
  });
});
