import { describe, expect, it } from "vitest";
import type { PermissionMode } from "../../../../src/agent/events.ts";
import { nextPermissionMode, shiftTabStep } from "../../../../components/keys/permission-mode-cycle.ts";

describe("nextPermissionMode", () => {
  it("cycles default → acceptEdits → plan → bypassPermissions → default", () => {
    const seen: PermissionMode[] = ["default"];
    for (let i = 0; i < 4; i++) seen.push(nextPermissionMode(seen.at(-1)!));
    expect(seen).toEqual(["default", "acceptEdits", "plan", "bypassPermissions", "default"]);
  });
});

describe("shiftTabStep", () => {
  it("asks before bypassPermissions, and a second Shift+Tab passes it by", () => {
    expect(shiftTabStep("default", false)).toEqual({ kind: "set", mode: "acceptEdits" });
    expect(shiftTabStep("plan", false)).toEqual({ kind: "confirm-bypass" });
    expect(shiftTabStep("plan", true)).toEqual({ kind: "set", mode: "default" });
    expect(shiftTabStep("bypassPermissions", false)).toEqual({ kind: "set", mode: "default" });
  });
});
