/**
 * The whole screen, filled edge to edge: the transcript on top (newest at the
 * bottom, with the live message under it), then the approval modal when one
 * waits, the prompt and the footer pinned to the bottom rows; the MCP panel is
 * a full-height right-hand column when the terminal is wide enough.
 *
 * A question (an approval, a server's question, the bypassPermissions
 * confirmation) takes keys only once armed (useArming); while one is shown the
 * prompt and the panel take none, so a key meant for the prompt or pressed
 * twice is dropped rather than typed behind the question.
 */
import { Box, useApp, useWindowSize } from "ink";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { PermissionMode } from "../../src/agent/events.ts";
import type { McpSnapshot, ServerView } from "../../src/mcp/state/server-state.ts";
import type { ChatSession } from "../session/chat-session.ts";
import { displayPath } from "../rows/display-path.ts";
import { mcpWaitLine, unsettledServers } from "../session/mcp-settled.ts";
import { mcpCountsText, mcpSummaryText } from "../mcp-panel/mcp-summary.ts";
import { nextApprovalRound } from "../approval/approval-round.ts";
import { BYPASS_QUESTION, questionShown } from "./question-shown.ts";
import type { PermissionQueueSnapshot } from "../runtime/permission-queue.ts";
import type { ServerRequestQueueSnapshot } from "../runtime/server-request-queue.ts";
import type { TranscriptState } from "../transcript/items.ts";
import { FOLLOWING, reduceScroll, type ScrollAction } from "../transcript/scroll.ts";
import type { TuiRuntime } from "../runtime/tui-runtime.ts";
import { Footer } from "./Footer.tsx";
import { useExitKeys } from "../keys/useExitKeys.ts";
import { useModeCycle } from "./useModeCycle.ts";
import { usePromptInput } from "../prompt/usePromptInput.ts";
import { useStore } from "../keys/useStore.ts";
import type { ServerViolations } from "../../src/sandbox/violations.ts";
import { useLatestReducer } from "../keys/useLatestReducer.ts";
import { McpPanel, type OpenedServer } from "../mcp-panel/McpPanel.tsx";
import { OPENED_PANEL_MAX, panelWidth } from "../mcp-panel/panel-width.ts";
import { useMcpPanel } from "../mcp-panel/useMcpPanel.ts";
import { OverPanel } from "../mcp-panel/OverPanel.tsx";
import { backgroundCountText } from "../mcp-panel/background-lines.ts";
import { PromptInput } from "../prompt/PromptInput.tsx";
import { CompletionList } from "../prompt/CompletionList.tsx";
import { completionMenu, mentionableResources } from "../prompt/completion.ts";
import { QueuedPrompts } from "../prompt/QueuedPrompts.tsx";
import { useArming } from "../approval/useArming.ts";
import { ArmingNotice } from "../approval/ArmingNotice.tsx";
import type { PendingSettings } from "../../src/settings/settings-session.ts";
import { Transcript } from "../transcript/Transcript.tsx";
import { useUserQuestions } from "../questions/useUserQuestions.ts";
import { KeyRouterProvider } from "../keys/key-router.tsx";
import { QuestionModals } from "./QuestionModals.tsx";
import { ExitQuestion } from "./ExitQuestion.tsx";
import { useExitQuestion } from "./useExitQuestion.ts";
import type { BackgroundSnapshot } from "../../src/background/task-state.ts";
import type { ForegroundCall } from "../../src/background/foreground-calls.ts";

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

const wholeTranscript = (s: TranscriptState): TranscriptState => s;
const wholeSnapshot = (s: McpSnapshot) => s;
const theCount = (n: number) => n;
const theMode = (m: PermissionMode): PermissionMode => m;
const firstPermission = (s: PermissionQueueSnapshot) => s.pending[0];
const firstServerQuestion = (s: ServerRequestQueueSnapshot) => s.pending[0];
const theQueue = (q: readonly string[]) => q;
const theFiles = (f: readonly string[]) => f;
const thePending = (p: PendingSettings | undefined) => p;
const theName = (name: string) => name;
const theFlag = (on: boolean) => on;
const theViolations = (v: Readonly<Record<string, ServerViolations>>) => v;
const theSandbox = <T,>(value: T): T => value;
const theTasks = (snapshot: BackgroundSnapshot) => snapshot.tasks;
const runsBash = (calls: readonly ForegroundCall[]) => calls.some((call) => call.toolName === "Bash");

const NO_SERVERS_NOTE =
  "No MCP servers configured: add one with `mini-cc mcp add NAME -- COMMAND` (or a project .mcp.json), then Tab shows them here.";

/** The opened view draws no server list. */
const NO_SERVERS: readonly ServerView[] = [];

/** The whole TUI; rendered by runTui, and by tests with a fake runtime. Its keys go through one router (key-router.tsx). */
export function App(props: AppProps) {
  return (
    <KeyRouterProvider>
      <Screen {...props} />
    </KeyRouterProvider>
  );
}

