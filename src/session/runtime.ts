/**
 * One session's parts, wired in the order data flows (DESIGN.md): config →
 * approvals → McpManager → tools → agent. Print mode and the TUI both start
 * here; they differ only in who answers questions. What they get is
 * runtime-api.ts; each step is its own function (the settings and the chain
 * runtime-settings.ts, the servers runtime-mcp.ts, the sessions
 * runtime-sessions.ts), handed one clock and one home folder.
 */
import { newSessionId } from "./session-id.ts";
import { join } from "node:path";
import { Agent } from "../agent/agent.ts";
import { AUTO_BACKGROUND_MS, autoBackgroundMs } from "../agent/detached-call.ts";
import { BackgroundTasks } from "../background/background-tasks.ts";
import { ForegroundCalls } from "../background/foreground-calls.ts";
import { earlierTasks, recordTasks } from "../background/earlier-tasks.ts";
import { endingReminders } from "../background/reminders.ts";
import { autoCompactPct } from "../agent/compaction.ts";
import { toolSearchSetting } from "../agent/tool-search.ts";
import { type Clock, systemClock } from "../clock.ts";
import { sessionEdge } from "../hooks/turn-hooks.ts";
import { type HomePaths, resolveHome, userHomeDir } from "../home.ts";
import { mcpResourceTools } from "../mcp/features/resource-tools.ts";
import { startupEnvProblem } from "../mcp/state/startup.ts";
import { removeOldToolOutput, ToolOutputFiles } from "../mcp/tools/output-files.ts";
import { followProgress } from "../mcp/tools/progress.ts";
import type { LoadedConfig } from "../config/load.ts";
import type { Model } from "../model/model.ts";
import { Store } from "../store.ts";
import { builtinTools } from "../tools/builtin.ts";
import type { Tool } from "../tools/tool.ts";
import { type CustomCommand, loadCustomCommands } from "./custom-commands.ts";
import { sessionSubagents } from "./session-agents.ts";
import { recordedTurn } from "./recorded-turn.ts";
import type { Runtime, RuntimeOptions } from "./runtime-api.ts";
import { addDir, applyApprovedSettings, configLoader, type McpParts, mcpParts } from "./runtime-mcp.ts";
import { continueSaved, recording, sessionActions } from "./runtime-sessions.ts";
import { checkedModel, loadSettingsParts, sessionHooks, type SettingsParts } from "./runtime-settings.ts";
import { systemContext } from "./runtime-system.ts";
import type { SavedSession } from "./saved-sessions.ts";
import { openSavedSession } from "./session-recorder.ts";

export type { Runtime, RuntimeOptions } from "./runtime-api.ts";

/** What every step is handed alike. */
interface Ground {
  readonly init: RuntimeOptions;
  readonly home: HomePaths;
  readonly userHome: string;
  readonly clock: Clock;
}

/**
 * Checks everything the user typed before anything starts: a bad script,
 * --mcp-config value or tool rule is a usage error (exit 2), and no server runs.
 */
export async function createRuntime(init: RuntimeOptions): Promise<Runtime> {
  const model = await checkedModel(init);
  const userHome = userHomeDir(init.env, init.homeDir);
  const ground: Ground = { init, home: resolveHome(init.env, userHome), userHome, clock: init.clock ?? systemClock };
  const { home, clock } = ground;
  const settings = await loadSettingsParts(init, ground);
  const loadConfig = configLoader(init, home, settings);
  const config = new Store(await loadConfig());
  const custom = loadCustomCommands({ cwd: init.cwd, userHome, reserved: init.reservedCommands ?? [] });
  for (const note of custom.notes) init.warn(note);
  const startupProblem = startupEnvProblem(init.env);
  if (startupProblem) init.warn(startupProblem);
  const serverRequests = init.serverRequests?.({ model, home, clock });
  // In the background; close() waits for it, so a short run still finishes the clean-up.
  const cleanOldOutput = removeOldToolOutput(home.toolOutput, clock.now());
  const { restored, sessionId, outputFiles, background, foreground } = sessionStart(ground);
  const mcp = mcpParts(init, {
    home,
    userHome,
    clock,
    settings,
    serverRequests,
    outputFiles,
    // Tasks start once servers answer calls, after this function has returned: `turns` is set by then.
    onTaskStarted: (task) => turns.recorder.record({ type: "task", ...task }),
    onTaskEnded: (task) => turns.recorder.record({ type: "task", ...task, ended: true }),
  });
  const turns = await agentParts(ground, { model, settings, mcp, restored, sessionId, background, foreground });
  return runtimeOf(ground, {
    model,
    settings,
    config,
    loadConfig,
    custom,
    mcp,
    turns,
    restored,
    background,
    foreground,
    cleanOldOutput,
  });
}

