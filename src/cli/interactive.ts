/**
 * `mini-cc` with no -p: the full-screen UI. The servers start while the UI is
 * up, so the panel shows them turning green one by one, and project servers
 * wait in the approval modal. React is loaded only here, on demand.
 */
import type { RunOptions } from "../session/run-options.ts";
import { createRuntime, type Runtime } from "../session/runtime.ts";
import { NO_MODEL_HINT, OFFLINE_MODEL_NAME } from "../model/default-model.ts";
import { PermissionQueue } from "../../components/runtime/permission-queue.ts";
import { ServerRequestQueue } from "../../components/runtime/server-request-queue.ts";
import { askingHandlers } from "../mcp/requests/server-requests.ts";
import { openUrl } from "../mcp/open-url.ts";
import { noteInServerLog } from "../mcp/logs/request-log.ts";
import type { TuiRuntime } from "../../components/runtime/tui-runtime.ts";
import { loadShellParser } from "../agent/shell-parser.ts";
import type { Env } from "../env.ts";
import { BUILTIN_COMMAND_NAMES } from "../session/builtin-command-names.ts";
import { UserQuestionQueue } from "../../components/runtime/user-question-queue.ts";
import { NoticeFeed } from "../../components/runtime/notice-feed.ts";

/** Loads the Ink UI on demand: React is paid for only when the TUI runs. */
export type TuiLoader = () => Promise<{ runTui: (tui: TuiRuntime) => Promise<void> }>;

export interface InteractiveIo {
  loadTui: TuiLoader;
  cwd: string;
  env: Env;
  onExit?: (cleanup: () => void) => void;
  homeDir?: string;
}

export async function runInteractive(options: RunOptions, io: InteractiveIo): Promise<number> {
  // React and Ink load while the runtime reads its configs: the first frame waits for the slower of the two, not both.
  const tuiModule = io.loadTui();
  tuiModule.catch(() => {}); // a failed runtime below is the error to report; this one is awaited later
  // What "allow for the session" covers is the chain's to judge; the chain is made below, before any request can wait.
  const queue = new PermissionQueue((rule, call) => runtime.permissions.covers(rule, call));
  const serverRequests = new ServerRequestQueue();
  const userQuestions = new UserQuestionQueue();
  const notices = new NoticeFeed();
  const runtime = await createRuntime({
    options,
    cwd: io.cwd,
    env: io.env,
    homeDir: io.homeDir,
    interactive: true,
    ask: queue.ask,
    askUser: userQuestions.ask,
    warn: notices.push,
    onExit: io.onExit,
    reservedCommands: BUILTIN_COMMAND_NAMES,
    // Every elicitation and sampling request is the user's to answer, in a modal; declines are noted in the server's log.
    serverRequests: ({ model, home, clock }) =>
      askingHandlers({
        model,
        ask: serverRequests.ask,
        openUrl: (url) => openUrl(url, io.env),
        log: (server, line) => noteInServerLog(home.logs, server, line, new Date(clock.now())),
        callStarted: serverRequests.callStarted,
      }),
  });
  if (runtime.model.name === OFFLINE_MODEL_NAME) notices.unshift(NO_MODEL_HINT);
  const tui: TuiRuntime = {
    mcp: runtime.mcp,
    sessions: runtime.sessions,
    settings: runtime.settings,
    startTurn: runtime.runTurn,
    newConversation: () => runtime.agent.clear(),
    addDir: runtime.addDir,
    sandboxMode: runtime.sandboxMode,
    background: runtime.background,
    foreground: runtime.foreground,
    permissionQueue: queue,
    serverRequests,
    userQuestions,
    permissionMode: runtime.permissions.mode,
    modelName: runtime.model.name,
    cwd: io.cwd,
    notices,
    serverLogs: { logDir: runtime.home.logs, userHome: runtime.userHome },
    initialPrompt: options.prompt,
    customCommands: runtime.customCommands,
    close: () => {
      serverRequests.dismissAll();
      return runtime.close();
    },
  };
  // The first frame lists every declared server in its real state; they spawn once it is drawn (render is
  // synchronous), so spawning does not compete with drawing it.
  const [{ runTui }] = await Promise.all([tuiModule, runtime.listServers()]);
  const done = runTui(tui);
  void startWhenSettingsAnswered(runtime);
  // Whether the approval may offer "Start sandboxed": PATH lookups and one bubblewrap run, after the first frame.
  void runtime.mcp.checkSandbox();
  // "Allow for the session" can add Bash(prefix:*) rules, which need the shell parser: loaded off the first frame's path.
  void loadShellParser().then(
    (parser) => runtime.permissions.useShellParser(parser),
    () => {},
  );
  await done;
  // Printed on the main screen once the UI has left the alternate one.
  const hint = runtime.resumeHint();
  if (hint) process.stdout.write(`${hint}\n`);
  return 0;
}

/**
 * Servers connect once the shared settings file's question is answered: an
 * approval may bring env for them or enable project servers, and nothing it
 * grants may run before the user said yes.
 */
async function startWhenSettingsAnswered(runtime: Runtime): Promise<void> {
  const waited = runtime.settings.question.getSnapshot() !== undefined;
  await runtime.settings.whenAnswered();
  if (waited && runtime.settings.isTrusted) await runtime.applyApprovedSettings();
  await runtime.connectServers();
}
