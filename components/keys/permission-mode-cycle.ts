/**
 * Shift+Tab's order of permission modes, as in Claude Code:
 * default → acceptEdits → plan → bypassPermissions → default.
 * bypassPermissions runs every tool without asking, so Shift+Tab only offers
 * it: the user confirms with one more key, or Shift+Tab again passes it by.
 */
import type { PermissionMode } from "../../src/agent/events.ts";
import { PERMISSION_MODES } from "../../src/agent/permissions.ts";

/** The mode after `mode` in the cycle. */
export function nextPermissionMode(mode: PermissionMode): PermissionMode {
  const next = PERMISSION_MODES[(PERMISSION_MODES.indexOf(mode) + 1) % PERMISSION_MODES.length];
  return next ?? "default";
}

/** What Shift+Tab does: switch to a mode, or ask first before bypassPermissions. */
export type ModeStep = { readonly kind: "set"; readonly mode: PermissionMode } | { readonly kind: "confirm-bypass" };

/** Shift+Tab from `mode`; `confirming` when the bypassPermissions question is already showing (then it passes it by). */
export function shiftTabStep(mode: PermissionMode, confirming: boolean): ModeStep {
  if (confirming) return { kind: "set", mode: nextPermissionMode("bypassPermissions") };
  const next = nextPermissionMode(mode);
  return next === "bypassPermissions" ? { kind: "confirm-bypass" } : { kind: "set", mode: next };
}