/** What createRuntime's steps made, as the Runtime both screens take. */
function runtimeOf(
  { init, home, userHome }: Ground,
  parts: {
    model: Model;
    settings: SettingsParts;
    config: Store<LoadedConfig>;
    loadConfig: () => Promise<LoadedConfig>;
    custom: { readonly commands: CustomCommand[] };
    mcp: McpParts;
    turns: AgentParts;
    restored: SavedSession | undefined;
    background: BackgroundTasks;
    foreground: ForegroundCalls;
    cleanOldOutput: Promise<void>;
  },
): Runtime {
  const { model, settings, config, loadConfig, custom, mcp, turns, restored, background, foreground, cleanOldOutput } =
    parts;
  const { manager, sandbox, approvals } = mcp;
  const { agent, recorder, tools, sandboxMode } = turns;
  return {
    get sessionId() {
      return recorder.id;
    },
    sessions: sessionActions(init, {
      home,
      userHome,
      restored,
      agent,
      recorder,
      models: turns.models,
      tools,
      agents: turns.agents,
    }),
    mcp: mcp.actions,
    resumeHint: () => (recorder.saved ? `Resume this session with: mini-cc --resume ${recorder.id}` : undefined),
    home,
    userHome,
    get config() {
      return config.getSnapshot();
    },
    model,
    manager,
    sandbox,
    sandboxMode,
    background,
    foreground,
    approvals,
    permissions: settings.permissions,
    agent,
    tools,
    settings: settings.settings,
    customCommands: custom.commands,
    agents: turns.agents,
    runTurn: (line, signal) => recordedTurn(turnParts(init, settings, mcp, turns, custom.commands), line, signal),
    addDir: (dir) => addDir(init, settings, mcp, dir),
    startServers: (connect) => manager.start(config.getSnapshot().servers, connect),
    listServers: () => manager.list(config.getSnapshot().servers),
    applyApprovedSettings: () => applyApprovedSettings(init, settings, mcp, { config, loadConfig }),
    connectServers: () => manager.connectListed(),
    close: () => closeAll(init, mcp, turns, [cleanOldOutput, background.stopAll("exit")]),
  };
}

/** The session's end: its hooks told, the recording closed, every server, then the sandbox. */
async function closeAll(
  init: RuntimeOptions,
  mcp: McpParts,
  turns: AgentParts,
  endings: readonly Promise<unknown>[],
): Promise<void> {
  await sessionEdge(turns.hooks, { end: init.interactive ? "prompt_input_exit" : "other" }, init.warn);
  turns.recorder.close();
  turns.subagents.release();
  // Nothing started in the background outlives the session (the TUI asks at /exit first).
  await Promise.all([mcp.manager.close(), ...endings]);
  // After the servers: its proxies outlive no sandboxed process.
  await mcp.sandbox.close();
}

/**
 * The saved session this run continues (--continue, --resume ID), the id it records under, where its tools'
 * long output goes, and its background tasks.
 */
function sessionStart({ init, home, clock }: Ground) {
  const resumeChoice = init.options.resume?.kind === "pick" ? undefined : init.options.resume;
  const restored = resumeChoice ? openSavedSession(home.projects, init.cwd, resumeChoice, init.warn) : undefined;
  const sessionId = restored?.id ?? init.options.sessionId ?? newSessionId();
  // Background tasks' output goes beside the session's saved tool outputs (Read may open them; a week later they go).
  const backgroundDir = join(home.toolOutput, sessionId, "background");
  const background = new BackgroundTasks({ dir: backgroundDir, clock });
  // Resumed: the earlier run's tasks are listed again (a running one as lost); every start and end is recorded.
  if (restored) background.adopt(earlierTasks(backgroundDir));
  recordTasks(background, backgroundDir);
  init.onExit?.(() => background.stopAllSync());
  const outputFiles = new ToolOutputFiles(home.toolOutput, sessionId);
  return { restored, sessionId, outputFiles, background, foreground: new ForegroundCalls() };
}

