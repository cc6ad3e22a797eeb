/**
 * The default profile, and an entry's `"sandbox"` object on top of it, as
 * the paths, hosts and environment one sandboxed server gets:
 * reads everything but secrets; writes the project and the server's own
 * temp folder, never `.mcp.json`, `.git/hooks`, `.git/config`, `.claude/` or
 * other agents' settings; no network but the hosts listed; the environment
 * reduced to a base set, the entry's `env` and the names it passes through.
 * Pure: the host (sandbox-host.ts) hands it the folders.
 */
import { isAbsolute, resolve } from "node:path";
import { MiniCcError } from "../errors.ts";
import { expandHome, refusedWriteRoot, type SandboxOptions } from "../config/sandbox-field.ts";

import type { Env } from "../env.ts";

/** Secrets under the home folder no sandboxed server reads unless its entry's allowRead says so. */
export const HOME_SECRETS = [
  ".ssh",
  ".aws",
  ".gnupg",
  ".config/gcloud",
  ".netrc",
  ".npmrc",
  ".docker/config.json",
  ".claude.json",
] as const;

/** Files and folders of the project a sandboxed server never writes: what runs code or configures an agent. */
export const PROJECT_WRITE_DENIES = [
  ".mcp.json",
  ".git/hooks",
  ".git/config",
  ".claude",
  ".cursor",
  ".vscode",
  ".gemini",
  ".codex",
  ".windsurf",
  ".idea",
  ".continue",
] as const;

/** The variables every sandboxed server keeps: enough to find programs, its home, its locale and terminal. */
const BASE_ENV = [
  "PATH",
  "HOME",
  "USER",
  "LOGNAME",
  "SHELL",
  "LANG",
  "LANGUAGE",
  "TERM",
  "COLORTERM",
  "TZ",
  "NODE_EXTRA_CA_CERTS",
  "SSL_CERT_FILE",
  "SSL_CERT_DIR",
] as const;

/** Where one server runs, as the host knows it. */
export interface ProfileContext {
  readonly projectDir: string;
  readonly home: string;
  /** The mini-cc home (MINI_CC_HOME): its approvals, tokens and logs are not the server's to read. */
  readonly miniCcHome: string;
  /** The server's own temp folder, made for this start. */
  readonly tempDir: string;
  /** mini-cc's environment. */
  readonly env: Env;
}

/** What one sandboxed server may do, in the runtime's terms (absolute paths). */
export interface SandboxProfile {
  readonly denyRead: readonly string[];
  readonly allowRead: readonly string[];
  readonly allowWrite: readonly string[];
  readonly denyWrite: readonly string[];
  readonly allowedDomains: readonly string[];
  /** The whole environment the server starts with. */
  readonly env: Readonly<Record<string, string>>;
}

/** `path` absolute: `~` is the home folder, a relative path is the project's. */
function absolute(path: string, context: ProfileContext): string {
  const expanded = expandHome(path, context.home);
  return isAbsolute(expanded) ? resolve(expanded) : resolve(context.projectDir, expanded);
}

/**
 * The profile of a server with these options and entry env. Throws a
 * MiniCcError naming the field (`sandbox.allowWrite[0]: …`) for a write root
 * that would open the home folder or `/`, or a folder the project's denies cover.
 */
export function buildProfile(
  options: SandboxOptions,
  entryEnv: Readonly<Record<string, string>>,
  context: ProfileContext,
): SandboxProfile {
  const extraWrites = (options.allowWrite ?? []).map((path, i) => {
    const target = absolute(path, context);
    const refused = refusedWriteRoot(target, context.home);
    if (refused) throw new MiniCcError("invalid-entry", `sandbox.allowWrite[${i}]: ${JSON.stringify(path)} ${refused}`);
    return target;
  });
  const env: Record<string, string> = {};
  for (const name of [
    ...BASE_ENV,
    ...Object.keys(context.env).filter((key) => key.startsWith("LC_")),
    ...(options.env ?? []),
  ]) {
    const value = context.env[name];
    if (value !== undefined && !value.startsWith("()")) env[name] = value;
  }
  Object.assign(env, entryEnv, { TMPDIR: context.tempDir, TMP: context.tempDir, TEMP: context.tempDir });
  return {
    denyRead: [
      ...HOME_SECRETS.map((secret) => resolve(context.home, secret)),
      resolve(context.miniCcHome),
      resolve(context.projectDir, ".env*"),
      ...(options.denyRead ?? []).map((path) => absolute(path, context)),
    ],
    allowRead: (options.allowRead ?? []).map((path) => absolute(path, context)),
    allowWrite: [resolve(context.projectDir), context.tempDir, ...extraWrites],
    denyWrite: PROJECT_WRITE_DENIES.map((path) => resolve(context.projectDir, path)),
    allowedDomains: [...(options.allowedDomains ?? [])],
    env,
  };
}

/** Which entry field would allow a blocked path or host, for the failure reason and the log. */
export function allowingField(
  kind: "read" | "write" | "connect",
  target: string,
  profile: SandboxProfile,
): string | undefined {
  if (kind === "connect") return "sandbox.allowedDomains";
  if (kind === "read") return "sandbox.allowRead";
  const under = (root: string) => target === root || target.startsWith(`${root}/`);
  // The project's own denies cannot be opened: denyWrite wins over allowWrite.
  return profile.denyWrite.some(under) ? undefined : "sandbox.allowWrite";
}
