/**
 * The four settings files Claude Code reads, combined as it combines them
 * (the more specific file wins a single value: local, then shared, then
 * mini-cc's home, then ~/.claude), under mini-cc's trust rule: deny and ask
 * rules apply from any file at once; what the shared file grants applies only
 * once the user approved it (settings-trust.ts).
 */
import { join, resolve } from "node:path";
import type { PermissionMode } from "../agent/events.ts";
import { readSettingsFile, type SettingsFile, type SettingsKind, type SourcedRule } from "./settings-file.ts";
import { grantsFingerprint, grantsNothing, grantsOf, type SettingsApprovalStatus, type SettingsApprovalsFile, type SettingsGrants } from "./settings-trust.ts";

/** Where the files are. */
export interface SettingsPlaces {
  readonly cwd: string;
  /** The user's home directory (for ~/.claude and `~/` in rules). */
  readonly userHome: string;
  /** The mini-cc home folder. */
  readonly miniCcHome: string;
}

/** The shared file's grants and whether the user approved them. */
export interface SharedSettingsTrust {
  readonly path: string;
  readonly grants: SettingsGrants;
  readonly fingerprint: string;
  /** "none": the file grants nothing (or is absent), so there is nothing to approve. */
  readonly status: SettingsApprovalStatus | "none";
}

/** All four files as read, in the order user, home, shared, local. */
export interface LoadedSettings {
  readonly places: SettingsPlaces;
  readonly files: readonly SettingsFile[];
  readonly shared: SharedSettingsTrust;
}

/** What applies now. */
export interface EffectiveSettings {
  readonly rules: readonly SourcedRule[];
  readonly defaultMode?: PermissionMode;
  /** Absolute folders. */
  readonly additionalDirectories: readonly string[];
  readonly env: Readonly<Record<string, string>>;
  /** .mcp.json servers that start without asking. */
  readonly enabledServers: ReadonlySet<string>;
  readonly enableAllProjectServers: boolean;
  /** .mcp.json servers that never start (a restriction: from any file). */
  readonly disabledServers: ReadonlySet<string>;
  /** Whether servers' readOnlyHint lets their tools run unasked: false in any file turns it off (a restriction). */
  readonly trustReadOnlyHints: boolean;
}

/** The paths of the four files. */
export function settingsPaths(places: SettingsPlaces): Record<SettingsKind, string> {
  return {
    user: join(places.userHome, ".claude", "settings.json"),
    home: join(places.miniCcHome, "settings.json"),
    shared: join(places.cwd, ".claude", "settings.json"),
    local: join(places.cwd, ".claude", "settings.local.json"),
  };
}

/** Reads the four files and asks the approvals file about the shared one. */
export async function loadSettings(places: SettingsPlaces, approvals: SettingsApprovalsFile): Promise<LoadedSettings> {
  const paths = settingsPaths(places);
  const kinds: SettingsKind[] = ["user", "home", "shared", "local"];
  const files = await Promise.all(kinds.map((kind) => readSettingsFile(kind, paths[kind])));
  const sharedFile = files[2]!;
  const grants = grantsOf(sharedFile);
  const status = grantsNothing(grants) ? "none" : await approvals.status(places.cwd, grants).catch(() => "new" as const);
  return { places, files, shared: { path: sharedFile.path, grants, fingerprint: grantsFingerprint(grants), status } };
}

/** Every file's problems and notes, for stderr or the transcript. */
export function settingsMessages(loaded: LoadedSettings): string[] {
  return loaded.files.flatMap((file) => [...file.problems, ...file.notes]);
}

/** What applies: the shared file's grants only when `sharedTrusted`. */
export function effectiveSettings(loaded: LoadedSettings, sharedTrusted = loaded.shared.status === "approved"): EffectiveSettings {
  const granting = loaded.files.filter((file) => file.kind !== "shared" || sharedTrusted);
  // Most specific last, so its value is the one that stays.
  const byPrecedence = [...granting].sort((a, b) => rank(a.kind) - rank(b.kind));
  let defaultMode: PermissionMode | undefined;
  let enableAll = false;
  const env: Record<string, string> = {};
  for (const file of byPrecedence) {
    if (file.defaultMode) defaultMode = file.defaultMode;
    if (file.enableAllProjectMcpServers !== undefined) enableAll = file.enableAllProjectMcpServers;
    Object.assign(env, file.env);
  }
  const rules = loaded.files.flatMap((file) => file.rules.filter((rule) => rule.behavior !== "allow" || file.kind !== "shared" || sharedTrusted));
  return {
    rules,
    ...(defaultMode ? { defaultMode } : {}),
    additionalDirectories: granting.flatMap((file) => file.additionalDirectories.map((dir) => resolve(loaded.places.cwd, expandHome(dir, loaded.places.userHome)))),
    env,
    enabledServers: new Set(granting.flatMap((file) => file.enabledMcpjsonServers)),
    enableAllProjectServers: enableAll,
    disabledServers: new Set(loaded.files.flatMap((file) => file.disabledMcpjsonServers)),
    trustReadOnlyHints: !loaded.files.some((file) => file.mcpTrustReadOnlyHints === false),
  };
}

const RANKS: Record<SettingsKind, number> = { user: 0, home: 1, shared: 2, local: 3 };

function rank(kind: SettingsKind): number {
  return RANKS[kind];
}

function expandHome(path: string, userHome: string): string {
  return path === "~" || path.startsWith("~/") ? join(userHome, path.slice(1)) : path;
}

/** Path rules of these tools also cover the tools that read or write files the same way, as in Claude Code. */
const ALSO_COVERS: Readonly<Record<string, readonly string[]>> = { Read: ["Glob", "Grep"], Edit: ["Write"] };

/**
 * A settings rule as the permission chain matches it: a path specifier in
 * Claude Code's spelling (`./x`, `/x` from the project, `~/x`, `//abs`) made
 * the chain's (relative to cwd, or absolute), and `Read`/`Edit` rules spread
 * to the tools that do the same (`Edit(src/**)` covers Write too).
 */
export function chainRules(rule: string, userHome: string): string[] {
  const match = /^([A-Za-z0-9_*-]+)\((.*)\)$/s.exec(rule.trim());
  if (!match) return [rule];
  const [, name = "", spec = ""] = match;
  if (name === "Bash" || name.startsWith("mcp__")) return [rule];
  let path = spec.trim();
  if (path.startsWith("//")) path = path.slice(1);
  else if (path === "~" || path.startsWith("~/")) path = join(userHome, path.slice(1));
  else if (path.startsWith("./")) path = path.slice(2);
  else if (path.startsWith("/")) path = path.slice(1);
  return [name, ...(ALSO_COVERS[name] ?? [])].map((tool) => `${tool}(${path})`);
}
