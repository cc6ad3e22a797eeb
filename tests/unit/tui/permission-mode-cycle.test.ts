import { describe, expect, it } from "vitest";
import type { PermissionMode } from "../../../src/agent/events.ts";
import { nextPermissionMode } from "../../../src/tui/permission-mode-cycle.ts";

describe("nextPermissionMode", () => {
  it("cycles default → acceptEdits → plan → bypassPermissions → default", () => {
    const seen: PermissionMode[] = ["default"];
    for (let i = 0; i < 4; i++) seen.push(nextPermissionMode(seen.at(-1)!));
    expect(seen).toEqual(["default", "acceptEdits", "plan", "bypassPermissions", "default"]);
  });
});
