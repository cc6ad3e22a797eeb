/**
 * One session's sandbox: whether it can run (availability.ts, asked once),
 * and for each sandboxed server or command its profile (profile.ts), its
 * own temp folder, the wrapped command line, and what the runtime blocked,
 * routed back to it (violations.ts). The runtime (runtime.ts) loads on the
 * first launch; close() ends it with the session and removes the temp folders.
 * The mount points a launch creates in the user's folders are recorded first,
 * and those a killed run left are removed at the next start (mount-points.ts).
 * Light on purpose: the session makes one before the first frame.
 */
import { randomBytes } from "../on-demand-crypto.ts";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { SandboxOptions } from "../config/sandbox-field.ts";
import { MiniCcError, isMiniCcError, errorText } from "../errors.ts";
import { checkSandbox, unavailableText, type SandboxAvailability } from "./availability.ts";
import { buildProfile, type SandboxProfile } from "./profile.ts";
import { npxCachedCommand } from "./npx-cache.ts";
import { acquireRuntime, releaseRuntime, type SandboxRuntime } from "./runtime.ts";
import { absentBindTargets, forgetMountPoints, recordMountPoints, removeDeadRunsMountPoints } from "./mount-points.ts";
import { blockedText, parseViolationLine, SandboxViolationsStore, writeAllowed, type Blocked } from "./violations.ts";

import type { Env } from "../env.ts";

export interface SandboxHostOptions {
  readonly projectDir: string;
  readonly home: string;
  /** MINI_CC_HOME: denied to every sandboxed process. */
  readonly miniCcHome: string;
  /** mini-cc's environment. */
  readonly env: Env;
  /** Replaces the real check (tests of the unavailable path). */
  readonly check?: () => Promise<SandboxAvailability>;
}

/** What to spawn for one sandboxed command, and how to end it. */
export interface SandboxLaunch {
  readonly command: string;
  readonly args: readonly string[];
  readonly env: Readonly<Record<string, string>>;
  readonly profile: SandboxProfile;
  /** What was blocked during this launch, as log lines, in order. */
  readonly blocked: readonly string[];
  /** Records a refusal found outside the runtime (a read or write the server reported failing); its line, or undefined when the profile allows it after all. */
  note(blocked: Blocked): string | undefined;
  /** Called with each new line (the transport writes it to the server's log). */
  onBlocked?: (line: string) => void;
  /** Forgets its network list and its temp folder; call once the process is gone. */
  dispose(): void;
}

/** A command ready to wrap: the program and its arguments, and the entry's own variables. */
export interface SandboxCommand {
  readonly command: string;
  readonly args: readonly string[];
  readonly entryEnv?: Readonly<Record<string, string>>;
}

/** Quotes a word for sh. */
function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

export class SandboxHost {
  readonly #options: SandboxHostOptions;
  #availability: Promise<SandboxAvailability> | undefined;
  #runtime: Promise<SandboxRuntime> | undefined;
  #unsubscribe: (() => void) | undefined;
  /** Launches by the runtime's attribution key (base64 of the command id). */
  readonly #launches = new Map<string, { name: string; launch: MutableLaunch }>();
  readonly #seen = new WeakSet<object>();
  #closed = false;
  /** `<MINI_CC_HOME>/sandbox-mounts`: each process's mount points (mount-points.ts). */
  readonly #mountRecords: string;
  /** Removing what a run killed before its clean-up left behind; launches wait for it. */
  readonly #leftoversRemoved: Promise<void>;
  /** What each server had blocked this session: the panel's counts. */
  readonly violations = new SandboxViolationsStore();

  constructor(options: SandboxHostOptions) {
    this.#options = options;
    this.#mountRecords = join(options.miniCcHome, "sandbox-mounts");
    this.#leftoversRemoved = removeDeadRunsMountPoints(this.#mountRecords).catch(() => {});
  }

  get projectDir(): string {
    return this.#options.projectDir;
  }

  /** Whether sandboxed launches can work here; asked once per host. */
  availability(): Promise<SandboxAvailability> {
    this.#availability ??= (this.#options.check ?? (() => checkSandbox(this.#options.env)))();
    return this.#availability;
  }

