/**
 * What every `mini-cc mcp` subcommand is given and how it declares itself:
 * the injected io (cwd, env, home directory, output), the config editor and
 * approvals store built from them, and the shared -s/--scope option.
 */
import { homedir } from "node:os";
import { resolve } from "node:path";
import { systemClock, type Clock } from "../../clock.ts";
import { McpConfigEditor } from "../../config/editor.ts";
import { WRITABLE_SCOPES, type WritableScope } from "../../config/scope-files.ts";
import { resolveHome, type HomePaths } from "../../home.ts";
import { ApprovalsFile } from "../../mcp/approvals/approvals.ts";
import { McpManager } from "../../mcp/manager.ts";
import { DisabledServersFile } from "../../mcp/approvals/disabled-servers.ts";
import { OAuthStore } from "../../mcp/connection/oauth/token-store.ts";
import type { TransportFactory } from "../../mcp/connection/transports.ts";
import { oneOf } from "../one-of.ts";
import { lastValue, type OptionSpec, type ParsedArgs, type ParseOptions } from "./arg-parser.ts";
import type { ServerLogPlaces } from "../../mcp/logs/log-hint.ts";
import { terminalSafeText } from "../../text/terminal-safe.ts";
import type { Env } from "../../env.ts";
import { SandboxHost } from "../../sandbox/sandbox-host.ts";
import {
  effectiveSettings,
  loadSettings,
  type EffectiveSettings,
  type LoadedSettings,
} from "../../settings/project-settings.ts";
import { enabledBySettings } from "../../settings/settings-servers.ts";
import { SettingsApprovalsFile } from "../../settings/settings-trust.ts";
import { MiniCcError } from "../../errors.ts";
import type { ServerEntry } from "../../config/types.ts";
import { loadManagedPolicy, managedDir, type ManagedPolicy } from "../../settings/managed-policy.ts";
import { managedServerPolicy, serverPolicy } from "../../settings/server-policy.ts";

/** The outside world as `runMcpCommand` sees it; the CLI passes the real process's. */
export interface McpCommandIo {
  readonly cwd: string;
  readonly env: Env;
  /** The user's home directory (the mini-cc home is `<homedir>/.mini-cc` unless MINI_CC_HOME is set); defaults to os.homedir(). */
  readonly homedir?: string | undefined;
  stdout(text: string): void;
  stderr(text: string): void;
  /** Stamps approvals; defaults to the system clock. */
  readonly clock?: Clock;
  /** Transports for `mcp list` and `mcp get`; defaults to the real stdio / http / sse ones. */
  readonly transportFactory?: TransportFactory;
  /**
   * Registers a synchronous last-chance cleanup that kills the servers
   * `mcp list` and `mcp get` start if the process ends early (exit, SIGINT,
   * SIGTERM): they run in their own process groups, so a Ctrl-C at the
   * terminal does not reach them.
   */
  readonly onExit?: (cleanup: () => void) => void;
  /** All of standard input, for `mcp add-json NAME -`; without it, stdin reads as empty. */
  readonly readStdin?: () => Promise<string>;
  /** Asks one question on the terminal and returns the answer; absent when stdin is not a terminal. */
  readonly prompt?: (question: string, signal?: AbortSignal) => Promise<string>;
  /** Which desktop app paths apply (Claude Desktop's config); defaults to process.platform. */
  readonly platform?: NodeJS.Platform;
}

/** Everything a subcommand works with, built once per run. */
export class McpCommandContext {
  readonly io: McpCommandIo;
  /** The current directory, absolute: the project whose `.mcp.json` and approvals apply. */
  readonly projectDir: string;
  readonly home: HomePaths;
  /** Where server logs are, and the user's home directory that paths under it are shown from as `~`. */
  readonly logPlaces: ServerLogPlaces;
  readonly editor: McpConfigEditor;
  readonly approvals: ApprovalsFile;
  /** The servers switched off per project (`mcp disable`). */
  readonly disabled: DisabledServersFile;
  /** OAuth tokens and client registrations by server URL. */
  readonly oauth: OAuthStore;
  /** The one clock the command reads: the io's, else the system's. */
  readonly clock: Clock;
  /** Where sandboxed servers run when a command connects them; closed when the command ends. */
  readonly sandbox: SandboxHost;
  /** Which shared settings files the user approved (`mcp approve --settings`). */
  readonly settingsApprovals: SettingsApprovalsFile;
  #settings: Promise<LoadedSettings> | undefined;
  #effective: EffectiveSettings | undefined;

  #policy: Promise<ManagedPolicy> | undefined;

