/**
 * createRuntime's MCP step (runtime.ts): the declared servers read, and the
 * manager that runs them with everything it keeps on disk (approvals,
 * switched-off servers, tokens, cached tool lists, saved output), the roots
 * and the sandbox.
 */
import type { Clock } from "../clock.ts";
import { loadMcpConfig, type LoadedConfig } from "../config/load.ts";
import type { HomePaths } from "../home.ts";
import { ApprovalsFile } from "../mcp/approvals/approvals.ts";
import { DisabledServersFile } from "../mcp/approvals/disabled-servers.ts";
import { OAuthStore } from "../mcp/connection/oauth/token-store.ts";
import { McpManager } from "../mcp/manager.ts";
import { serverActions } from "../mcp/server-actions.ts";
import type { ServerRequestHandlers } from "../mcp/requests/server-requests.ts";
import { RootsStore } from "../mcp/requests/roots.ts";
import { ToolCacheFiles } from "../mcp/tools/cache.ts";
import type { ToolOutputFiles } from "../mcp/tools/output-files.ts";
import type { StartedTask } from "../mcp/manager-options.ts";
import { SandboxHost } from "../sandbox/sandbox-host.ts";
import { enabledBySettings } from "../settings/settings-servers.ts";
import { managedServerPolicy } from "../settings/server-policy.ts";
import type { RuntimeOptions } from "./runtime-api.ts";
import type { SettingsParts } from "./runtime-settings.ts";
import { checkAddDir, existingDirs } from "./startup-checks.ts";
import type { Store } from "../store.ts";

export interface McpParts {
  /** The servers as the user drives them (the TUI). */
  readonly actions: ReturnType<typeof serverActions>;
  readonly approvals: ApprovalsFile;
  readonly roots: RootsStore;
  readonly sandbox: SandboxHost;
  readonly manager: McpManager;
}

export interface McpStepInputs {
  readonly home: HomePaths;
  readonly userHome: string;
  readonly clock: Clock;
  readonly settings: SettingsParts;
  readonly serverRequests: ServerRequestHandlers | undefined;
  readonly outputFiles: ToolOutputFiles;
  /** A call was answered with an MCP task: the session records it, so a resume can say the task was left running. */
  readonly onTaskStarted: (task: StartedTask) => void;
  readonly onTaskEnded: (task: StartedTask) => void;
}

/** Reads the declared servers (their problems and warnings said); again once the shared settings file is approved. */
export function configLoader(
  init: RuntimeOptions,
  home: HomePaths,
  settings: SettingsParts,
): () => Promise<LoadedConfig> {
  return async () => {
    const loaded = await loadMcpConfig({
      cwd: init.cwd,
      home,
      env: settings.liveEnv,
      extra: init.options.mcpConfig,
      strict: init.options.strictMcpConfig,
      managedFile: settings.policy.mcpFile,
    });
    for (const message of [...loaded.problems, ...loaded.warnings]) init.warn(message);
    return loaded;
  };
}

export function mcpParts(init: RuntimeOptions, inputs: McpStepInputs): McpParts {
  const { cwd, env, warn } = init;
  const { home, clock } = inputs;
  const { policy, settings, liveEnv, addDirs } = inputs.settings;
  const approvals = new ApprovalsFile({
    file: home.approvals,
    clock,
    warn,
    enabledBySettings: (name) => enabledBySettings(settings.effective(), name),
  });
  const roots = new RootsStore(cwd, addDirs);
  const sandbox = new SandboxHost({ projectDir: cwd, home: inputs.userHome, miniCcHome: home.root, env });
  const oauth = new OAuthStore({ file: home.oauth, clock, warn });
  const manager = new McpManager({
    projectDir: cwd,
    approvals,
    ...managedServerPolicy(policy),
    disabledServers: new DisabledServersFile({
      file: home.disabled,
      clock,
      warn,
      disabledBySettings: () => settings.effective().disabledServers,
    }),
    logDir: home.logs,
    env: liveEnv,
    interactive: init.interactive,
    roots,
    serverRequests: inputs.serverRequests,
    saveToolOutput: inputs.outputFiles.save,
    oauth,
    // Servers seen before are offered from their cached tool lists while they start (or, lazy, until first used).
    toolCache: new ToolCacheFiles({ dir: home.toolCache, projectDir: cwd, clock, warn }),
    sandbox,
    trustReadOnlyHints: () => settings.effective().trustReadOnlyHints,
    onTaskStarted: inputs.onTaskStarted,
    onTaskEnded: inputs.onTaskEnded,
  });
  // Even on a hard exit no server process may outlive us, wrappers' children included.
  init.onExit?.(() => manager.killAllServerProcessGroups());
  const logDir = home.logs;
  const actions = serverActions({
    manager,
    approvals,
    sandbox,
    projectDir: cwd,
    logDir,
    userHome: inputs.userHome,
    env,
    oauth,
  });
  return { actions, approvals, roots, sandbox, manager };
}

/** `/add-dir`: the file tools may use the folder, and servers that asked for roots hear roots/list_changed. */
export async function addDir(init: RuntimeOptions, settings: SettingsParts, mcp: McpParts, dir: string): Promise<void> {
  await checkAddDir(init.cwd, dir);
  settings.permissions.addDir(dir);
  settings.addDirs.push(dir);
  mcp.roots.setFolders(settings.addDirs);
}

/** The approved shared settings apply: their env, folders and default mode, and the servers they enable. */
export async function applyApprovedSettings(
  init: RuntimeOptions,
  settings: SettingsParts,
  mcp: McpParts,
  { config, loadConfig }: { config: Store<LoadedConfig>; loadConfig: () => Promise<LoadedConfig> },
): Promise<void> {
  const { permissions, addDirs } = settings;
  const now = settings.settings.effective();
  Object.assign(settings.liveEnv, now.env);
  for (const dir of await existingDirs(now.additionalDirectories, init.warn)) {
    if (addDirs.includes(dir)) continue;
    permissions.addDir(dir);
    addDirs.push(dir);
  }
  mcp.roots.setFolders(addDirs);
  if (init.options.permissionMode === "default" && now.defaultMode) permissions.mode.update(() => now.defaultMode!);
  const loaded = await loadConfig();
  config.update(() => loaded);
  await mcp.manager.list(loaded.servers);
}
