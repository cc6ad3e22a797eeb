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
import { useCallback, useEffect, useRef, useState } from "react";
import type { ChatSession } from "../session/chat-session.ts";
import { displayPath } from "../rows/display-path.ts";
import { FOLLOWING, reduceScroll, type ScrollAction } from "../transcript/scroll.ts";
import type { TuiRuntime } from "../runtime/tui-runtime.ts";
import { Footer } from "./Footer.tsx";
import { useLatestReducer } from "../keys/useLatestReducer.ts";
import { McpPanel } from "../mcp-panel/McpPanel.tsx";
import { panelColumns } from "../mcp-panel/panel-width.ts";
import { useMcpPanel } from "../mcp-panel/useMcpPanel.ts";
import { OverPanel } from "../mcp-panel/OverPanel.tsx";
import { PromptInput } from "../prompt/PromptInput.tsx";
import { CompletionList } from "../prompt/CompletionList.tsx";
import { QueuedPrompts } from "../prompt/QueuedPrompts.tsx";
import { useArming } from "../approval/useArming.ts";
import { ArmingNotice } from "../approval/ArmingNotice.tsx";
import { Transcript } from "../transcript/Transcript.tsx";
import { UserQuestionAnswers } from "../questions/user-question-answers.ts";
import { KeyRouterProvider } from "../keys/key-router.tsx";
import { QuestionModals } from "./QuestionModals.tsx";
import { ModeCycle } from "./mode-cycle.ts";
import { useScreenState } from "./useScreenState.ts";
import { useSessionPrompt } from "./useSessionPrompt.ts";
import { useQuit } from "./useQuit.ts";
import { ExitQuestion } from "./ExitQuestion.tsx";
import { useExitQuestion } from "./useExitQuestion.ts";

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

const NO_SERVERS_NOTE =
  "No MCP servers configured: add one with `mini-cc mcp add NAME -- COMMAND` (or a project .mcp.json), then Tab shows them here.";

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
  const { question, transcript, servers } = screen;
  const arming = useArming(question?.key);
  const [top, scroll] = useLatestReducer(reduceScroll, FOLLOWING);
  const [expanded, setExpanded] = useState(false);
  const toggleExpanded = useCallback(() => setExpanded((on) => !on), []);
  // With background tasks running, quitting asks first whether to stop them.
  const exitQuestion = useExitQuestion(runtime.background, useQuit(onExit));
  // The panel lists background tasks too: with tasks and no server it still shows.
  const listed = servers.length + screen.tasks.length;
  const width = panelColumns(columns, listed);
  const showPanel = width.side > 0;
  const canTakeKeys = question === undefined && exitQuestion.asking === 0;
  const mcpPanel = useMcpPanel({
    mcp: runtime.mcp,
    snapshot: screen.mcp,
    background: runtime.background,
    width: width.opened,
    height: rows,
    canTakeKeys,
    onAction: (name, action) => session.answers.serverAction(name, action),
  });
  const panelFocused = mcpPanel.state.focused && canTakeKeys;
  // An opened server scrolls with PgUp/PgDn/Home/End itself: the transcript under it keeps still (a ref: Transcript's props stay the same).
  const viewScrolls = useRef(false);
  viewScrolls.current = panelFocused && mcpPanel.opened !== undefined;
  const scrollTranscript = useCallback(
    (action: ScrollAction) => {
      if (!viewScrolls.current || action.type === "lines") scroll(action);
    },
    [scroll],
  );
  // `/mcp` asks for the panel through the session.
  useEffect(() => {
    if (screen.panelRequests > 0) mcpPanel.dispatch({ type: "focus" });
  }, [screen.panelRequests, mcpPanel.dispatch]);
  const { prompt, exitArmed } = useSessionPrompt({
    runtime,
    session,
    isActive: canTakeKeys && !panelFocused,
    files: screen.files,
    scroll,
    // No server: an empty panel over the screen would say less than one line.
    onFocusPanel: () =>
      listed === 0
        ? session.transcript.dispatch({ type: "notice", text: NO_SERVERS_NOTE })
        : mcpPanel.dispatch({ type: "focus" }),
    onCycleMode: modes.cycle,
    quit: exitQuestion.requestQuit,
    onBackground: () => runtime.foreground.moveAll("Bash", "the user pressed Ctrl+B") > 0,
  });
  // What the prompt box (its lines and border) and the footer leave above them: a modal's room, and the
  // transcript's until it is measured (rows drawn below its real height would be laid out for nothing).
  const rowsAbovePrompt = rows - (prompt.state.value.split("\n").length + 2) - 1 - (arming.droppedKey ? 1 : 0);
  const panelProps = {
    servers,
    summary: screen.summary,
    height: rows,
    focused: panelFocused,
    selected: mcpPanel.selected,
    sandboxed: screen.violations,
    tasks: screen.tasks,
    view: mcpPanel.view,
  };
  // Too narrow for the side panel: the focused panel is a full-screen view, until Esc or Tab (a question still comes first).
  if (!showPanel && panelFocused) {
    return (
      <Box height={rows} width={columns}>
        <McpPanel {...panelProps} width={columns} opened={mcpPanel.opened} />
      </Box>
    );
  }
  return (
    <Box flexDirection="row" height={rows} width={columns}>
      <Box flexDirection="column" flexGrow={1} flexShrink={1} marginRight={showPanel ? 1 : 0}>
        <Transcript
          items={transcript.items}
          live={transcript.live}
          width={width.transcript}
          expanded={expanded}
          top={top}
          onScroll={scrollTranscript}
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
            isActive={canTakeKeys && !panelFocused}
            placeholder="Ask anything, or /help"
          />
          {prompt.menu && canTakeKeys ? <CompletionList menu={prompt.menu} selected={prompt.selected} /> : null}
          <QueuedPrompts prompts={screen.queued} waitLine={screen.waitLine} />
          <Footer
            {...screen.footer}
            cwd={displayPath(runtime.cwd, home)}
            notice={exitArmed ? "Press Ctrl+C again to quit" : undefined}
            mcpCounts={showPanel ? undefined : screen.footer.mcpCounts}
          />
        </Box>
      </Box>
      {/* The opened server covers the side panel whole: under it the list stays as it is, so opening and closing draw the server once and leave the list alone. */}
      {showPanel ? <McpPanel {...panelProps} width={width.side} /> : null}
      {showPanel && mcpPanel.ready ? (
        // Drawn over the transcript's right part, which keeps its width: a long transcript is not re-wrapped on open and close.
        // The opened view draws no list, so its own props never change as the list does, and the memoised panel is left alone.
        <OverPanel width={width.opened} height={rows} shown={mcpPanel.opened !== undefined}>
          <McpPanel
            servers={NO_SERVERS}
            summary=""
            width={width.opened}
            height={rows}
            focused={panelFocused}
            opened={mcpPanel.ready}
            view={mcpPanel.view}
          />
        </OverPanel>
      ) : null}
    </Box>
  );
}

/** The opened view draws no server list. */
const NO_SERVERS: readonly never[] = [];
