/**
 * One session's settings: what applies now, the shared file's question while
 * it waits for the user, and the rules "don't ask again" and `/permissions`
 * write and remove. The permission chain is told whenever the rules change.
 */
import type { ChainRule, ListedRule, PermissionChain } from "../agent/permissions.ts";
import { MiniCcError } from "../errors.ts";
import { type ReadableStore, Store } from "../store.ts";
import {
  chainRules,
  effectiveSettings,
  loadSettings,
  settingsPaths,
  type EffectiveSettings,
  type LoadedSettings,
  type SettingsPlaces,
  type SharedSettingsTrust,
} from "./project-settings.ts";
import type { SettingsApprovalsFile } from "./settings-trust.ts";
import { addSettingsRule, removeSettingsRule } from "./settings-rules-editor.ts";
import type { SettingsFile } from "./settings-file.ts";
import type { HookCommand } from "../hooks/hook-config.ts";
import { listHooks, runnableHooks, type ListedHook } from "./hook-trust.ts";

/** The shared file waiting for the user's answer. */
export interface PendingSettings extends SharedSettingsTrust {
  readonly status: "new" | "changed";
}

/** The settings files as the screen works with them: the shared file's question, rules remembered and removed. */
export interface SettingsActions {
  /** The project folder, to show files relative to it. */
  readonly cwd: string;
  /** The shared `.claude/settings.json` while it waits for an answer (asked before any other question). */
  readonly question: ReadableStore<PendingSettings | undefined>;
  answer(approve: boolean): Promise<void>;
  /** "Yes, and don't ask again": the rule is written to `.claude/settings.local.json` and applies at once; resolves to that file. */
  rememberAllow(rule: string): Promise<string>;
  /** Every rule in force, with where it came from (/permissions). */
  rules(): readonly ListedRule[];
  /** Removes a rule from its file (or this session's allows). */
  remove(rule: ListedRule): Promise<void>;
  /** Whether "don't ask again in this project" can be written (false where the session has no settings files: tests, the demo). */
  readonly remembers: boolean;
  /** Every declared hook and whether it runs (/hooks). */
  hooks(): readonly ListedHook[];
}

export class SettingsSession implements SettingsActions {
  readonly remembers = true;
  /** The shared file while it waits for an answer; undefined once answered (or when nothing waits). */
  readonly question: Store<PendingSettings | undefined>;
  readonly #approvals: SettingsApprovalsFile;
  #loaded: LoadedSettings;
  #trusted: boolean;
  #answered: Promise<void>;
  #answer: () => void = () => {};
  #chain: PermissionChain | undefined;
  readonly #managed: SettingsFile | undefined;
  #hooks: readonly HookCommand[];

  constructor(loaded: LoadedSettings, approvals: SettingsApprovalsFile, managed?: SettingsFile) {
    this.#loaded = loaded;
    this.#approvals = approvals;
    this.#managed = managed;
    this.#trusted = loaded.shared.status === "approved";
    this.#hooks = runnableHooks(this.hooks());
    const waiting = loaded.shared.status === "new" || loaded.shared.status === "changed";
    this.question = new Store(waiting ? ({ ...loaded.shared } as PendingSettings) : undefined);
    this.#answered = waiting ? new Promise((resolve) => (this.#answer = resolve)) : Promise.resolve();
  }

  static async load(
    places: SettingsPlaces,
    approvals: SettingsApprovalsFile,
    managed?: SettingsFile,
  ): Promise<SettingsSession> {
    return new SettingsSession(await loadSettings(places, approvals, managed), approvals, managed);
  }

  get loaded(): LoadedSettings {
    return this.#loaded;
  }

  /** Whether the shared file's grants apply. */
  get isTrusted(): boolean {
    return this.#trusted;
  }

  get cwd(): string {
    return this.#loaded.places.cwd;
  }

  /** Every rule in force, with where it came from (the chain lists them, session allows included). */
  rules(): readonly ListedRule[] {
    return this.#chain?.listRules() ?? [];
  }

  /** Every declared hook, and whether it may run (/hooks). */
  hooks(): ListedHook[] {
    return listHooks(this.#loaded.files, this.#trusted);
  }

  /** The hooks that may run now (kept, as every tool call asks). */
  readonly runnableHooks = (): readonly HookCommand[] => this.#hooks;

  /** What applies now. */
  effective(): EffectiveSettings {
    return effectiveSettings(this.#loaded, this.#trusted);
  }

  /** The rules in the chain's form. */
  chainRules(): ChainRule[] {
    return this.effective().rules.map(({ behavior, rule, source }) => ({
      behavior,
      rule,
      source,
      matches: chainRules(rule, this.#loaded.places.userHome),
    }));
  }

  /** The chain to keep up to date with the rules. */
  attach(chain: PermissionChain): void {
    this.#chain = chain;
  }

  /** Resolves once the shared file's question is answered (at once when none waits). */
  whenAnswered(): Promise<void> {
    return this.#answered;
  }

  /** The user's answer to the shared file: approve remembers its grants (bound to their fingerprint) and applies them. */
  async answer(approve: boolean): Promise<void> {
    const pending = this.question.getSnapshot();
    if (!pending) return;
    this.question.update(() => undefined);
    try {
      if (approve) {
        this.#trusted = true;
        this.#hooks = runnableHooks(this.hooks());
        this.#chain?.setRules(this.chainRules());
        await this.#approvals.approve(this.#loaded.places.cwd, pending.grants);
      }
    } finally {
      this.#answer();
    }
  }

  /** The personal file, `.claude/settings.local.json`, where "don't ask again" writes. */
  get localFile(): string {
    return settingsPaths(this.#loaded.places).local;
  }

  /**
   * "Yes, and don't ask again": the rule goes to the personal file and applies at once. Throws
   * MiniCcError "repository-settings" when the repository carries that file: the user's rule does not go into it.
   */
  async rememberAllow(rule: string): Promise<string> {
    const carried = this.#loaded.files.find((file) => file.kind === "local")?.carried;
    if (carried)
      throw new MiniCcError("repository-settings", `${this.localFile} is the repository's, not yours (${carried})`);
    await addSettingsRule(this.localFile, "allow", rule);
    await this.#reload();
    return this.localFile;
  }

  /** `/permissions remove`: a session allow is forgotten; a file's rule is taken out of its file. */
  async remove(rule: ListedRule): Promise<void> {
    if (rule.source === "this session") {
      this.#chain?.forgetSessionAllow(rule.rule);
      return;
    }
    const removed = await removeSettingsRule(rule.source, rule.behavior, rule.rule);
    if (!removed) throw new Error(`${rule.source} no longer has ${rule.behavior} rule ${rule.rule}`);
    // The session allow "don't ask again" gave beside it (listed as the file's) goes too.
    if (rule.behavior === "allow") this.#chain?.forgetSessionAllow(rule.rule);
    await this.#reload();
  }

  /** Reads the files again; the shared file's trust stays as answered unless its grants changed. */
  async #reload(): Promise<void> {
    const next = await loadSettings(this.#loaded.places, this.#approvals, this.#managed);
    if (next.shared.fingerprint !== this.#loaded.shared.fingerprint) this.#trusted = next.shared.status === "approved";
    this.#loaded = next;
    this.#hooks = runnableHooks(this.hooks());
    this.#chain?.setRules(this.chainRules());
  }
}
