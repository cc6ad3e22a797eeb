/**
 * The one question on screen (screen-state.ts chose it): the shared settings
 * file, a project server's approval, a tool's permission, a server's question,
 * the model's AskUserQuestion, a picker, the bypassPermissions confirmation.
 * Each is keyed by its subject, so a new question mounts afresh (and starts
 * unarmed: App's useArming).
 */
import type { SandboxAvailability } from "../../src/sandbox/availability.ts";
import type { ChatSession } from "../session/chat-session.ts";
import type { TuiRuntime } from "../runtime/tui-runtime.ts";
import { BypassConfirm } from "../approval/BypassConfirm.tsx";
import { ServerApprovalModal } from "../approval/ServerApprovalModal.tsx";
import { SettingsApprovalModal } from "../approval/SettingsApprovalModal.tsx";
import { ToolApprovalModal } from "../approval/ToolApprovalModal.tsx";
import { AskUserQuestionModal } from "../questions/AskUserQuestionModal.tsx";
import type { UserQuestionAnswers } from "../questions/user-question-answers.ts";
import { PickerModal } from "../questions/PickerModal.tsx";
import { ServerQuestionModal } from "../questions/ServerQuestionModal.tsx";
import type { ModeCycle } from "./mode-cycle.ts";
import type { QuestionShown } from "./screen-state.ts";

/** What every question modal takes alike: the arming, and the room it may fill. */
export interface QuestionProps {
  readonly isActive: boolean;
  readonly onStrayKey: () => void;
  readonly width: number;
  readonly maxHeight: number;
}

export interface QuestionModalsProps {
  readonly runtime: TuiRuntime;
  readonly session: ChatSession;
  readonly question: QuestionShown | undefined;
  readonly sandbox: SandboxAvailability | "checking" | undefined;
  readonly userAnswers: UserQuestionAnswers;
  /** Shift+Tab reached bypassPermissions: its confirmation's answers. */
  readonly modes: ModeCycle;
  readonly questionProps: QuestionProps;
}

export function QuestionModals({
  runtime,
  session,
  question,
  sandbox,
  userAnswers,
  modes,
  questionProps,
}: QuestionModalsProps) {
  if (question === undefined) return null;
  const { key } = question;
  switch (question.kind) {
    case "settings":
      return (
        <SettingsApprovalModal
          key={key}
          pending={question.pending}
          cwd={runtime.cwd}
          {...questionProps}
          onAnswer={(approve) => void session.answers.answerSettings(approve)}
        />
      );
    case "server": {
      const { server, waiting } = question;
      return (
        <ServerApprovalModal
          key={key}
          server={server}
          waiting={waiting}
          position={question.position}
          cwd={runtime.cwd}
          {...questionProps}
          onDecide={(answer) =>
            void session.answers.decideServer(
              server.name,
              answer,
              waiting.map((v) => v.name),
            )
          }
          sandbox={sandbox}
        />
      );
    }
    case "tool": {
      const { pending } = question;
      return (
        <ToolApprovalModal
          key={key}
          pending={pending}
          covers={runtime.permissionQueue.covers}
          cwd={runtime.cwd}
          canRemember={runtime.settings.remembers}
          {...questionProps}
          onAnswer={(answer, message) => session.answers.answerPermission(pending, answer, message)}
          onStop={() => session.stopAtPermission(pending)}
        />
      );
    }
    case "server-question":
      return (
        <ServerQuestionModal
          key={key}
          pending={question.pending}
          modelName={runtime.modelName}
          {...questionProps}
          onAnswer={(answer) => runtime.serverRequests.answer(question.pending, answer as never)}
        />
      );
    case "user-question":
      return (
        <AskUserQuestionModal
          key={key}
          questions={question.pending.questions}
          index={question.index}
          {...questionProps}
          onAnswer={(answer) => userAnswers.answer(question.pending, question.index, answer)}
        />
      );
    case "picker":
      return (
        <PickerModal
          key={key}
          picker={question.picker.picker}
          {...questionProps}
          onPick={(index) => void session.answerPicker(question.picker.id, index)}
        />
      );
    case "bypass":
      return (
        <BypassConfirm
          isActive={questionProps.isActive}
          onConfirm={modes.confirm}
          onSkip={modes.cycle}
          onCancel={modes.cancel}
        />
      );
  }
}
