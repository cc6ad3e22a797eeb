/**
 * One session's parts, wired in the order data flows (DESIGN.md): config →
 * approvals → McpManager → tools → agent. Print mode and the TUI both start
 * here; they differ only in who answers questions. What they get is
 * runtime-api.ts; the model in use is model-choice.ts, a typed line's turn
 * recorded-turn.ts, the checks made before anything starts startup-checks.ts.
 */
import { randomUUID } from "node:crypto";
import { homedir } from "node:os";
import { join } from "node:path";
import { Agent } from "../agent/agent.ts";
import { systemClock } from "../clock.ts";
import type { PermissionMode } from "../agent/events.ts";
import { settingsMessages, unapprovedSettingsLine } from "../settings/project-settings.ts";
import { loadManagedPolicy, managedDir } from "../settings/managed-policy.ts";
import { managedServerPolicy } from "../settings/server-policy.ts";
import { sessionEdge, startSessionHooks } from "../hooks/turn-hooks.ts";
import { PermissionChain } from "../agent/permissions.ts";
import { loadShellParser } from "../agent/shell-parser.ts";
import { SystemContext } from "../agent/system-sections.ts";
import { toolSearchSetting } from "../agent/tool-search.ts";
import { loadMcpConfig } from "../config/load.ts";
import { parseMcpConfigArg } from "../config/mcp-config-arg.ts";
import { resolveHome } from "../home.ts";
import { ApprovalsFile } from "../mcp/approvals/approvals.ts";
import { OAuthStore } from "../mcp/connection/oauth/token-store.ts";
import { McpManager } from "../mcp/manager.ts";
import { DisabledServersFile } from "../mcp/approvals/disabled-servers.ts";
import { removeOldToolOutput, ToolOutputFiles } from "../mcp/tools/output-files.ts";
import { ToolCacheFiles } from "../mcp/tools/cache.ts";
import { startupEnvProblem } from "../mcp/state/startup.ts";
import type { ServerView } from "../mcp/state/server-state.ts";
import { createModel } from "../model/default-model.ts";
import { builtinTools } from "../tools/builtin.ts";
import { mcpResourceTools } from "../mcp/features/resource-tools.ts";
import { RootsStore } from "../mcp/requests/roots.ts";
import { SandboxHost } from "../sandbox/sandbox-host.ts";
import { BackgroundTasks } from "../background/background-tasks.ts";
import { endingReminders } from "../background/reminders.ts";
import { AUTO_BACKGROUND_MS, autoBackgroundMs } from "../agent/detached-call.ts";
import { recordedTurn } from "./recorded-turn.ts";
import { ModelChoice } from "./model-choice.ts";
import { asUsageError, checkAddDir, existingDirs } from "./startup-checks.ts";
import { loadCustomCommands } from "./custom-commands.ts";
import { SettingsSession } from "../settings/settings-session.ts";
import { SettingsApprovalsFile } from "../settings/settings-trust.ts";
import { enabledBySettings } from "../settings/settings-servers.ts";
import type { Tool } from "../tools/tool.ts";
import { autoCompactPct } from "../agent/compaction.ts";
import { ScriptedModel } from "../model/scripted-model.ts";
import { MiniCcError } from "../errors.ts";
import { Store } from "../store.ts";
import { contextBreakdown, contextLines } from "./context-breakdown.ts";
import { listProjectSessions } from "./saved-sessions.ts";
import { openSavedSession, readChecked, SessionRecorder } from "./session-recorder.ts";
import { costLines, subagentContextLines } from "./session-usage.ts";
import { findSessionFile } from "./saved-sessions.ts";
import { findSessionAgents, startSessionAgents } from "./session-agents.ts";
import { agentLines } from "../agents/agent-list.ts";
import { managedAgentServers } from "../agents/agent-servers.ts";

import type { Runtime, RuntimeOptions } from "./runtime-api.ts";

export type { Runtime, RuntimeOptions } from "./runtime-api.ts";

/**
 * Checks everything the user typed before anything starts: a bad script,
 * --mcp-config value or tool rule is a usage error (exit 2), and no server runs.
 */