function Screen({ runtime, session, home = "", onExit, height }: AppProps) {
  const { exit } = useApp();
  const { columns, rows: terminalRows } = useWindowSize();
  const rows = height ?? terminalRows;
  const mode = useStore(runtime.permissionMode, theMode);
  const transcript = useStore(session.transcript, wholeTranscript);
  const snapshot = useStore(runtime.mcp.store, wholeSnapshot);
  const servers = snapshot.servers;
  const summary = useStore(runtime.mcp.store, mcpSummaryText);
  const counts = useStore(runtime.mcp.store, mcpCountsText);
  // The shared settings file is asked about first: the servers wait for its answer.
  const settingsQuestion = useStore(runtime.settings.question, thePending);
  const sandboxed = useStore(runtime.mcp.violations, theViolations);
  const sandbox = useStore(runtime.mcp.sandbox, theSandbox);
  const waiting = useMemo(() => servers.filter((v) => v.state.status === "needs-approval"), [servers]);
  const server = waiting[0];
  // Rebuilt from the ref on each render: the same servers give the same round.
  const round = useRef<readonly string[]>([]);
  round.current = nextApprovalRound(
    round.current,
    waiting.map((v) => v.name),
  );
  const unsettled = useStore(runtime.mcp.store, unsettledServers);
  const queued = useStore(session.queue, theQueue);
  const permission = useStore(runtime.permissionQueue, firstPermission);
  // A server's question waits its turn behind server approvals and tool approvals.
  const serverQuestion = useStore(runtime.serverRequests, firstServerQuestion);
  const userQuestions = useUserQuestions(runtime.userQuestions);
  const picker = useStore(session.picker, (p) => p);
  const contextPct = useStore(session.contextPct, theCount);
  const files = useStore(session.files, theFiles);
  const modelName = useStore(runtime.sessions.model, theName);
  const bashSandboxed = useStore(runtime.sandboxMode, theFlag);
  const tasks = useStore(runtime.background, theTasks);
  const bashRunning = useStore(runtime.foreground, runsBash);
  const modes = useModeCycle(runtime.permissionMode);
  const question = questionShown({
    settings: settingsQuestion,
    server,
    permission,
    serverQuestion,
    userQuestion: userQuestions.subject,
    picker,
    bypass: modes.confirmingBypass,
  });
  const modalOpen = question !== undefined && question !== BYPASS_QUESTION;
  const arming = useArming(question);
  const questionArmed = arming.armed;
  const quitting = useRef(false);
  const [top, scroll] = useLatestReducer(reduceScroll, FOLLOWING);
  const [expanded, setExpanded] = useState(false);
  const toggleExpanded = useCallback(() => setExpanded((on) => !on), []);

  const quitNow = (): void => {
    if (quitting.current) return;
    quitting.current = true;
    onExit?.();
    exit();
  };
  // With background tasks running, quitting asks first whether to stop them.
  const exitQuestion = useExitQuestion(runtime.background, quitNow);
  const quit = exitQuestion.requestQuit;
  // A prompt sent while a turn runs or servers start is queued by the session, and shown under the prompt box.
  const submit = (line: string): boolean => {
    if (line.trim() === "") return false;
    scroll({ type: "end" });
    void session.submit(line).then((outcome) => outcome === "exit" && quit());
    return true;
  };
  // Esc does the nearest thing: takes queued prompts back into the field, else interrupts the turn, else sends a prompt held for the servers.
  const escape = (): void => {
    if (!session.running) return void session.sendNow();
    const back = session.unqueue();
    if (back === "") session.abort();
    else prompt.restore(back);
  };
  // Ctrl+C stops everything: the turn, and what was queued behind it (back into the field); else it empties the field.
  const interrupt = (): void => {
    const back = session.unqueue();
    if (back !== "") prompt.restore(back);
    if (!session.abort() && back === "") prompt.clear();
  };
  // No server configured: the panel would be an empty third of the screen; the footer says so instead.
  const panel = servers.length === 0 && tasks.length === 0 ? 0 : panelWidth(columns);
  const showPanel = panel > 0;
  // An opened server gets half a wide screen; with no side panel, the whole screen.
  const panelWide = showPanel ? Math.max(panel, Math.min(OPENED_PANEL_MAX, Math.round(columns / 2))) : columns;
  const canTakeKeys = question === undefined && exitQuestion.asking === 0;
  const panelCanTakeKeys = canTakeKeys;
  const mcpPanel = useMcpPanel({
    mcp: runtime.mcp,
    snapshot,
    background: runtime.background,
    width: panelWide,
    height: rows,
    canTakeKeys: panelCanTakeKeys,
    onAction: (name, action) => session.answers.serverAction(name, action),
  });
  const panelFocused = mcpPanel.state.focused && panelCanTakeKeys;
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
  const panelRequests = useStore(session.panelRequests, theCount);
  useEffect(() => {
    if (panelRequests > 0) mcpPanel.dispatch({ type: "focus" });
  }, [panelRequests, mcpPanel.dispatch]);
  const prompt = usePromptInput({
    isActive: canTakeKeys && !panelFocused,
    // No server: an empty panel over the screen would say less than one line.
    onFocusPanel: () =>
      servers.length === 0 && tasks.length === 0
        ? session.transcript.dispatch({ type: "notice", text: NO_SERVERS_NOTE })
        : mcpPanel.dispatch({ type: "focus" }),
    onSubmit: submit,
    onEscape: () => escape(),
    onCycleMode: modes.cycle,
    onEof: quit,
    onBackground: () => runtime.foreground.moveAll("Bash", "the user pressed Ctrl+B") > 0,
    completions: (field) => {
      // The file list is made when `@` is first typed (and after each turn), in the background.
      if (field.value.includes("@")) session.files.refresh();
      return completionMenu(field.value, field.cursor, {
        commands: session.commands(),
        resources: mentionableResources(runtime.mcp.store.getSnapshot()),
        files,
      });
    },
  });
  const armed = useExitKeys({ onFirstPress: interrupt, onExit: quit });
  const waitLine = !transcript.running && unsettled > 0 ? mcpWaitLine(unsettled, !modalOpen) : undefined;

  const transcriptWidth = showPanel ? columns - panel - 1 : columns;
  // What the prompt box (its lines and border) and the footer leave above them: a modal's room, and the
  // transcript's until it is measured (rows drawn below its real height would be laid out for nothing).
  const rowsAbovePrompt = rows - (prompt.state.value.split("\n").length + 2) - 1 - (arming.droppedKey ? 1 : 0);
  /** What every question modal takes alike: the arming, and the room it may fill. */
  const questionProps = {
    isActive: questionArmed,
    onStrayKey: arming.disarm,
    width: transcriptWidth,
    maxHeight: rowsAbovePrompt,
  };
  const panelView = (width: number, opened?: OpenedServer) => (
    <McpPanel
      servers={servers}
      summary={summary}
      width={width}
      height={rows}
      focused={panelFocused}
      selected={mcpPanel.selected}
      opened={opened}
      sandboxed={sandboxed}
      tasks={tasks}
      view={mcpPanel.view}
    />
  );
  // The opened server's view, or the selected one's made ready, stays mounted while hidden: Enter only shows it.
  // The opened view draws no list, so its own props never change as the list does, and the memoised panel is left alone.
  const overPanel =
    showPanel && mcpPanel.ready ? (
      <McpPanel
        servers={NO_SERVERS}
        summary=""
        width={panelWide}
        height={rows}
        focused={panelFocused}
        opened={mcpPanel.ready}
        view={mcpPanel.view}
      />
    ) : null;
  // Too narrow for the side panel: the focused panel is a full-screen view, until Esc or Tab (a question still comes first).
  if (!showPanel && panelFocused) {
    return (
      <Box height={rows} width={columns}>
        {panelView(columns, mcpPanel.opened)}
      </Box>
    );
  }
  return (
    <Box flexDirection="row" height={rows} width={columns}>
      <Box flexDirection="column" flexGrow={1} flexShrink={1} marginRight={showPanel ? 1 : 0}>
        <Transcript
          items={transcript.items}
          live={transcript.live}
          width={transcriptWidth}
          expanded={expanded}
          top={top}
          onScroll={scrollTranscript}
          onToggleExpanded={toggleExpanded}
          working={transcript.running && !modalOpen}
          rows={rowsAbovePrompt}
          progress={runtime.mcp.progress}
          retry={transcript.retry}
        />
        <Box flexDirection="column" flexShrink={0}>
          <QuestionModals
            runtime={runtime}
            session={session}
            subject={question}
            settingsQuestion={settingsQuestion}
            waiting={waiting}
            round={round.current}
            permission={permission}
            serverQuestion={serverQuestion}
            userQuestions={userQuestions}
            picker={picker}
            sandbox={sandbox}
            questionProps={questionProps}
            bypass={
              modes.confirmingBypass
                ? { onConfirm: modes.confirm, onSkip: modes.cycle, onCancel: modes.cancel }
                : undefined
            }
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
          {prompt.menu && question === undefined ? (
            <CompletionList menu={prompt.menu} selected={prompt.selected} />
          ) : null}
          <QueuedPrompts prompts={queued} waitLine={waitLine} />
          <Footer
            permissionMode={mode}
            sandboxed={bashSandboxed}
            modelName={modelName}
            contextPct={contextPct}
            cwd={displayPath(runtime.cwd, home)}
            notice={armed ? "Press Ctrl+C again to quit" : undefined}
            mcpCounts={showPanel ? undefined : counts}
            running={transcript.running}
            queued={queued.length > 0}
            background={backgroundCountText(tasks)}
            canBackground={bashRunning}
          />
        </Box>
      </Box>
      {/* The opened server covers the side panel whole: under it the list stays as it is, so opening and closing draw the server once and leave the list alone. */}
      {showPanel ? panelView(panel) : null}
      {overPanel !== null ? (
        // Drawn over the transcript's right part, which keeps its width: a long transcript is not re-wrapped on open and close.
        <OverPanel width={panelWide} height={rows} shown={mcpPanel.opened !== undefined}>
          {overPanel}
        </OverPanel>
      ) : null}
    </Box>
  );
}
