/**
 * Asks whether a tool call may run: `Allow mcp__tracker__add_comment(BUG-101)?`,
 * why it asks, and the call's arguments.
 */
import { Box, Text } from "ink";
import { toolOptions, type ToolAnswer } from "../../src/tui/approval-options.ts";
import { argumentLines } from "../../src/tui/argument-lines.ts";
import type { PendingPermission } from "../../src/tui/permission-queue.ts";
import { ApprovalModal } from "./ApprovalModal.tsx";

/** The waiting request and where the answer goes. */
export interface ToolApprovalModalProps {
  readonly pending: PendingPermission;
  readonly isActive: boolean;
  readonly onAnswer: (answer: ToolAnswer, message?: string) => void;
}

/** "Allow" / "Allow for the session" / "Deny, and say why" for one tool call. */
export function ToolApprovalModal({ pending, isActive, onAnswer }: ToolApprovalModalProps) {
  const { request } = pending;
  const options = toolOptions(request.toolName);
  return (
    <ApprovalModal
      choices={options}
      escapeHint="deny"
      accent="yellow"
      isActive={isActive}
      onDecide={(index, message) => onAnswer(options[index]?.value ?? "deny", message)}
    >
      <Text>
        <Text bold>Allow </Text>
        <Text bold color="yellow">
          {request.summary || request.toolName}
        </Text>
        <Text bold>?</Text>
        <Text dimColor>{request.reason === "" ? "" : `  (${request.reason})`}</Text>
      </Text>
      <Box flexDirection="column" paddingLeft={4}>
        {argumentLines(request.input).map((line, i) => (
          <Text key={i} dimColor wrap="truncate-end">
            {line}
          </Text>
        ))}
      </Box>
    </ApprovalModal>
  );
}
