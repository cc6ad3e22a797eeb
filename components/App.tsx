/**
 * The whole screen: transcript on top; below it the live message, the
 * approval modal when one waits, the prompt and the footer, with the MCP
 * panel in a right-hand column when the terminal is wide enough.
 */
import { Box, useApp, useWindowSize } from "ink";
import { useRef } from "react";
import type { McpSnapshot } from "../src/mcp/server-state.ts";
import type { ChatSession } from "../src/session/chat-session.ts";
import { parseSlash } from "../src/session/commands/parse-slash.ts";
import { displayPath } from "../src/session/display-path.ts";
import { mcpSummaryText } from "../src/session/mcp-summary.ts";
import type { PermissionQueueSnapshot } from "../src/session/permission-queue.ts";
import type { TranscriptState } from "../src/session/transcript-items.ts";
import type { TuiRuntime } from "../src/session/tui-runtime.ts";
import { Footer } from "./Footer.tsx";
import { useClearScreen } from "./hooks/useClearScreen.ts";
import { useExitKeys } from "./hooks/useExitKeys.ts";
import { usePromptInput } from "./hooks/usePromptInput.ts";
import { useRedrawOnResize } from "./hooks/useRedrawOnResize.ts";
import { useStore } from "./hooks/useStore.ts";
import { LiveMessage } from "./LiveMessage.tsx";
import { McpPanel } from "./McpPanel.tsx";
import { PromptInput } from "./PromptInput.tsx";
import { ServerApprovalModal } from "./ServerApprovalModal.tsx";
import { ToolApprovalModal } from "./ToolApprovalModal.tsx";
import { Transcript } from "./Transcript.tsx";

/** Narrower than this, the MCP panel gives its columns back to the transcript. */
export const PANEL_MIN_COLUMNS = 90;
/** The panel's columns, border included. */
export const PANEL_WIDTH = 36;

/** What the screen needs: the runtime, and the session that turns lines into turns and commands. */
export interface AppProps {
  readonly runtime: TuiRuntime;
  readonly session: ChatSession;
  /** The user's home directory, to show the cwd as `~/…`. */
  readonly home?: string;
  /** Called once when the user quits, before Ink unmounts. */
  readonly onExit?: () => void;
}

const wholeTranscript = (s: TranscriptState): TranscriptState => s;
const allServers = (s: McpSnapshot) => s.servers;
const firstServerAwaitingApproval = (s: McpSnapshot) => s.servers.find((v) => v.state.status === "needs-approval");
const firstPermission = (s: PermissionQueueSnapshot) => s.pending[0];

/** The whole TUI; rendered by runTui, and by tests with a fake runtime. */
export function App({ runtime, session, home = "", onExit }: AppProps) {
  const { exit } = useApp();
  const { columns } = useWindowSize();
  const transcript = useStore(session.transcript, wholeTranscript);
  const servers = useStore(runtime.mcp.store, allServers);
  const summary = useStore(runtime.mcp.store, mcpSummaryText);
  const server = useStore(runtime.mcp.store, firstServerAwaitingApproval);
  const permission = useStore(runtime.permissionQueue, firstPermission);
  const modalOpen = server !== undefined || permission !== undefined;
  const quitting = useRef(false);

  const quit = (): void => {
    if (quitting.current) return;
    quitting.current = true;
    onExit?.();
    exit();
  };
  const submit = (line: string): boolean => {
    if (line.trim() === "") return false;
    if (session.running && parseSlash(line) === null) {
      session.transcript.dispatch({ type: "notice", text: "A turn is running: wait for it, or press Esc to interrupt." });
      return false;
    }
    void session.submit(line).then((outcome) => outcome === "exit" && quit());
    return true;
  };
  const prompt = usePromptInput({ isActive: !modalOpen, onSubmit: submit, onEscape: () => session.abort(), onEof: quit });
  const armed = useExitKeys({ onFirstPress: () => session.abort() || prompt.clear(), onExit: quit });
  useClearScreen(transcript.epoch);
  const redraws = useRedrawOnResize();

  const showPanel = columns >= PANEL_MIN_COLUMNS;
  return (
    <Box flexDirection="column">
      <Transcript redrawKey={`${transcript.epoch}:${redraws}`} items={transcript.items} />
      <Box flexDirection="row" marginTop={1}>
        <Box flexDirection="column" flexGrow={1} flexShrink={1} justifyContent="flex-end">
          <LiveMessage text={transcript.live} running={transcript.running} waiting={modalOpen} />
          {server ? (
            <ServerApprovalModal
              key={`server:${server.name}`}
              server={server}
              cwd={runtime.cwd}
              isActive
              onDecide={(choice) => void session.decideServer(server.name, choice)}
            />
          ) : permission ? (
            <ToolApprovalModal
              key={`tool:${permission.id}`}
              pending={permission}
              isActive
              onAnswer={(answer, message) => session.answerPermission(permission, answer, message)}
            />
          ) : null}
          <PromptInput state={prompt.state} isActive={!modalOpen} placeholder="Ask anything, or /help" />
          <Footer
            permissionMode={runtime.permissionMode}
            modelName={runtime.modelName}
            cwd={displayPath(runtime.cwd, home)}
            notice={armed ? "Press Ctrl+C again to quit" : undefined}
            mcpSummary={showPanel ? undefined : summary}
            running={transcript.running}
          />
        </Box>
        {showPanel ? <McpPanel servers={servers} summary={summary} width={PANEL_WIDTH} /> : null}
      </Box>
    </Box>
  );
}