type AgentParts = Awaited<ReturnType<typeof agentParts>>;

/** The tools, the model chosen, the saved session's recorder, the hooks and the agent; a restored session's conversation loaded. */
async function agentParts(
  { init, home, userHome, clock }: Ground,
  parts: {
    model: Model;
    settings: SettingsParts;
    mcp: McpParts;
    restored: SavedSession | undefined;
    sessionId: string;
    background: BackgroundTasks;
    foreground: ForegroundCalls;
  },
) {
  const { options, cwd, env } = init;
  const { model, restored, background } = parts;
  const { permissions, liveEnv } = parts.settings;
  const { manager, sandbox } = parts.mcp;
  const sandboxMode = new Store(options.sandbox ?? false);
  const builtins = builtinTools(
    { env: liveEnv, sandbox: { enabled: sandboxMode, host: sandbox }, background },
    init.askUser,
  );
  const { models, recorder } = recording(init, home, model, manager, parts.sessionId);
  const subagentParts = { userHome, home, builtins, model, models, recorder, permissions, clock, manager };
  const { agents, subagents } = await sessionSubagents(init, { ...subagentParts, tools: () => tools() });
  const system = systemContext(init, userHome, clock, manager, agents.main?.prompt);
  const resourceTools = mcpResourceTools(manager, liveEnv);
  // A tool every call of which a deny rule refuses is not offered at all (it would only waste the model's context).
  const tools = (): readonly Tool[] =>
    subagents
      .offered(builtins, [...resourceTools.offered(), ...manager.tools()])
      .filter((tool) => !permissions.deniesEveryCall(tool));
  const hooks = sessionHooks(init, parts.settings, recorder, restored !== undefined);
  const loop = loopSettings(init);
  const agent = new Agent({
    hooks,
    detaching: {
      background,
      clock,
      autoBackgroundMs: loop.autoBackgroundMs,
      foreground: parts.foreground,
      followStatus: (toolUseId, show) => followProgress(manager.progress, toolUseId, show),
    },
    reminders: () => endingReminders(background, clock.now()),
    model: models.agentModel,
    tools,
    permissions,
    ask: init.ask,
    system,
    cwd,
    maxRounds: options.maxTurns,
    toolSearch: toolSearchSetting(env),
    record: recorder.record,
    ...(loop.autoCompactPct !== undefined ? { autoCompactPct: loop.autoCompactPct } : {}),
  });
  if (restored) await continueSaved(init, restored, { agent, recorder, models, model });
  return { agent, recorder, hooks, tools, models, sandboxMode, agents: agents.definitions, subagents };
}

/** What a typed line's turn is run with (recorded-turn.ts). */
function turnParts(
  init: RuntimeOptions,
  settings: SettingsParts,
  mcp: McpParts,
  turns: AgentParts,
  customCommands: Runtime["customCommands"],
) {
  const { recorder, agent } = turns;
  const { manager } = mcp;
  const folders = () => settings.permissions.scope;
  return { recorder, agent, manager, env: settings.liveEnv, customCommands, cwd: init.cwd, folders };
}

/** What the environment sets of the loop: a bad value is said, and the default kept. */
function loopSettings(init: RuntimeOptions): { autoCompactPct?: number; autoBackgroundMs: number } {
  const pct = autoCompactPct(init.env["MINI_CC_AUTOCOMPACT_PCT"]);
  if (typeof pct !== "number") init.warn(pct.problem);
  const auto = autoBackgroundMs(init.env["MINI_CC_MCP_AUTO_BACKGROUND_MS"]);
  if (typeof auto !== "number") init.warn(auto.problem);
  return {
    ...(typeof pct === "number" ? { autoCompactPct: pct } : {}),
    autoBackgroundMs: typeof auto === "number" ? auto : AUTO_BACKGROUND_MS,
  };
}
