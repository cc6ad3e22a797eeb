/**
 * The four settings files Claude Code reads, combined as it combines them
 * (the more specific file wins a single value: local, then shared, then
 * mini-cc's home, then ~/.claude), under mini-cc's trust rule: deny and ask
 * rules apply from any file at once; what the repository's files grant (the
 * shared file, and a local one the repository carries: repository-files.ts)
 * applies only once the user approved it (settings-trust.ts).
 */
import { join, relative, resolve } from "node:path";
import type { PermissionMode } from "../agent/events.ts";
import { readSettingsFile, type SettingsFile, type SettingsKind, type SourcedRule } from "./settings-file.ts";
import { carriedByRepository } from "./repository-files.ts";
import {
  grantsFingerprint,
  grantsNothing,
  grantsOf,
  mergedGrants,
  type SettingsApprovalStatus,
  type SettingsApprovalsFile,
  type SettingsGrants,
} from "./settings-trust.ts";

/** Where the files are. */
export interface SettingsPlaces {
  readonly cwd: string;
  /** The user's home directory (for ~/.claude and `~/` in rules). */
  readonly userHome: string;
  /** The mini-cc home folder. */
  readonly miniCcHome: string;
}

/** What the repository's settings files grant, together, and whether the user approved it. */
export interface SharedSettingsTrust {
  /** `.claude/settings.json`, then `.claude/settings.local.json` when the repository carries it (those that exist; the first alone when none does). */
  readonly paths: readonly string[];
  /** Why the local file counts as the repository's ("tracked by git"), when it does. */
  readonly carried?: string;
  readonly grants: SettingsGrants;
  /** What an approval is bound to; "none" when the grants turn nothing on. */
  readonly fingerprint: string;
  /** "none": the file grants nothing (or is absent), so there is nothing to approve. */
  readonly status: SettingsApprovalStatus | "none";
}

/** All four files as read, in the order user, home, shared, local, then managed policy's when there is one. */
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
export function settingsPaths(places: SettingsPlaces): Record<Exclude<SettingsKind, "managed">, string> {
  return {
    user: join(places.userHome, ".claude", "settings.json"),
    home: join(places.miniCcHome, "settings.json"),
    shared: join(places.cwd, ".claude", "settings.json"),
    local: join(places.cwd, ".claude", "settings.local.json"),
  };
}

/** Reads the four files and asks the approvals file about what the repository's files grant. */
export async function loadSettings(
  places: SettingsPlaces,
  approvals: SettingsApprovalsFile,
  managed?: SettingsFile,
): Promise<LoadedSettings> {
  const paths = settingsPaths(places);
  const kinds = ["user", "home", "shared", "local"] as const;
  const read = await Promise.all(kinds.map((kind) => readSettingsFile(kind, paths[kind]).then(withCarried)));
  // Managed policy's file (managed-policy.ts) comes last: its values win.
  const files = managed ? [...read, managed] : read;
  const repository = files.filter(isRepositoryFile);
  const existing = repository.filter((file) => file.exists);
  const carried = files.find((file) => file.carried !== undefined)?.carried;
  // The shared file alone gives the same grants, and so the same fingerprint, as before local files were judged.
  const grants = mergedGrants(repository.map(grantsOf));
  const status = grantsNothing(grants)
    ? "none"
    : await approvals.status(places.cwd, grants).catch(() => "new" as const);
  const shared: SharedSettingsTrust = {
    paths: (existing.length > 0 ? existing : repository).map((file) => file.path),
    ...(carried ? { carried } : {}),
    grants,
    // Grants that turn nothing on are all one: no hash to take (and no node:crypto to load before the first frame).
    fingerprint: status === "none" ? "none" : grantsFingerprint(grants),
    status,
  };
  return { places, files, shared };
}

/** A local file is judged only when it exists (most projects have none: no cost at start-up). */
async function withCarried(file: SettingsFile): Promise<SettingsFile> {
  if (file.kind !== "local" || !file.exists) return file;
  const carried = await carriedByRepository(file.path);
  return carried ? { ...file, carried } : file;
}

/** The shared file, and a local one the repository carries: what they grant waits for the user's approval. */
export function isRepositoryFile(file: SettingsFile): boolean {
  return file.kind === "shared" || file.carried !== undefined;
}

/** Print mode's line for the repository's settings files that grant what the user has not approved. */
export function unapprovedSettingsLine(shared: SharedSettingsTrust, cwd: string): string {
  const files = shared.paths.map((path) => relative(cwd, path));
  const one = files.length === 1;
  const what = shared.grants.hooks
    ? `${one ? "has" : "have"} hooks not run and may grant permissions or settings not applied`
    : `${one ? "grants" : "grant"} permissions or settings not applied`;
  const carried = shared.carried ? ` (${files.at(-1)} is the repository's, not yours: ${shared.carried})` : "";
  return (
    `${files.join(" and ")} ${what} until you approve them${carried}: ` +
    `run \`mini-cc mcp approve --settings\` here once (it lists what they are), or open mini-cc here and answer its question.`
  );
}

/** Every file's problems and notes, for stderr or the transcript. */
export function settingsMessages(loaded: LoadedSettings): string[] {
  return loaded.files.flatMap((file) => [...file.problems, ...file.notes]);
}

/** What applies: the repository's files' grants only when `sharedTrusted`. */
export function effectiveSettings(
  loaded: LoadedSettings,
  sharedTrusted = loaded.shared.status === "approved",
): EffectiveSettings {
  const granting = loaded.files.filter((file) => !isRepositoryFile(file) || sharedTrusted);
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
  const rules = loaded.files.flatMap((file) =>
    file.rules.filter((rule) => rule.behavior !== "allow" || !isRepositoryFile(file) || sharedTrusted),
  );
  return {
    rules,
    ...(defaultMode ? { defaultMode } : {}),
    additionalDirectories: granting.flatMap((file) =>
      file.additionalDirectories.map((dir) => resolve(loaded.places.cwd, expandHome(dir, loaded.places.userHome))),
    ),
    env,
    enabledServers: new Set(granting.flatMap((file) => file.enabledMcpjsonServers)),
    enableAllProjectServers: enableAll,
    disabledServers: new Set(loaded.files.flatMap((file) => file.disabledMcpjsonServers)),
    trustReadOnlyHints: !loaded.files.some((file) => file.mcpTrustReadOnlyHints === false),
  };
}

const RANKS: Record<SettingsKind, number> = { user: 0, home: 1, shared: 2, local: 3, managed: 4 };

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
