/**
 * The whole screen, filled edge to edge: the transcript on top (newest at the
 * bottom, with the live message under it), then the approval modal when one
 * waits, the prompt and the footer pinned to the bottom rows; the MCP panel is
 * a full-height right-hand column when the terminal is wide enough. What shows
 * is screen-state.ts's; this file lays it out.
 *
 * A question (an approval, a server's question, the bypassPermissions
 * confirmation) takes keys only once armed (useArming); while one is shown the
 * prompt and the panel take none, so a key meant for the prompt or pressed
 * twice is dropped rather than typed behind the question.
 */
import { Box, useWindowSize } from "ink";
import { useCallback, useState } from "react";
import { ArmingNotice } from "../approval/ArmingNotice.tsx";
import { useArming } from "../approval/useArming.ts";
import { KeyRouterProvider } from "../keys/key-router.tsx";
import { McpPanel } from "../mcp-panel/McpPanel.tsx";
import { CompletionList } from "../prompt/CompletionList.tsx";
import { PromptInput } from "../prompt/PromptInput.tsx";
import { QueuedPrompts } from "../prompt/QueuedPrompts.tsx";
import { UserQuestionAnswers } from "../questions/user-question-answers.ts";
import { displayPath } from "../rows/display-path.ts";
import type { TuiRuntime } from "../runtime/tui-runtime.ts";
import type { ChatSession } from "../session/chat-session.ts";
import { Transcript } from "../transcript/Transcript.tsx";
import { ExitQuestion } from "./ExitQuestion.tsx";
import { Footer } from "./Footer.tsx";
import { ModeCycle } from "./mode-cycle.ts";
import { QuestionModals } from "./QuestionModals.tsx";
import { SidePanel } from "./SidePanel.tsx";
import { useExitQuestion } from "./useExitQuestion.ts";
import { useQuit } from "./useQuit.ts";
import { useScreenPanel } from "./useScreenPanel.ts";
import { useScreenState } from "./useScreenState.ts";
import { useSessionPrompt } from "./useSessionPrompt.ts";
import { useTranscriptScroll } from "./useTranscriptScroll.ts";

/** What the screen needs: the runtime, and the session that turns lines into turns and commands. */
export interface AppProps {
  readonly runtime: TuiRuntime;
  readonly session: ChatSession;
  /** The user's home directory, to show the cwd as `~/…`. */
  readonly home?: string;
  /** Called once when the user quits, before Ink unmounts. */
  readonly onExit?: () => void;
  /** Rows to fill; the terminal's by default (tests pass a fixed number). */
  readonly height?: number;
}

/** The whole TUI; rendered by runTui, and by tests with a fake runtime. Its keys go through one router (key-router.tsx). */
export function App(props: AppProps) {
  return (
    <KeyRouterProvider>
      <Screen {...props} />
    </KeyRouterProvider>
  );
}

function Screen({ runtime, session, home = "", onExit, height }: AppProps) {
  const { columns, rows: terminalRows } = useWindowSize();
  const rows = height ?? terminalRows;
  const [modes] = useState(() => new ModeCycle(runtime.permissionMode));
  const [userAnswers] = useState(() => new UserQuestionAnswers(runtime.userQuestions));
  const screen = useScreenState(runtime, session, modes, userAnswers);
  const { question, transcript } = screen;
  const arming = useArming(question?.key);
  const [expanded, setExpanded] = useState(false);
  const toggleExpanded = useCallback(() => setExpanded((on) => !on), []);
  // With background tasks running, quitting asks first whether to stop them.
  const exitQuestion = useExitQuestion(runtime.background, useQuit(onExit));
  const canTakeKeys = question === undefined && exitQuestion.asking === 0;
  const panel = useScreenPanel(runtime, session, screen, { columns, rows }, canTakeKeys);
  const { model: mcpPanel, width, beside } = panel;
  const { top, scroll, onScroll } = useTranscriptScroll(panel.focused && mcpPanel.opened !== undefined);
  const { prompt, exitArmed } = useSessionPrompt({
    runtime,
    session,
    isActive: canTakeKeys && !panel.focused,
    files: screen.files,
    scroll,
    onFocusPanel: panel.focus,
    onCycleMode: modes.cycle,
    quit: exitQuestion.requestQuit,
  });
  // What the prompt box (its lines and border) and the footer leave above them: a modal's room, and the
  // transcript's until it is measured (rows drawn below its real height would be laid out for nothing).
  const rowsAbovePrompt = rows - (prompt.state.value.split("\n").length + 2) - 1 - (arming.droppedKey ? 1 : 0);
  // Too narrow for the side panel: the focused panel is a full-screen view, until Esc or Tab (a question still comes first).
  if (!beside && panel.focused) {
    return (
      <Box height={rows} width={columns}>
        <McpPanel {...panel.props} width={columns} opened={mcpPanel.opened} />
      </Box>
    );
  }
  return (
    <Box flexDirection="row" height={rows} width={columns}>
      <Box flexDirection="column" flexGrow={1} flexShrink={1} marginRight={beside ? 1 : 0}>
        <Transcript
          items={transcript.items}
          live={transcript.live}
          width={width.transcript}
          expanded={expanded}
          top={top}
          onScroll={onScroll}
          onToggleExpanded={toggleExpanded}
          working={transcript.running && !screen.modalOpen}
          rows={rowsAbovePrompt}
          progress={runtime.mcp.progress}
          retry={transcript.retry}
        />
        <Box flexDirection="column" flexShrink={0}>
          <QuestionModals
            runtime={runtime}
            session={session}
            question={question}
            sandbox={screen.sandbox}
            userAnswers={userAnswers}
            modes={modes}
            questionProps={{
              isActive: arming.armed,
              onStrayKey: arming.disarm,
              width: width.transcript,
              maxHeight: rowsAbovePrompt,
            }}
          />
          {exitQuestion.asking > 0 ? (
            <ExitQuestion running={exitQuestion.asking} onStop={exitQuestion.stop} onStay={exitQuestion.stay} />
          ) : null}
          <ArmingNotice shown={arming.droppedKey} />
          <PromptInput
            state={prompt.state}
            isActive={canTakeKeys && !panel.focused}
            placeholder="Ask anything, or /help"
          />
          {prompt.menu && canTakeKeys ? <CompletionList menu={prompt.menu} selected={prompt.selected} /> : null}
          <QueuedPrompts prompts={screen.queued} waitLine={screen.waitLine} />
          <Footer
            {...screen.footer}
            cwd={displayPath(runtime.cwd, home)}
            notice={exitArmed ? "Press Ctrl+C again to quit" : undefined}
            mcpCounts={beside ? undefined : screen.footer.mcpCounts}
          />
        </Box>
      </Box>
      {beside ? <SidePanel panel={panel} rows={rows} /> : null}
    </Box>
  );
}
