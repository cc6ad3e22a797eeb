/**
 * The environment a full-access stdio server (or a headers helper) starts
 * with: mini-cc's own, as Claude Code passes it on (servers rely on a token
 * exported in the shell, a proxy for npx, KUBECONFIG…), minus mini-cc's own
 * credentials, then the entry's `env` on top. An entry that needs the API key
 * names it in `env` (`"ANTHROPIC_API_KEY": "${ANTHROPIC_API_KEY}"`).
 */
import type { Env } from "../env.ts";

/** The model credentials mini-cc (and Claude Code, whose names it reads) runs on: never handed to a server unasked. */
export const OWN_CREDENTIALS: readonly string[] = ["ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN", "CLAUDE_CODE_OAUTH_TOKEN"];

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
