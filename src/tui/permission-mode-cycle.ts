/**
 * Shift+Tab's order of permission modes, as in Claude Code:
 * default → acceptEdits → plan → bypassPermissions → default.
 */
import type { PermissionMode } from "../agent/events.ts";
import { PERMISSION_MODES } from "../agent/permissions.ts";

/** The mode after `mode` in the cycle. */
export function nextPermissionMode(mode: PermissionMode): PermissionMode {
  const next = PERMISSION_MODES[(PERMISSION_MODES.indexOf(mode) + 1) % PERMISSION_MODES.length];
  return next ?? "default";
}
