/**
 * What the screen shows, as a pure function of the stores' snapshots: which
 * question is up (first come first asked), the round of server approvals, the
 * footer, the line under a held prompt. App only lays it out.
 *
 * Each question carries the key it goes by: arming (components/approval/useArming.ts)
 * starts afresh whenever the key changes, so a key pressed for one question
 * never answers the next.
 */
import type { PermissionMode } from "../../src/agent/events.ts";
import type { McpSnapshot, ServerView } from "../../src/mcp/state/server-state.ts";
import type { SandboxAvailability } from "../../src/sandbox/availability.ts";
import type { ServerViolations } from "../../src/sandbox/violations.ts";
import type { PendingSettings } from "../../src/settings/settings-session.ts";
import { nextApprovalRound } from "../approval/approval-round.ts";
import { mcpCountsText, mcpSummaryText } from "../mcp-panel/mcp-summary.ts";
import type { PendingPermission, PermissionQueueSnapshot } from "../runtime/permission-queue.ts";
import type { PendingServerQuestion, ServerRequestQueueSnapshot } from "../runtime/server-request-queue.ts";
import type { PendingUserQuestions, UserQuestionQueueSnapshot } from "../runtime/user-question-queue.ts";
import type { UserQuestionAt } from "../questions/user-question-answers.ts";
import { mcpWaitLine, unsettledServers } from "../session/mcp-settled.ts";
import type { Picker } from "../slash/slash-command.ts";
import type { TranscriptState } from "../transcript/items.ts";

import type { BackgroundSnapshot, BackgroundTask } from "../../src/background/task-state.ts";
import type { ForegroundCall } from "../../src/background/foreground-calls.ts";
import { backgroundCountText } from "../mcp-panel/background-lines.ts";
/** A /resume or /model picker waiting for a choice. */
export interface PickerShown {
  readonly id: number;
  readonly picker: Picker;
}

/** Every store's snapshot the screen reads, as plain values. */
export interface ScreenSources {
  readonly mode: PermissionMode;
  readonly transcript: TranscriptState;
  readonly mcp: McpSnapshot;
  readonly violations: Readonly<Record<string, ServerViolations>>;
  /** Whether the approval may offer the sandbox ("checking" until known; undefined: it offers none). */
  readonly sandbox: SandboxAvailability | "checking" | undefined;
  /** The shared settings file while it waits for an answer. */
  readonly settings: PendingSettings | undefined;
  readonly permissions: PermissionQueueSnapshot;
  readonly serverRequests: ServerRequestQueueSnapshot;
  readonly userQuestions: UserQuestionQueueSnapshot;
  readonly userQuestionAt: UserQuestionAt;
  readonly picker: PickerShown | undefined;
  /** Shift+Tab's question before bypassPermissions is up. */
  readonly confirmingBypass: boolean;
  /** Prompts queued behind the running turn or the servers. */
  readonly queue: readonly string[];
  readonly contextPct: number;
  /** The project's files, for `@` completion (listed in the background). */
  readonly files: readonly string[];
  /** How many times `/mcp` asked for the panel. */
  readonly panelRequests: number;
  readonly model: string;
  /** Bash runs in the sandbox. */
  readonly bashSandboxed: boolean;
  readonly background: BackgroundSnapshot;
  /** The calls the turn waits for (Ctrl+B sends a running Bash call to the background). */
  readonly foreground: readonly ForegroundCall[];
}

/** The one question on screen, with the key it is armed by. */
export type QuestionShown =
  | { readonly kind: "settings"; readonly key: string; readonly pending: PendingSettings }
  | {
      readonly kind: "server";
      readonly key: string;
      readonly server: ServerView;
      /** Every project server waiting for approval, the asked one first. */
      readonly waiting: readonly ServerView[];
      /** `2 of 3` in this round of approvals. */
      readonly position: { readonly index: number; readonly total: number };
    }
  | { readonly kind: "tool"; readonly key: string; readonly pending: PendingPermission }
  | { readonly kind: "server-question"; readonly key: string; readonly pending: PendingServerQuestion }
  | {
      readonly kind: "user-question";
      readonly key: string;
      readonly pending: PendingUserQuestions;
      readonly index: number;
    }
  | { readonly kind: "picker"; readonly key: string; readonly picker: PickerShown }
  | { readonly kind: "bypass"; readonly key: string };