  constructor(io: McpCommandIo) {
    this.io = io;
    this.clock = io.clock ?? systemClock;
    this.projectDir = resolve(io.cwd);
    const userHome = io.homedir ?? homedir();
    this.home = resolveHome(io.env, userHome);
    this.logPlaces = { logDir: this.home.logs, userHome };
    this.editor = new McpConfigEditor({ cwd: this.projectDir, home: this.home });
    this.oauth = new OAuthStore({ file: this.home.oauth, clock: this.clock, warn: (message) => this.warn(message) });
    this.settingsApprovals = new SettingsApprovalsFile(this.home.settingsApprovals, this.clock, (message) =>
      this.warn(message),
    );
    // As a session counts them: servers a trusted settings file enables are approved, ones it disables are off.
    this.approvals = new ApprovalsFile({
      file: this.home.approvals,
      clock: this.clock,
      warn: (message) => this.warn(message),
      enabledBySettings: async (name) => enabledBySettings(await this.effectiveSettings(), name),
    });
    this.disabled = new DisabledServersFile({
      file: this.home.disabled,
      clock: this.clock,
      warn: (message) => this.warn(message),
      disabledBySettings: async () => (await this.effectiveSettings()).disabledServers,
    });
    this.sandbox = new SandboxHost({
      projectDir: this.projectDir,
      home: userHome,
      miniCcHome: this.home.root,
      env: io.env,
    });
  }

  /** The four settings files and whether the shared one is approved, read once per command. */
  settings(): Promise<LoadedSettings> {
    this.#settings ??= loadSettings(
      { cwd: this.projectDir, userHome: this.logPlaces.userHome, miniCcHome: this.home.root },
      this.settingsApprovals,
    );
    return this.#settings;
  }

  /** What the settings files say now, as a session reads them. */
  async effectiveSettings(): Promise<EffectiveSettings> {
    this.#effective ??= effectiveSettings(await this.settings());
    return this.#effective;
  }

  /**
   * A non-interactive McpManager, as print mode builds it: unapproved project
   * servers are kept off, never asked about, and what managed policy refuses
   * never starts. Its servers are killed if the process ends before the caller closes it.
   */
  createManager(policy: ManagedPolicy): McpManager {
    const manager = new McpManager({
      ...managedServerPolicy(policy),
      projectDir: this.projectDir,
      approvals: this.approvals,
      disabledServers: this.disabled,
      logDir: this.home.logs,
      env: this.io.env,
      interactive: false,
      oauth: this.oauth,
      sandbox: this.sandbox,
      ...(this.io.transportFactory ? { transportFactory: this.io.transportFactory } : {}),
    });
    this.io.onExit?.(() => manager.killAllServerProcessGroups());
    return manager;
  }

  /** The organisation's managed policy, read once. */
  managedPolicy(): Promise<ManagedPolicy> {
    return (this.#policy ??= loadManagedPolicy(managedDir(this.io.env)));
  }

  /** Refuses (MiniCcError) a server managed policy would never start: `mcp add` then writes nothing. */
  async checkPolicy(name: string, entry: ServerEntry): Promise<void> {
    const refused = serverPolicy(await this.managedPolicy())?.({ name, source: "user", entry });
    if (refused !== undefined) throw new MiniCcError("command-failed", `${name} is ${refused}: nothing was written`);
  }

  /** Writes one line to stdout; names, commands and reasons from configs and servers in it cannot drive the terminal. */
  print(line = ""): void {
    this.io.stdout(`${terminalSafeText(line)}\n`);
  }

  /** Writes JSON to stdout as it is: JSON.stringify already escapes every control character. */
  printJson(json: string): void {
    this.io.stdout(`${json}\n`);
  }

  /** Writes one line to stderr, made terminal-safe like print's. */
  warn(line: string): void {
    this.io.stderr(`${terminalSafeText(line)}\n`);
  }
}

/** One `mini-cc mcp` subcommand: its usage, its options, and what it does with them. */
export interface McpSubcommand {
  readonly name: string;
  /** One line for the `mini-cc mcp --help` list. */
  readonly summary: string;
  /** Printed by --help and after a usage error. */
  readonly usage: string;
  readonly options: readonly OptionSpec[];
  readonly parse?: ParseOptions;
  /** Returns the exit status; throws MiniCcError: "usage" (exit 2), any other code (exit 1). */
  run(args: ParsedArgs, context: McpCommandContext): Promise<number>;
}

/** `-s, --scope local|project|user`. */
export const SCOPE_OPTION: OptionSpec = { long: "scope", short: "s", value: true };

/** The scope given with -s, if any; an unknown one is a usage error. */
export function scopeOption(args: ParsedArgs): WritableScope | undefined {
  const value = lastValue(args, "scope");
  return value === undefined ? undefined : oneOf("scope", value, WRITABLE_SCOPES);
}

/** "local config", "project config", "user config": how messages name a scope. */
export function scopeLabel(scope: WritableScope): string {
  return `${scope} config`;
}
