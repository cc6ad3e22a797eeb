/**
 * The one question on screen, first come first asked: the shared settings
 * file, then a project server's approval, a tool's permission, a server's
 * question, the model's AskUserQuestion, a picker, the bypassPermissions
 * confirmation. Each is keyed by its subject, so a new question mounts afresh
 * (and starts unarmed: App's useArming).
 */
import type { PendingSettings } from "../../src/settings/settings-session.ts";
import type { SandboxAvailability } from "../../src/sandbox/availability.ts";
import type { ServerView } from "../../src/mcp/state/server-state.ts";
import type { ChatSession } from "../session/chat-session.ts";
import type { PendingPermission } from "../runtime/permission-queue.ts";
import type { ServerRequestQueueSnapshot } from "../runtime/server-request-queue.ts";
import type { Picker } from "../slash/slash-command.ts";
import type { TuiRuntime } from "../runtime/tui-runtime.ts";
import { BypassConfirm } from "../approval/BypassConfirm.tsx";
import { ServerApprovalModal } from "../approval/ServerApprovalModal.tsx";
import { SettingsApprovalModal } from "../approval/SettingsApprovalModal.tsx";
import { ToolApprovalModal } from "../approval/ToolApprovalModal.tsx";
import { AskUserQuestionModal } from "../questions/AskUserQuestionModal.tsx";
import type { UserQuestionsView } from "../questions/useUserQuestions.ts";
import { PickerModal } from "../questions/PickerModal.tsx";
import { ServerQuestionModal } from "../questions/ServerQuestionModal.tsx";

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
  /** The shown question's key (`tool:7`, `server:tracker`). */
  readonly subject: string | undefined;
  readonly settingsQuestion: PendingSettings | undefined;
  /** Project servers waiting for approval; the first is asked about. */
  readonly waiting: readonly ServerView[];
  /** The servers of this round of approvals, for "2 of 3". */
  readonly round: readonly string[];
  readonly permission: PendingPermission | undefined;
  readonly serverQuestion: ServerRequestQueueSnapshot["pending"][number] | undefined;
  readonly userQuestions: UserQuestionsView;
  readonly picker: { readonly id: number; readonly picker: Picker } | undefined;
  readonly sandbox: SandboxAvailability | "checking" | undefined;
  readonly questionProps: QuestionProps;
  /** Shift+Tab reached bypassPermissions: its confirmation's answers. */
  readonly bypass:
    | { readonly onConfirm: () => void; readonly onSkip: () => void; readonly onCancel: () => void }
    | undefined;
}

export function QuestionModals({
  runtime,
  session,
  subject,
  settingsQuestion,
  waiting,
  round,
  permission,
  serverQuestion,
  userQuestions,
  picker,
  sandbox,
  questionProps,
  bypass,
}: QuestionModalsProps) {
  const server = waiting[0];
  return settingsQuestion ? (
    <SettingsApprovalModal
      key={subject}
      pending={settingsQuestion}
      cwd={runtime.cwd}
      {...questionProps}
      onAnswer={(approve) => void session.answers.answerSettings(approve)}
    />
  ) : server ? (
    <ServerApprovalModal
      key={subject}
      server={server}
      waiting={waiting}
      position={{ index: round.indexOf(server.name) + 1, total: round.length }}
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
  ) : permission ? (
    <ToolApprovalModal
      key={subject}
      pending={permission}
      covers={runtime.permissionQueue.covers}
      cwd={runtime.cwd}
      canRemember={runtime.settings.remembers}
      {...questionProps}
      onAnswer={(answer, message) => session.answers.answerPermission(permission, answer, message)}
      onStop={() => session.stopAtPermission(permission)}
    />
  ) : serverQuestion ? (
    <ServerQuestionModal
      key={subject}
      pending={serverQuestion}
      modelName={runtime.modelName}
      {...questionProps}
      onAnswer={(answer) => runtime.serverRequests.answer(serverQuestion, answer as never)}
    />
  ) : userQuestions.pending ? (
    <AskUserQuestionModal
      key={subject}
      questions={userQuestions.pending.questions}
      index={userQuestions.index}
      {...questionProps}
      onAnswer={userQuestions.answer}
    />
  ) : picker ? (
    <PickerModal
      key={subject}
      picker={picker.picker}
      {...questionProps}
      onPick={(index) => void session.answerPicker(picker.id, index)}
    />
  ) : bypass ? (
    <BypassConfirm
      isActive={questionProps.isActive}
      onConfirm={bypass.onConfirm}
      onSkip={bypass.onSkip}
      onCancel={bypass.onCancel}
    />
  ) : null;
}
