/**
 * Asks whether the project's shared `.claude/settings.json` (and a
 * `settings.local.json` the repository carries) may grant what
 * it asks for (allow rules, a permission mode, folders, env, servers): a
 * repository cannot grant itself anything until its user says so.
 */
import type { PendingSettings } from "../../src/settings/settings-session.ts";
import { displayFile } from "../rows/display-path.ts";
import { SETTINGS_OPTIONS, settingsApprovalBody } from "./settings-approval-body.ts";
import { terminalSafeLine } from "../../src/text/terminal-safe.ts";
import { ApprovalModal } from "./ApprovalModal.tsx";

/** The waiting file and where the answer goes. */
export interface SettingsApprovalModalProps {
  readonly pending: PendingSettings;
  /** The working directory, to show the file relative to it. */
  readonly cwd: string;
  readonly isActive: boolean;
  readonly onAnswer: (approve: boolean) => void;
  /** See ApprovalModal. */
  readonly onStrayKey?: () => void;
  readonly width?: number;
  readonly maxHeight?: number;
}

/** "Apply them, and remember" / "Don't apply them". */
export function SettingsApprovalModal({
  pending,
  cwd,
  isActive,
  onAnswer,
  onStrayKey,
  width,
  maxHeight,
}: SettingsApprovalModalProps) {
  return (
    <ApprovalModal
      title={[
        { text: "Project settings " },
        { text: terminalSafeLine(pending.paths.map((path) => displayFile(path, cwd)).join(" and ")), color: "cyan" },
        { text: " ask for permissions" },
      ]}
      body={settingsApprovalBody(pending)}
      choices={SETTINGS_OPTIONS}
      escapeHint="don't apply"
      accent="cyan"
      isActive={isActive}
      onDecide={(index) => onAnswer(SETTINGS_OPTIONS[index]?.value ?? false)}
      onStrayKey={onStrayKey}
      width={width}
      maxHeight={maxHeight}
    />
  );
}
