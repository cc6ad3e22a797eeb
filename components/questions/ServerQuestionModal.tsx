/**
 * The oldest question a server is waiting on, as its modal: an elicitation
 * form, a URL to visit, a sampling request to approve, or the model's reply
 * to approve before it goes back. Answers through the queue.
 */
import type { FormAnswer, ServerAnswers, UrlAnswer } from "../../src/mcp/requests/server-requests.ts";
import type { PendingServerQuestion } from "../runtime/server-request-queue.ts";
import { samplingReplyBody, samplingRequestBody, urlBody } from "./server-question-body.ts";
import { terminalSafeLine } from "../../src/text/terminal-safe.ts";
import { ApprovalModal } from "../approval/ApprovalModal.tsx";
import { ElicitationFormModal } from "./ElicitationFormModal.tsx";

export interface ServerQuestionModalProps {
  readonly pending: PendingServerQuestion;
  /** The session's model, named in the sampling request. */
  readonly modelName: string;
  readonly isActive: boolean;
  readonly onAnswer: <K extends keyof ServerAnswers>(answer: ServerAnswers[K]) => void;
  /** See ApprovalModal. */
  readonly onStrayKey?: () => void;
  readonly width?: number;
  readonly maxHeight?: number;
}

const URL_CHOICES: ReadonlyArray<{ label: string; value: UrlAnswer }> = [
  { label: "Open it in the browser", value: "open" },
  { label: "I'll open it myself (copy the URL above)", value: "copied" },
  { label: "Decline", value: "decline" },
  { label: "Cancel", value: "cancel" },
];
const noMessage = <T extends { label: string }>(choices: readonly T[]) =>
  choices.map((c) => ({ label: c.label, asksForMessage: false }));

export function ServerQuestionModal({
  pending,
  modelName,
  isActive,
  onAnswer,
  onStrayKey,
  width,
  maxHeight,
}: ServerQuestionModalProps) {
  const { question } = pending;
  const server = { text: terminalSafeLine(question.server), color: "cyan" };
  const common = { isActive, onStrayKey, width, maxHeight, accent: "cyan" };
  switch (question.kind) {
    case "elicit-form":
      return (
        <ElicitationFormModal
          server={question.server}
          message={question.message}
          fields={question.fields}
          isActive={isActive}
          onAnswer={(answer: FormAnswer) => onAnswer<"elicit-form">(answer)}
          width={width}
          maxHeight={maxHeight}
        />
      );
    case "elicit-url":
      return (
        <ApprovalModal
          {...common}
          title={[server, { text: " asks you to open a link" }]}
          body={urlBody(question.message, question.url)}
          choices={noMessage(URL_CHOICES)}
          escapeHint="cancel"
          onDecide={(index) => onAnswer<"elicit-url">(URL_CHOICES[index]?.value ?? "cancel")}
        />
      );
    case "sampling-request":
      return (
        <ApprovalModal
          {...common}
          title={[server, { text: " wants to use the model" }]}
          body={samplingRequestBody(question.request, modelName)}
          choices={noMessage([{ label: "Run it through the model (you see the reply first)" }, { label: "Reject" }])}
          escapeHint="reject"
          onDecide={(index) => onAnswer<"sampling-request">(index === 0 ? "approve" : "reject")}
        />
      );
    case "sampling-reply":
      return (
        <ApprovalModal
          {...common}
          title={[{ text: "Send this reply to " }, server, { text: "?" }]}
          body={samplingReplyBody(question.reply)}
          choices={noMessage([{ label: "Send it" }, { label: "Reject it" }])}
          escapeHint="reject"
          onDecide={(index) => onAnswer<"sampling-reply">(index === 0 ? "approve" : "reject")}
        />
      );
  }
}
