/**
 * Asks whether a tool call may run: `Allow Bash(npm test)?`, why it asks,
 * and all of the call: a command in full, a file change as a diff against the
 * file on disk, any other call's arguments.
 */
import { useMemo } from "react";
import { toolOptions, type ToolAnswer } from "./approval-options.ts";
import type { PendingPermission } from "../runtime/permission-queue.ts";
import type { RuleCoverage } from "../../src/agent/tool-rules.ts";
import { toolRequestBody } from "./tool-request-body.ts";
import { terminalSafeLine } from "../../src/text/terminal-safe.ts";
import { ApprovalModal } from "./ApprovalModal.tsx";

/** Columns the call's details are indented under the question. */
const BODY_INDENT = 4;

/** The waiting request and where the answer goes. */
export interface ToolApprovalModalProps {
  readonly pending: PendingPermission;
  /** What a session rule covers, as the permission chain judges it (PermissionQueue.covers). */
  readonly covers: RuleCoverage;
  /** The working directory: relative file paths are read from it for the diff. */
  readonly cwd: string;
  readonly isActive: boolean;
  readonly onAnswer: (answer: ToolAnswer, message?: string) => void;
  /** Esc: deny and stop the turn (the way to say no and go on is the deny-with-a-message choice). */
  readonly onStop?: () => void;
  /** "Yes, and don't ask again" can be written to the project's settings.local.json. */
  readonly canRemember?: boolean;
  /** See ApprovalModal. */
  readonly onStrayKey?: () => void;
  readonly width?: number;
  readonly maxHeight?: number;
}

/** "Allow" / "Allow for the session" / "Yes, and don't ask again" / "Deny, and say why" for one tool call. */
export function ToolApprovalModal({
  pending,
  covers,
  cwd,
  isActive,
  onAnswer,
  onStop,
  canRemember,
  onStrayKey,
  width,
  maxHeight,
}: ToolApprovalModalProps) {
  const { request } = pending;
  const options = toolOptions(request, covers, canRemember);
  // Read the file once per request, not on every keypress.
  const body = useMemo(
    () => toolRequestBody(request, cwd).map((row) => ({ ...row, indent: (row.indent ?? 0) + BODY_INDENT })),
    [request, cwd],
  );
  return (
    <ApprovalModal
      title={[
        { text: "Allow " },
        { text: terminalSafeLine(request.summary || request.toolName), color: "yellow" },
        { text: "?" },
        ...(request.agent === undefined
          ? []
          : [{ text: `  asked by the ${terminalSafeLine(request.agent)} agent`, color: "cyan" }]),
        ...(request.reason === "" ? [] : [{ text: `  (${terminalSafeLine(request.reason)})`, dim: true }]),
      ]}
      body={body}
      choices={options}
      escapeHint={onStop ? "stop" : "deny"}
      onEscape={onStop}
      accent="yellow"
      isActive={isActive}
      onDecide={(index, message) => onAnswer(options[index]?.value ?? "deny", message)}
      onStrayKey={onStrayKey}
      width={width}
      maxHeight={maxHeight}
    />
  );
}
