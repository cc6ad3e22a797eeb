/**
 * What the shared-settings question shows: the file, whether it changed since
 * it was approved, and every grant it asks for, so the user approves exactly
 * what is listed (the grants' fingerprint is what is remembered).
 */
import { basename } from "node:path";
import type { PendingSettings } from "../../src/settings/settings-session.ts";
import { grantLines } from "../../src/settings/settings-trust.ts";
import { terminalSafeLine } from "../../src/text/terminal-safe.ts";
import { line, type BodyLine } from "../rows/body-lines.ts";
import type { ApprovalOption } from "./approval-options.ts";

const GRANT_INDENT = 4;

/** The rows under the title. */
export function settingsApprovalBody(pending: PendingSettings): BodyLine[] {
  return [
    ...(pending.status === "changed" ? [line("⚠ It changed since you approved it.", "warning")] : []),
    ...(pending.carried
      ? [
          line(
            `${terminalSafeLine(basename(pending.paths.at(-1) ?? ""))} is the repository's, not yours: ${pending.carried}.`,
            "warning",
          ),
        ]
      : []),
    line("The repository's settings would let mini-cc:"),
    ...grantLines(pending.grants).map((grant) => line(terminalSafeLine(grant), "command", GRANT_INDENT)),
    line("Its deny and ask rules apply either way.", "dim"),
  ];
}

/** Apply (remembered for this project until these grants change), or not; the last is Esc's. */
export const SETTINGS_OPTIONS: readonly ApprovalOption<boolean>[] = [
  { label: "Apply them, and remember for this project", value: true, asksForMessage: false },
  { label: "Don't apply them", value: false, asksForMessage: false },
];
