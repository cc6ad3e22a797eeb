/**
 * A list to choose from (/resume's sessions, /model's models) in the approval
 * modal's frame, so it arms the same way; the last choice, Cancel, is Esc's.
 */
import type { Picker } from "../slash/slash-command.ts";
import { terminalSafeLine } from "../../src/text/terminal-safe.ts";
import { ApprovalModal } from "../approval/ApprovalModal.tsx";

export interface PickerModalProps {
  readonly picker: Picker;
  readonly isActive: boolean;
  /** The chosen index; `picker.choices.length` is Cancel. */
  readonly onPick: (index: number) => void;
  readonly onStrayKey?: () => void;
  readonly width?: number;
  readonly maxHeight?: number;
}

export function PickerModal({ picker, isActive, onPick, onStrayKey, width, maxHeight }: PickerModalProps) {
  const choices = [...picker.choices, { label: "Cancel" }].map(({ label, detail }) => ({
    label: terminalSafeLine(label),
    ...(detail === undefined ? {} : { detail: terminalSafeLine(detail) }),
    asksForMessage: false,
  }));
  return (
    <ApprovalModal
      title={[{ text: terminalSafeLine(picker.title) }]}
      body={[]}
      choices={choices}
      escapeHint="cancel"
      accent="magenta"
      isActive={isActive}
      onDecide={onPick}
      initialFocus={picker.initial}
      onStrayKey={onStrayKey}
      width={width}
      maxHeight={maxHeight}
    />
  );
}