/** What the status line under the prompt shows, but the directory and the Ctrl+C notice (App's own). */
export interface FooterState {
  readonly permissionMode: PermissionMode;
  readonly sandboxed: boolean;
  readonly modelName: string;
  readonly contextPct: number;
  /** `MCP ✘1 ?1 · 4/6`, for when the side panel is hidden. */
  readonly mcpCounts: string;
  readonly running: boolean;
  readonly queued: boolean;
  /** `2 background tasks` while some run. */
  readonly background: string | undefined;
  /** A Bash call runs in the foreground: Ctrl+B sends it to the background. */
  readonly canBackground: boolean;
}

export interface ScreenState {
  readonly question: QuestionShown | undefined;
  /** A question's modal is over the transcript (the bypass question is a line, not a modal). */
  readonly modalOpen: boolean;
  /** The project servers of this round of approvals, for `2 of 3`; the next state starts from it. */
  readonly round: readonly string[];
  readonly transcript: TranscriptState;
  readonly mcp: McpSnapshot;
  readonly servers: readonly ServerView[];
  /** The side panel's header: `MCP 2/3 connected · 7 tools`. */
  readonly summary: string;
  readonly violations: Readonly<Record<string, ServerViolations>>;
  readonly sandbox: SandboxAvailability | "checking" | undefined;
  readonly queued: readonly string[];
  readonly files: readonly string[];
  readonly panelRequests: number;
  /** `waiting for 2 MCP servers…` under a prompt held for the servers. */
  readonly waitLine: string | undefined;
  readonly footer: FooterState;
  /** The session's background tasks, listed in the panel under the servers. */
  readonly tasks: readonly BackgroundTask[];
}

/** The bypassPermissions question's key: a line under the prompt, not a modal over the transcript. */
export const BYPASS_QUESTION = "bypass";

/** The screen for `sources`; `round` is the previous state's round of approvals. */
export function screenState(sources: ScreenSources, round: readonly string[] = []): ScreenState {
  const waiting = sources.mcp.servers.filter((v) => v.state.status === "needs-approval");
  const nextRound = nextApprovalRound(
    round,
    waiting.map((v) => v.name),
  );
  const question = questionShown(sources, waiting, nextRound);
  const modalOpen = question !== undefined && question.kind !== "bypass";
  const unsettled = unsettledServers(sources.mcp);
  const { transcript, queue } = sources;
  return {
    question,
    modalOpen,
    round: nextRound,
    transcript,
    mcp: sources.mcp,
    servers: sources.mcp.servers,
    summary: mcpSummaryText(sources.mcp),
    violations: sources.violations,
    sandbox: sources.sandbox,
    queued: queue,
    files: sources.files,
    panelRequests: sources.panelRequests,
    waitLine: !transcript.running && unsettled > 0 ? mcpWaitLine(unsettled, !modalOpen) : undefined,
    footer: {
      permissionMode: sources.mode,
      sandboxed: sources.bashSandboxed,
      modelName: sources.model,
      contextPct: sources.contextPct,
      mcpCounts: mcpCountsText(sources.mcp),
      running: transcript.running,
      queued: queue.length > 0,
      background: backgroundCountText(sources.background.tasks),
      canBackground: sources.foreground.some((call) => call.toolName === "Bash"),
    },
    tasks: sources.background.tasks,
  };
}

/**
 * First come first asked: the shared settings file (the servers wait for its answer), a project
 * server's approval, a tool's permission, a server's question, the model's AskUserQuestion, a picker,
 * and last the bypassPermissions confirmation.
 */
function questionShown(
  sources: ScreenSources,
  waiting: readonly ServerView[],
  round: readonly string[],
): QuestionShown | undefined {
  const server = waiting[0];
  const permission = sources.permissions.pending[0];
  const serverQuestion = sources.serverRequests.pending[0];
  const userQuestions = sources.userQuestions.pending[0];
  const { settings, picker, userQuestionAt } = sources;
  if (settings) return { kind: "settings", key: `settings:${settings.fingerprint}`, pending: settings };
  if (server) {
    const position = { index: round.indexOf(server.name) + 1, total: round.length };
    return { kind: "server", key: `server:${server.name}`, server, waiting, position };
  }
  if (permission) return { kind: "tool", key: `tool:${permission.id}`, pending: permission };
  if (serverQuestion) return { kind: "server-question", key: `ask:${serverQuestion.id}`, pending: serverQuestion };
  if (userQuestions) {
    const index = userQuestionAt.id === userQuestions.id ? userQuestionAt.index : 0;
    return {
      kind: "user-question",
      key: `ask-user:${userQuestions.id}:${index}`,
      pending: userQuestions,
      index,
    };
  }
  if (picker) return { kind: "picker", key: `pick:${picker.id}`, picker };
  return sources.confirmingBypass ? { kind: "bypass", key: BYPASS_QUESTION } : undefined;
}