export async function createRuntime(init: RuntimeOptions): Promise<Runtime> {
  const { options, cwd, env } = init;
  const model = await asUsageError(() =>
    createModel({
      scriptPath: options.modelScript,
      env,
      maxChunkDelayMs: init.interactive ? undefined : 0,
      ...(options.model !== undefined ? { model: options.model } : {}),
      ...(options.thinking ? { thinking: true } : {}),
      ...(options.includePartialMessages ? { rawEvents: true } : {}),
    }),
  );
  for (const value of options.mcpConfig) await asUsageError(() => parseMcpConfigArg(value, cwd));
  for (const dir of options.addDirs) await checkAddDir(cwd, dir);
  const userHome = init.homeDir ?? homedir();
  const home = resolveHome(env, userHome);
  const policy = await loadManagedPolicy(managedDir(env));
  for (const problem of policy.problems) init.warn(problem);
  const settings = await SettingsSession.load(
    { cwd, userHome, miniCcHome: home.root },
    new SettingsApprovalsFile(home.settingsApprovals, systemClock, init.warn),
    policy.settings,
  );
  for (const message of settingsMessages(settings.loaded)) init.warn(message);
  if (!init.interactive && settings.question.getSnapshot())
    init.warn(unapprovedSettingsLine(settings.loaded.shared, cwd));
  // Settings' env reaches tools and servers (as Claude Code sets it in its process); the object is
  // kept, so an approval given before the servers connect still applies.
  const liveEnv: Record<string, string | undefined> = { ...env, ...settings.effective().env };
  // The bash parser loads (about 50 ms) only for rules that look inside commands.
  const rules = [
    ...options.allowedTools,
    ...options.disallowedTools,
    ...settings.loaded.files.flatMap((f) => f.rules.map((r) => r.rule)),
  ];
  const shell = rules.some((rule) => rule.includes("(")) ? await loadShellParser() : undefined;
  const settingsDirs = await existingDirs(settings.effective().additionalDirectories, init.warn);
  const permissions = await asUsageError(
    async () =>
      new PermissionChain({
        shell,
        mode: modeFrom(options.permissionMode, settings),
        allow: options.allowedTools,
        deny: options.disallowedTools,
        rules: settings.chainRules(),
        cwd,
        addDirs: [...options.addDirs, ...settingsDirs],
        canAsk: init.interactive,
        readableByRead: [home.toolOutput],
      }),
  );
  settings.attach(permissions);

  const loadConfig = async () => {
    const loaded = await loadMcpConfig({
      cwd,
      home,
      env: liveEnv,
      extra: options.mcpConfig,
      strict: options.strictMcpConfig,
      managedFile: policy.mcpFile,
    });
    for (const message of [...loaded.problems, ...loaded.warnings]) init.warn(message);
    return loaded;
  };
  let config = await loadConfig();
  const custom = loadCustomCommands({ cwd, userHome, reserved: init.reservedCommands ?? [] });
  for (const note of custom.notes) init.warn(note);
  const startupProblem = startupEnvProblem(env);
  if (startupProblem) init.warn(startupProblem);

  const approvals = new ApprovalsFile({
    file: home.approvals,
    clock: systemClock,
    warn: init.warn,
    enabledBySettings: (name) => enabledBySettings(settings.effective(), name),
  });
  const oauth = new OAuthStore({ file: home.oauth, clock: systemClock, warn: init.warn });
  const addDirs = [...options.addDirs, ...settingsDirs];
  const roots = new RootsStore(cwd, addDirs);
  const serverRequests = init.serverRequests?.({ model, home, clock: systemClock });
  // In the background; close() waits for it, so a short run still finishes the clean-up.
  const cleanOldOutput = removeOldToolOutput(home.toolOutput, systemClock.now());
  const resumeChoice = options.resume?.kind === "pick" ? undefined : options.resume;
  const restored = resumeChoice ? openSavedSession(home.projects, cwd, resumeChoice, init.warn) : undefined;
  const sessionId = restored?.id ?? options.sessionId ?? randomUUID();
  const outputFiles = new ToolOutputFiles(home.toolOutput, sessionId);
  // Background tasks' output goes beside the session's saved tool outputs (Read may open them; a week later they go).
  const background = new BackgroundTasks({ dir: join(home.toolOutput, sessionId, "background"), clock: systemClock });
  init.onExit?.(() => background.stopAllSync());
  // Servers seen before are offered from their cached tool lists while they start (or, lazy, until first used).
  const toolCache = new ToolCacheFiles({ dir: home.toolCache, projectDir: cwd, clock: systemClock, warn: init.warn });
  const sandbox = new SandboxHost({
    projectDir: cwd,
    home: init.homeDir ?? env.HOME ?? homedir(),
    miniCcHome: home.root,
    env,
  });
  const manager = new McpManager({
    projectDir: cwd,
    approvals,
    ...managedServerPolicy(policy),
    disabledServers: new DisabledServersFile({
      file: home.disabled,
      clock: systemClock,
      warn: init.warn,
      disabledBySettings: () => settings.effective().disabledServers,
    }),
    logDir: home.logs,
    env: liveEnv,
    interactive: init.interactive,
    roots,
    serverRequests,
    saveToolOutput: outputFiles.save,
    oauth,
    toolCache,
    sandbox,
    trustReadOnlyHints: () => settings.effective().trustReadOnlyHints,
  });
  // Even on a hard exit no server process may outlive us, wrappers' children included.
  init.onExit?.(() => manager.killAllServerProcessGroups());
  const sandboxMode = new Store(options.sandbox ?? false);
  const builtins = builtinTools(
    { env: liveEnv, sandbox: { enabled: sandboxMode, host: sandbox }, background },
    init.askUser,
  );
  const agents = findSessionAgents({
    cwd,
    userHome,
    miniCcHome: home.root,
    flags: options.agents ?? [],
    mainAgent: options.agent,
    builtinNames: builtins.flatMap((tool) => [tool.name, ...(tool.aliases ?? [])]),
    warn: init.warn,
  });
  const system = new SystemContext({
    cwd,
    userHome,
    clock: systemClock,
    mcpInstructions: () => manager.instructionsSection(),
    ...systemPromptOf(options.systemPrompt ?? agents.main?.prompt),
    ...(options.appendSystemPrompt !== undefined ? { appendSystemPrompt: options.appendSystemPrompt } : {}),
  });
  // The MCP section of the system prompt follows the servers: rebuild it when their tools or instructions change.
  manager.subscribe((next, prev) => {
    if (
      next.servers.length !== prev.servers.length ||
      next.servers.some((s, i) => connectedPart(s) !== connectedPart(prev.servers[i]))
    ) {
      system.invalidate();
    }
  });
  const resourceTools = mcpResourceTools(manager, liveEnv);
  const toolSearch = toolSearchSetting(env);
  // Background connects held back for the first request (print mode) start once it is out.
  const models = new ModelChoice({
    initial: model,
    // The same flags (--thinking, --include-partial-messages) for a model chosen later.
    create: (name) =>
      createModel({
        env,
        model: name,
        ...(options.thinking ? { thinking: true } : {}),
        ...(options.includePartialMessages ? { rawEvents: true } : {}),
      }),
    onFirstRequest: () => manager.releaseBackground(),
  });
  const recorder = new SessionRecorder({
    projectsRoot: home.projects,
    cwd,
    sessionId,
    model: () => models.current.name,
    warn: init.warn,
  });
  const running = await startSessionAgents(
    agents,
    {
      model: models.agentModel,
      modelFor: (id) =>
        model instanceof ScriptedModel ? Promise.resolve(models.agentModel) : createModel({ env, model: id }),
      parentTools: () => tools(),
      permissions,
      ask: init.ask,
      cwd,
      userHome,
      clock: systemClock,
      servers: managedAgentServers(manager),
      record: recorder.record,
    },
    init.warn,
  );
  // A tool every call of which a deny rule refuses is not offered at all (it would only waste the model's context).
  const tools = (): readonly Tool[] =>
    running
      .offered(builtins, [...resourceTools.offered(), ...manager.tools()])
      .filter((tool) => !permissions.deniesEveryCall(tool));
  if (agents.main?.model && options.model === undefined && !(model instanceof ScriptedModel))
    await models.choose(agents.main.model);
  const pct = autoCompactPct(env["MINI_CC_AUTOCOMPACT_PCT"]);
  if (typeof pct !== "number") init.warn(pct.problem);
  const hooks = startSessionHooks({
    hooks: settings.runnableHooks,
    cwd,
    env: liveEnv,
    sessionId: () => recorder.id,
    transcriptPath: () => recorder.file,
    permissionMode: () => permissions.mode.getSnapshot(),
    // In the TUI, once the shared file's question is answered: its hooks may be among them.
    after: init.interactive ? settings.whenAnswered() : Promise.resolve(),
    source: restored ? "resume" : "startup",
    say: init.warn,
  });
  const autoBackground = autoBackgroundMs(env["MINI_CC_MCP_AUTO_BACKGROUND_MS"]);
  if (typeof autoBackground !== "number") init.warn(autoBackground.problem);
  const agent = new Agent({
    hooks,
    detaching: {
      background,
      clock: systemClock,
      autoBackgroundMs: typeof autoBackground === "number" ? autoBackground : AUTO_BACKGROUND_MS,
    },
    reminders: () => endingReminders(background, systemClock.now()),
    model: models.agentModel,
    tools,
    permissions,
    ask: init.ask,
    system,
    cwd,
    maxRounds: options.maxTurns,
    toolSearch,
    record: recorder.record,
    ...(typeof pct === "number" ? { autoCompactPct: pct } : {}),
  });
  const setModel = async (name: string, save = true): Promise<void> => {
    await models.choose(name);
    // The model's own name: an alias (`/model opus`) is saved as the model it chose.
    if (save) recorder.record({ type: "model", model: models.current.name });
  };
  if (restored) {
    agent.restore(() => restored.entries);
    recorder.continueIn(restored);
    // The session's own model, unless one was chosen for this run.
    if (
      restored.model &&
      restored.model !== model.name &&
      !(model instanceof ScriptedModel) &&
      options.model === undefined &&
      !env["ANTHROPIC_MODEL"]
    ) {
      await setModel(restored.model, false);
    }
  }
  const serverOf = (name: string) => tools().find((tool) => tool.name === name)?.server;

  return {
    get sessionId() {
      return recorder.id;
    },
    restored,
    modelName: models.name,
    setModel: (name) => setModel(name),
    listSessions: () => listProjectSessions(home.projects, cwd),
    resume(id) {
      const file = findSessionFile(home.projects, cwd, id);
      if (!file) throw new MiniCcError("usage", `no saved session ${id}`);
      const saved = readChecked(file, id, cwd, init.warn);
      agent.load(saved.entries);
      recorder.continueIn(saved);
      return saved;
    },
    contextLines: () => {
      const use = agent.contextUse();
      const lines = contextLines(
        contextBreakdown(agent.nextRequest(), serverOf, use.windowTokens, use.thresholdTokens),
      );
      return [...lines, ...subagentContextLines(recorder.subagentUsage.totals())];
    },
    contextUse: () => agent.contextUse(),
    costLines: () => costLines(recorder.usage.totals(), recorder.subagentUsage.totals()),
    agentLines: () => agentLines(agents.definitions, { cwd, userHome }),
    resumeHint: () => (recorder.saved ? `Resume this session with: mini-cc --resume ${recorder.id}` : undefined),
    home,
    get config() {
      return config;
    },
    model,
    manager,
    sandbox,
    sandboxMode,
    background,
    approvals,
    permissions,
    agent,
    tools,
    settings,
    customCommands: custom.commands,
    agents: agents.definitions,
    runTurn: (line, signal) =>
      recordedTurn(
        {
          recorder,
          agent,
          manager,
          env: liveEnv,
          customCommands: custom.commands,
          cwd,
          folders: () => permissions.scope,
        },
        line,
        signal,
      ),
    async addDir(dir) {
      await checkAddDir(cwd, dir);
      permissions.addDir(dir);
      addDirs.push(dir);
      // Servers that asked for roots hear roots/list_changed.
      roots.setFolders(addDirs);
    },
    startServers: (connect) => manager.start(config.servers, connect),
    listServers: () => manager.list(config.servers),
    async applyApprovedSettings() {
      const now = settings.effective();
      Object.assign(liveEnv, now.env);
      for (const dir of await existingDirs(now.additionalDirectories, init.warn)) {
        if (addDirs.includes(dir)) continue;
        permissions.addDir(dir);
        addDirs.push(dir);
      }
      roots.setFolders(addDirs);
      if (options.permissionMode === "default" && now.defaultMode) permissions.mode.update(() => now.defaultMode!);
      config = await loadConfig();
      await manager.list(config.servers);
    },
    connectServers: () => manager.connectListed(),
    close: async () => {
      await sessionEdge(hooks, { end: init.interactive ? "prompt_input_exit" : "other" }, init.warn);
      recorder.close();
      running.release();
      // Nothing started in the background outlives the session (the TUI asks at /exit first).
      await Promise.all([manager.close(), cleanOldOutput, background.stopAll("exit")]);
      // After the servers: its proxies outlive no sandboxed process.
      await sandbox.close();
    },
  };
}

/** The --permission-mode flag, else a settings file's defaultMode. */
function modeFrom(flag: PermissionMode, settings: SettingsSession): PermissionMode {
  return flag === "default" ? (settings.effective().defaultMode ?? flag) : flag;
}

/** What of a server's state the system prompt depends on. */
function connectedPart(server: ServerView | undefined) {
  const status = server?.state.status;
  return status === "connected" || status === "cached" ? server?.state : undefined;
}

function systemPromptOf(prompt: string | undefined): { systemPrompt?: string } {
  return prompt === undefined ? {} : { systemPrompt: prompt };
}
