/**
 * The one rule for what a child process of mini-cc inherits: mini-cc's
 * environment, as Claude Code passes it on (servers rely on a token exported
 * in the shell, a proxy for npx, KUBECONFIG…), minus mini-cc's own
 * credentials unless the user named them for that child:
 * - a server (or a headers helper): its entry's `env` names it
 *   (`"ANTHROPIC_API_KEY": "${ANTHROPIC_API_KEY}"`);
 * - Bash: the variable MINI_CC_BASH_CREDENTIALS lists it
 *   (`MINI_CC_BASH_CREDENTIALS=ANTHROPIC_API_KEY`);
 * - anything else (the browser opener, git, the sandbox's helpers, the
 *   reaper): never. The command line takes them out of the process's own
 *   environment at start (withoutOwnCredentials), so what inherits it by
 *   default never sees them either.
 */
import type { Env } from "../env.ts";

/** The model credentials mini-cc (and Claude Code, whose names it reads) runs on: never handed to a child unasked. */
export const OWN_CREDENTIALS: readonly string[] = [
  "ANTHROPIC_API_KEY",
  "ANTHROPIC_AUTH_TOKEN",
  "CLAUDE_CODE_OAUTH_TOKEN",
];

/** Names (comma- or space-separated) of the credentials Bash commands may see. */
export const BASH_CREDENTIALS_VARIABLE = "MINI_CC_BASH_CREDENTIALS";

/** mini-cc's environment without its credentials and exported shell functions, with the entry's variables on top. */
export function childEnvironment(env: Env, entryEnv: Readonly<Record<string, string>> = {}): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined || OWN_CREDENTIALS.includes(key)) continue;
    // A value starting with "()" is an exported shell function: never pass those on.
    if (!value.startsWith("()")) out[key] = value;
  }
  return { ...out, ...entryEnv };
}

/** What a Bash command starts with: the child environment, plus the credentials MINI_CC_BASH_CREDENTIALS names. */
export function bashEnvironment(env: Env): Record<string, string> {
  const named = (env[BASH_CREDENTIALS_VARIABLE] ?? "").split(/[\s,]+/);
  const kept: Record<string, string> = {};
  for (const name of OWN_CREDENTIALS) {
    const value = env[name];
    if (named.includes(name) && value !== undefined) kept[name] = value;
  }
  return childEnvironment(env, kept);
}

/**
 * Takes mini-cc's credentials out of `processEnv` (the process's own, which a
 * child spawned without an explicit environment inherits) and returns the
 * environment as it was, for the session to read them from.
 */
export function withoutOwnCredentials(processEnv: Record<string, string | undefined>): Env {
  const whole = { ...processEnv };
  for (const name of OWN_CREDENTIALS) delete processEnv[name];
  return whole;
}