  /**
   * A sandboxed launch of `command` for `name` (a server, or "Bash"); `keep.env`:
   * the environment to keep instead of the profile's reduced one (a child
   * environment already: child-env.ts). Rejects
   * with sandbox-unavailable where the sandbox cannot run (never runs it
   * unconfined), invalid-entry for a refused path, sandbox-failed when the
   * runtime cannot start.
   */
  async launch(
    name: string,
    command: SandboxCommand,
    options: SandboxOptions,
    keep: { env?: Readonly<Record<string, string>> } = {},
  ): Promise<SandboxLaunch> {
    if (this.#closed) throw new MiniCcError("sandbox-failed", "the session is closing");
    const availability = await this.availability();
    if (!availability.available) throw new MiniCcError("sandbox-unavailable", unavailableText(availability));
    const tempDir = mkdtempSync(join(tmpdir(), "mini-cc-sandbox-"));
    let profile: SandboxProfile;
    try {
      profile = buildProfile(options, command.entryEnv ?? {}, { ...this.#options, tempDir });
      // A Bash command keeps the session's environment (as child-env.ts made it for Bash), as Claude Code's sandbox does.
      if (keep.env) profile = { ...profile, env: { ...keep.env, TMPDIR: tempDir, TMP: tempDir, TEMP: tempDir } };
    } catch (error) {
      rmSync(tempDir, { recursive: true, force: true });
      throw error;
    }
    const commandId = randomBytes(16).toString("base64url");
    const key = Buffer.from(commandId).toString("base64");
    let runtime: SandboxRuntime;
    let wrapped: string;
    try {
      runtime = await this.#start();
      // The runtime sets its own shared TMPDIR inside; the server's own folder goes over it.
      const temp = shellWord(tempDir);
      const run = npxCachedCommand(command.command, command.args, profile.env, this.#options.home) ?? command;
      const inner = `export TMPDIR=${temp} TMP=${temp} TEMP=${temp}; exec ${[run.command, ...run.args].map(shellWord).join(" ")}`;
      wrapped = await runtime.wrapWithSandbox(
        inner,
        "sh",
        {
          filesystem: {
            denyRead: [...profile.denyRead],
            allowRead: [...profile.allowRead],
            allowWrite: [...profile.allowWrite],
            denyWrite: [...profile.denyWrite],
          },
          network: { allowedDomains: [...profile.allowedDomains], deniedDomains: [] },
        },
        undefined,
        { commandId, commandText: `${name}: ${command.command}` },
      );
      if (profile.allowedDomains.length > 0)
        runtime.registerCommandNetworkLists(commandId, { allowedDomains: [...profile.allowedDomains] });
      // Before bubblewrap creates them: a mini-cc killed meanwhile leaves them to the next start to remove.
      await this.#leftoversRemoved;
      await recordMountPoints(this.#mountRecords, absentBindTargets(wrapped), Date.now()).catch(() => {});
    } catch (error) {
      rmSync(tempDir, { recursive: true, force: true });
      if (isMiniCcError(error)) throw error;
      throw new MiniCcError("sandbox-failed", `the sandbox could not start: ${errorText(error)}`);
    }
    const home = this.#options.home;
    const launch: MutableLaunch = {
      command: "/bin/sh",
      args: ["-c", wrapped],
      env: profile.env,
      profile,
      blocked: [],
      note: (blocked) => this.#record(name, launch, blocked, home),
      dispose: () => {
        this.#launches.delete(key);
        runtime.unregisterCommandNetworkLists(commandId);
        rmSync(tempDir, { recursive: true, force: true });
      },
    };
    this.#launches.set(key, { name, launch });
    this.violations.launched(name);
    return launch;
  }

  #record(name: string, launch: MutableLaunch, blocked: Blocked, home: string): string | undefined {
    if (blocked.kind === "write" && writeAllowed(blocked.target, launch.profile)) return undefined;
    const line = blockedText(blocked, launch.profile, home);
    if (launch.blocked.includes(line)) return line;
    launch.blocked.push(line);
    this.violations.add(name, line);
    launch.onBlocked?.(line);
    return line;
  }

  /** The runtime, started once, its violations routed to the launch they belong to. */
  #start(): Promise<SandboxRuntime> {
    this.#runtime ??= acquireRuntime().then(
      (runtime) => {
        const store = runtime.getSandboxViolationStore();
        this.#unsubscribe = store.subscribe((all) => {
          for (const violation of all) {
            if (this.#seen.has(violation)) continue;
            this.#seen.add(violation);
            const owner = violation.encodedCommand ? this.#launches.get(violation.encodedCommand) : undefined;
            const blocked = parseViolationLine(violation.line);
            if (owner && blocked) this.#record(owner.name, owner.launch, blocked, this.#options.home);
          }
        });
        return runtime;
      },
      (error: unknown) => {
        this.#runtime = undefined;
        throw error;
      },
    );
    return this.#runtime;
  }

  /** Ends the runtime's proxies (once no other host holds them) and forgets every launch. */
  async close(): Promise<void> {
    this.#closed = true;
    const started = this.#runtime;
    this.#runtime = undefined;
    await this.#leftoversRemoved;
    if (!started) return;
    this.#unsubscribe?.();
    for (const { launch } of [...this.#launches.values()]) launch.dispose();
    // The runtime removes its mount points as it ends: nothing of this process's is left to clean up.
    if (
      (await started.then(
        () => true,
        () => false,
      )) &&
      (await releaseRuntime())
    )
      await forgetMountPoints(this.#mountRecords).catch(() => {});
  }
}

type MutableLaunch = SandboxLaunch & { blocked: string[] };
