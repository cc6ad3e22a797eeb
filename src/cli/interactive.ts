/**
 * `mini-cc` with no -p: the full-screen UI. The servers start while the UI is
 * up, so the panel shows them turning green one by one, and project servers
 * wait in the approval modal. React is loaded only here, on demand.
 */
import { homedir } from "node:os";
import type { RunOptions } from "../session/run-options.ts";
import { createRuntime, type Runtime } from "../session/runtime.ts";
import { loadServerDetails } from "../../components/mcp-panel/server-details.ts";
import { announceLoginPage } from "../mcp/connection/oauth/login-page.ts";
import { NO_MODEL_HINT, OFFLINE_MODEL_NAME } from "../model/default-model.ts";
import { PermissionQueue } from "../../components/runtime/permission-queue.ts";
import { ServerRequestQueue } from "../../components/runtime/server-request-queue.ts";
import { askingHandlers } from "../mcp/requests/server-requests.ts";
import { openUrl } from "../mcp/open-url.ts";
import { noteInServerLog } from "../mcp/logs/request-log.ts";
import { serverView } from "../mcp/state/snapshot-views.ts";
import type { TuiMcp, TuiRuntime } from "../../components/runtime/tui-runtime.ts";
import { loadShellParser } from "../agent/shell-parser.ts";
import type { Env } from "../env.ts";
import { BUILTIN_COMMAND_NAMES } from "../session/builtin-command-names.ts";
import { UserQuestionQueue } from "../../components/runtime/user-question-queue.ts";
import { NoticeFeed } from "../../components/runtime/notice-feed.ts";
import { Store } from "../store.ts";
import type { SandboxAvailability } from "../sandbox/availability.ts";
import { isRemote } from "../config/types.ts";
import { sandboxSettingText } from "../config/describe.ts";

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
  const manager = runtime.manager;
  const sandbox = new Store<SandboxAvailability | "checking">("checking");
  const tui: TuiRuntime = {
    mcp: managerActions(runtime, io.cwd, homedir(), io.env, sandbox),
    startTurn: (prompt, signal) => runtime.runTurn(prompt, signal),
    newConversation: () => runtime.agent.clear(),
    addDir: (dir) => runtime.addDir(dir),
    sandboxMode: runtime.sandboxMode,
    permissionQueue: queue,
    serverRequests,
    userQuestions,
    sessions: {
      list: () => runtime.listSessions(),
      resume: (id) => runtime.resume(id),
      restored: runtime.restored,
      pickAtStart: options.resume?.kind === "pick",
      contextLines: () => runtime.contextLines(),
      contextUse: () => runtime.contextUse(),
      costLines: () => runtime.costLines(),
      agentLines: () => runtime.agentLines(),
      model: runtime.modelName,
      setModel: (name) => runtime.setModel(name),
    },
    permissionMode: runtime.permissions.mode,
    modelName: runtime.model.name,
    cwd: io.cwd,
    notices,
    serverLogs: { logDir: runtime.home.logs, userHome: homedir() },
    initialPrompt: options.prompt,
    customCommands: runtime.customCommands,
    settings: {
      cwd: io.cwd,
      question: runtime.settings.question,
      answer: (approve) => runtime.settings.answer(approve),
      async rememberAllow(rule) {
        await runtime.settings.rememberAllow(rule);
        return runtime.settings.localFile;
      },
      rules: () => runtime.permissions.listRules(),
      remove: (rule) => runtime.settings.remove(rule),
      remembers: true,
      hooks: () => runtime.settings.hookList(),
    },
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
  void runtime.sandbox.availability().then((availability) => sandbox.update(() => availability));
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

/** The UI's server actions on the real McpManager and approvals file. */
function managerActions(
  runtime: Runtime,
  projectDir: string,
  userHome: string,
  env: InteractiveIo["env"],
  sandbox: TuiMcp["sandbox"],
): TuiMcp {
  const { manager, approvals } = runtime;
  const view = (name: string) => serverView(manager.getSnapshot(), name);
  return {
    store: manager,
    decide: (name, choice) => manager.decide(name, choice),
    restart: (name) => manager.restart(name),
    progress: manager.progress,
    usage: manager.usage,
    sandbox,
    violations: runtime.sandbox.violations,
    disable: (name) => manager.disable(name),
    enable: (name) => manager.enable(name),
    login: (name, show) => manager.login(name, (url) => announceLoginPage(name, url, env, show)),
    logout: (name) => manager.logout(name),
    askApproval: (name) => manager.askApproval(name),
    async revoke(name) {
      await approvals.forget(projectDir, [name]);
      await manager.revoked(name);
    },
    async details(name) {
      const server = view(name);
      if (!server) return { logTail: [] };
      const details = await loadServerDetails(server, { approvals, projectDir, logDir: runtime.home.logs, userHome });
      const violations = runtime.sandbox.violations.getSnapshot();
      if (!server.config || isRemote(server.config.entry) || !Object.hasOwn(violations, name)) return details;
      const setting = server.config.entry.sandbox;
      const profile =
        setting === undefined || setting === false
          ? "default profile (chosen at approval)"
          : sandboxSettingText(setting);
      return { ...details, sandbox: { profile, blocked: violations[name]!.recent } };
    },
  };
}
