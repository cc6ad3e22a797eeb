/**
 * The choices the approval modal offers, with what each one means, kept in
 * one place so a label can never drift from its effect.
 */
import type { PermissionDecision } from "../agent/events.ts";
import type { ApprovalChoice } from "../mcp/approval-types.ts";

/** One choice: its label and what it means. */
export interface ApprovalOption<T> {
  readonly label: string;
  readonly value: T;
  /** Opens a message field before the choice is final. */
  readonly asksForMessage: boolean;
}

/** A project MCP server waiting in `needs-approval`: the last choice is the refusal (Esc). */
export const SERVER_OPTIONS: readonly ApprovalOption<ApprovalChoice>[] = [
  { label: "Start, and remember for this project", value: "remember", asksForMessage: false },
  { label: "Start this time only", value: "once", asksForMessage: false },
  { label: "Don't start", value: "deny", asksForMessage: false },
];

/** The three answers to a tool permission request. */
export type ToolAnswer = "once" | "session" | "deny";

/** A tool call the permission chain asks about: the last choice is the refusal (Esc). */
export function toolOptions(toolName: string): readonly ApprovalOption<ToolAnswer>[] {
  return [
    { label: "Allow", value: "once", asksForMessage: false },
    { label: `Allow, and don't ask again this session for ${toolName}`, value: "session", asksForMessage: false },
    { label: "Deny, and tell the model what to do instead", value: "deny", asksForMessage: true },
  ];
}

/** The PermissionDecision an answer means for the agent. */
export function toolDecision(answer: ToolAnswer, message?: string): PermissionDecision {
  if (answer === "deny") return message ? { behavior: "deny", message } : { behavior: "deny" };
  return { behavior: "allow", scope: answer };
}

