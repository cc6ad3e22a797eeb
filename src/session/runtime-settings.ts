/**
 * createRuntime's first steps (runtime.ts): what the user typed is checked
 * before anything starts, then the settings files are read and the
 * permission chain is made from them and the flags; their hooks start once
 * the session has a recorder.
 */
import type { PermissionMode } from "../agent/events.ts";
import { PermissionChain } from "../agent/permissions.ts";
import { loadShellParser } from "../agent/shell-parser.ts";
import type { Clock } from "../clock.ts";
import { parseMcpConfigArg } from "../config/mcp-config-arg.ts";
import type { HomePaths } from "../home.ts";
import { startSessionHooks } from "../hooks/turn-hooks.ts";
import { createModel } from "../model/default-model.ts";
import type { Model } from "../model/model.ts";
import { loadManagedPolicy, managedDir, type ManagedPolicy } from "../settings/managed-policy.ts";
import { settingsMessages, unapprovedSettingsLine } from "../settings/project-settings.ts";
import { SettingsSession } from "../settings/settings-session.ts";
import { SettingsApprovalsFile } from "../settings/settings-trust.ts";
import type { RuntimeOptions } from "./runtime-api.ts";
import { asUsageError, checkAddDir, existingDirs } from "./startup-checks.ts";

/** A bad script, --mcp-config value or --add-dir is a usage error (exit 2), and no server runs. */
export async function checkedModel(init: RuntimeOptions): Promise<Model> {
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
  return model;
}

/** The settings as they apply, the permission chain made from them, and what follows from both. */
export interface SettingsParts {
  readonly policy: ManagedPolicy;
  readonly settings: SettingsSession;
  readonly permissions: PermissionChain;
  /** Settings' env over mini-cc's: what tools and servers get (kept, so an approval given later still applies). */
  readonly liveEnv: Record<string, string | undefined>;
  /** --add-dir folders, then the settings' additionalDirectories that exist. */
  readonly addDirs: string[];
}

/** Reads the settings files (the managed policy's first) and makes the chain; a bad tool rule is a usage error. */
export async function loadSettingsParts(
  init: RuntimeOptions,
  { home, userHome, clock }: { home: HomePaths; userHome: string; clock: Clock },
): Promise<SettingsParts> {
  const { options, cwd, env } = init;
  const policy = await loadManagedPolicy(managedDir(env));
  for (const problem of policy.problems) init.warn(problem);
  const settings = await SettingsSession.load(
    { cwd, userHome, miniCcHome: home.root },
    new SettingsApprovalsFile(home.settingsApprovals, clock, init.warn),
    policy.settings,
  );
  for (const message of settingsMessages(settings.loaded)) init.warn(message);
  if (!init.interactive && settings.question.getSnapshot())
    init.warn(unapprovedSettingsLine(settings.loaded.shared, cwd));
  // The bash parser loads (about 50 ms) only for rules that look inside commands.
  const rules = [
    ...options.allowedTools,
    ...options.disallowedTools,
    ...settings.loaded.files.flatMap((f) => f.rules.map((r) => r.rule)),
  ];
  const shell = rules.some((rule) => rule.includes("(")) ? await loadShellParser() : undefined;
  const addDirs = [...options.addDirs, ...(await existingDirs(settings.effective().additionalDirectories, init.warn))];
  const permissions = await asUsageError(
    async () =>
      new PermissionChain({
        shell,
        mode: modeFrom(options.permissionMode, settings),
        allow: options.allowedTools,
        deny: options.disallowedTools,
        rules: settings.chainRules(),
        cwd,
        addDirs: [...addDirs],
        canAsk: init.interactive,
        readableByRead: [home.toolOutput],
      }),
  );
  settings.attach(permissions);
  return { policy, settings, permissions, liveEnv: { ...env, ...settings.effective().env }, addDirs };
}

/** The --permission-mode flag, else a settings file's defaultMode. */
function modeFrom(flag: PermissionMode, settings: SettingsSession): PermissionMode {
  return flag === "default" ? (settings.effective().defaultMode ?? flag) : flag;
}

/** The settings' hooks, told the session's id, transcript and mode. */
export function sessionHooks(
  init: RuntimeOptions,
  { settings, permissions, liveEnv }: SettingsParts,
  recorder: { readonly id: string; readonly file: string },
  resumed: boolean,
) {
  return startSessionHooks({
    hooks: settings.runnableHooks,
    cwd: init.cwd,
    env: liveEnv,
    sessionId: () => recorder.id,
    transcriptPath: () => recorder.file,
    permissionMode: () => permissions.mode.getSnapshot(),
    // In the TUI, once the shared file's question is answered: its hooks may be among them.
    after: init.interactive ? settings.whenAnswered() : Promise.resolve(),
    source: resumed ? "resume" : "startup",
    say: init.warn,
  });
}
