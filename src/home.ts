/**
 * Where mini-cc keeps its own files (DESIGN.md, "Home"): MINI_CC_HOME, or
 * ~/.mini-cc. Pure: the environment and the home directory come in as arguments.
 */
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import type { Env } from "./env.ts";

/** The files and folders inside the mini-cc home. */
export interface HomePaths {
  /** The home folder itself. */
  readonly root: string;
  /** User-scope servers, same format as `.mcp.json`. */
  readonly userConfig: string;
  /** `{projectDir: {server: {fingerprint, approvedAt, entry}}}`. */
  readonly approvals: string;
  /** Local-scope servers: `{projectDir: {mcpServers: {...}}}`. */
  readonly localConfig: string;
  /** Folder of per-server stderr logs. */
  readonly logs: string;
  /** OAuth tokens and client registrations by server URL (0600). */
  readonly oauth: string;
  /** Folder of cached tool lists, one file per server entry (src/mcp/tool-cache.ts). */
  readonly toolCache: string;
  /** Servers the user switched off, per project: `{projectDir: [name, ...]}`. */
  readonly disabled: string;
  /** Folder of MCP tool output saved past MAX_MCP_OUTPUT_TOKENS, one subfolder per session. */
  readonly toolOutput: string;
  /** Folder of V8 code caches for the UI's bundle (src/cli/cached-script.ts). */
  readonly codeCache: string;
  /** The user's own settings for mini-cc, Claude Code's format; wins over ~/.claude/settings.json. */
  readonly settings: string;
  /** Approved shared project settings: `{projectDir: {fingerprint, approvedAt, grants}}`. */
  readonly settingsApprovals: string;
  /** Saved sessions: `projects/<project-key>/<session-id>.jsonl` (src/session/session-log.ts). */
  readonly projects: string;
}

/** Resolves the home from `MINI_CC_HOME` (when set and non-empty) or `<homedir>/.mini-cc`. */
export function resolveHome(env: Env, homedir: string): HomePaths {
  const override = env.MINI_CC_HOME;
  const root = override ? resolve(override) : join(homedir, ".mini-cc");
  return {
    root,
    userConfig: join(root, "mcp.json"),
    approvals: join(root, "mcp-approvals.json"),
    localConfig: join(root, "local-mcp.json"),
    logs: join(root, "logs"),
    oauth: join(root, "mcp-oauth.json"),
    toolCache: join(root, "tool-cache"),
    disabled: join(root, "mcp-disabled.json"),
    toolOutput: join(root, "tool-output"),
    codeCache: join(root, "code-cache"),
    settings: join(root, "settings.json"),
    settingsApprovals: join(root, "settings-approvals.json"),
    projects: join(root, "projects"),
  };
}

/** The one rule for the user's home folder: the one handed in (tests), else $HOME, else the system's. */
export function userHomeDir(env: Env, given?: string): string {
  return given ?? env.HOME ?? homedir();
}
