/**
 * What a project's shared `.claude/settings.json` (with a `settings.local.json`
 * the repository carries) would grant, and the user's approval of exactly
 * that: a repository cannot grant itself anything.
 * Approvals are kept in `<home>/settings-approvals.json` as
 * `{projectDir: {fingerprint, approvedAt, grants}}`, bound to a fingerprint of
 * the grants (as a project server's approval is bound to its entry), so a
 * changed file asks again; written atomically and merged under a lock; a
 * corrupt one is moved aside with a warning (src/fs/home-json-file.ts).
 */
import { sha256Hex } from "../on-demand-crypto.ts";
import { resolve } from "node:path";
import type { Clock } from "../clock.ts";
import { HomeJsonFile } from "../fs/home-json-file.ts";
import { isJsonObject as isObject } from "../fs/json-path.ts";
import { canonicalJson } from "../mcp/approvals/fingerprint.ts";
import type { PermissionMode } from "../agent/events.ts";
import type { SettingsFile } from "./settings-file.ts";
import { hookLine } from "../hooks/hook-config.ts";

/** The parts of the shared file that widen what runs: they wait for the user's approval. */
export interface SettingsGrants {
  readonly allow: readonly string[];
  readonly defaultMode?: PermissionMode;
  readonly additionalDirectories: readonly string[];
  readonly env: Readonly<Record<string, string>>;
  readonly enabledMcpjsonServers: readonly string[];
  readonly enableAllProjectMcpServers?: boolean;
  /** Each hook command as hookLine writes it (event, matcher, command): a changed hook asks again. Absent when none. */
  readonly hooks?: readonly string[];
}

/** The grants of a settings file (for the shared one: what approval would turn on). */
export function grantsOf(file: SettingsFile): SettingsGrants {
  return {
    allow: file.rules.filter((rule) => rule.behavior === "allow").map((rule) => rule.rule),
    ...(file.defaultMode ? { defaultMode: file.defaultMode } : {}),
    additionalDirectories: file.additionalDirectories,
    env: file.env,
    enabledMcpjsonServers: file.enabledMcpjsonServers,
    ...(file.enableAllProjectMcpServers ? { enableAllProjectMcpServers: true } : {}),
    // Left out when there are none, so an approval given before hooks existed still holds.
    ...(file.hooks.length > 0 ? { hooks: file.hooks.map(hookLine) } : {}),
  };
}

/** Several files' grants as one, the later file winning a single value (as effectiveSettings combines them); one file's unchanged. */
export function mergedGrants(list: readonly SettingsGrants[]): SettingsGrants {
  if (list.length === 1) return list[0]!;
  const defaultMode = list.findLast((grants) => grants.defaultMode !== undefined)?.defaultMode;
  return {
    allow: [...new Set(list.flatMap((grants) => grants.allow))],
    ...(defaultMode ? { defaultMode } : {}),
    additionalDirectories: [...new Set(list.flatMap((grants) => grants.additionalDirectories))],
    env: Object.assign({}, ...list.map((grants) => grants.env)),
    enabledMcpjsonServers: [...new Set(list.flatMap((grants) => grants.enabledMcpjsonServers))],
    ...(list.some((grants) => grants.enableAllProjectMcpServers) ? { enableAllProjectMcpServers: true } : {}),
    ...(list.some((grants) => grants.hooks) ? { hooks: list.flatMap((grants) => grants.hooks ?? []) } : {}),
  };
}

/** True when the grants turn nothing on: such a file needs no approval. */
export function grantsNothing(grants: SettingsGrants): boolean {
  return (
    grants.allow.length === 0 &&
    (grants.defaultMode === undefined || grants.defaultMode === "default") &&
    grants.additionalDirectories.length === 0 &&
    Object.keys(grants.env).length === 0 &&
    grants.enabledMcpjsonServers.length === 0 &&
    grants.enableAllProjectMcpServers !== true &&
    (grants.hooks ?? []).length === 0
  );
}

/** First 16 hex digits of sha256 over the grants' canonical JSON. */
export function grantsFingerprint(grants: SettingsGrants): string {
  return sha256Hex(canonicalJson(grants)).slice(0, 16);
}

/** The grants as lines a person reads before approving them (values of env shown: the user is asked to trust them). */
export function grantLines(grants: SettingsGrants): string[] {
  const lines: string[] = [];
  for (const rule of grants.allow) lines.push(`allow ${rule} without asking`);
  if (grants.defaultMode && grants.defaultMode !== "default")
    lines.push(`start in permission mode ${grants.defaultMode}`);
  for (const dir of grants.additionalDirectories) lines.push(`let the file tools use ${dir}`);
  for (const [name, value] of Object.entries(grants.env)) lines.push(`set ${name}=${value} for tools and servers`);
  if (grants.enableAllProjectMcpServers) lines.push("start every server of .mcp.json without asking");
  for (const name of grants.enabledMcpjsonServers) lines.push(`start .mcp.json server ${name} without asking`);
  for (const hook of grants.hooks ?? []) lines.push(`run the hook ${hook}`);
  return lines;
}

export type SettingsApprovalStatus = "approved" | "changed" | "new";

/** `<home>/settings-approvals.json`: which shared settings a user approved, per project. */
export class SettingsApprovalsFile {
  readonly #file: HomeJsonFile<Record<string, unknown>>;
  readonly #clock: Clock;

  /** `warn`: told when a corrupt file is moved aside. */
  constructor(file: string, clock: Clock, warn: (message: string) => void) {
    this.#clock = clock;
    this.#file = new HomeJsonFile({
      file,
      clock,
      warn,
      check: (value) => (isObject(value) ? undefined : "expected an object of project folders"),
      empty: () => ({}),
      lost: "shared settings approved before will be asked about again",
    });
  }

  /** approved: these grants; changed: other grants were approved before; new: never. */
  async status(projectDir: string, grants: SettingsGrants): Promise<SettingsApprovalStatus> {
    const record = own(await this.#file.read(), resolve(projectDir));
    const stored = isObject(record) && typeof record["fingerprint"] === "string" ? record["fingerprint"] : undefined;
    if (stored === undefined) return "new";
    return stored === grantsFingerprint(grants) ? "approved" : "changed";
  }

  /** Remembers these grants for the project, merged with the other projects' records. */
  async approve(projectDir: string, grants: SettingsGrants): Promise<void> {
    const record = {
      fingerprint: grantsFingerprint(grants),
      approvedAt: new Date(this.#clock.now()).toISOString(),
      grants,
    };
    await this.#file.update((doc) => {
      Object.defineProperty(doc, resolve(projectDir), {
        value: record,
        enumerable: true,
        writable: true,
        configurable: true,
      });
      return { next: doc, result: undefined };
    });
  }
}

function own(target: unknown, key: string): unknown {
  return isObject(target) && Object.hasOwn(target, key) ? target[key] : undefined;
}
