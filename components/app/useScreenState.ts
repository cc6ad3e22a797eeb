/**
 * The screen's one subscription: the runtime's, the session's and the
 * screen's own stores, read as one ScreenState (screen-store.ts).
 */
import { useState, useSyncExternalStore } from "react";
import type { TuiRuntime } from "../runtime/tui-runtime.ts";
import type { ChatSession } from "../session/chat-session.ts";
import type { UserQuestionAnswers } from "../questions/user-question-answers.ts";
import type { ModeCycle } from "./mode-cycle.ts";
import type { ScreenState } from "./screen-state.ts";
import { screenStore } from "./screen-store.ts";

export function useScreenState(
  runtime: TuiRuntime,
  session: ChatSession,
  modes: ModeCycle,
  userAnswers: UserQuestionAnswers,
): ScreenState {
  // The runtime and the session are the App's for its whole life: one store serves it.
  const [store] = useState(() =>
    screenStore({
      mode: runtime.permissionMode,
      transcript: session.transcript,
      mcp: runtime.mcp.store,
      violations: runtime.mcp.violations,
      sandbox: runtime.mcp.sandbox,
      settings: runtime.settings.question,
      permissions: runtime.permissionQueue,
      serverRequests: runtime.serverRequests,
      userQuestions: runtime.userQuestions,
      userQuestionAt: userAnswers.at,
      picker: session.picker,
      confirmingBypass: modes.confirmingBypass,
      queue: session.queue,
      contextPct: session.contextPct,
      files: session.files,
      panelRequests: session.panelRequests,
      model: runtime.sessions.model,
      bashSandboxed: runtime.sandboxMode,
      background: runtime.background,
      foreground: runtime.foreground,
    }),
  );
  return useSyncExternalStore(store.subscribe, store.getSnapshot);
}
