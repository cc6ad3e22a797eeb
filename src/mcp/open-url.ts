/**
 * The one rule for every URL mini-cc opens (an OAuth login page, a URL
 * elicitation): only a web page is opened, meaning `https:`, or `http:` to
 * this machine (a loopback address). A server or its metadata that names
 * `file:`, `smb:` or a custom scheme would otherwise have the desktop run a
 * handler for it — the flaw behind mcp-remote's command-injection advisory.
 *
 * The opener is `$BROWSER` when set, else the platform's. `$BROWSER` is a
 * command and its arguments split as a shell splits words (quotes and
 * backslashes work) but never run by a shell; a `%s` word stands for the URL,
 * else the URL is the last argument. The URL is always one argument of its own.
 */
import { spawn } from "node:child_process";
import { terminalSafeLine } from "../text/terminal-safe.ts";
import { errorText } from "../errors.ts";
import type { Env } from "../env.ts";
import { childEnvironment } from "../sandbox/child-env.ts";
import { shellWords } from "../text/shell-words.ts";

/** A URL that may be opened, or why not (a phrase naming the URL: "`file:///etc/passwd` is not a web page…"). */
export type UrlCheck = { readonly ok: true; readonly url: URL } | { readonly ok: false; readonly reason: string };

/** What came of asking to open a URL. */
export type OpenOutcome =
  | { readonly kind: "opened"; readonly via: string }
  | { readonly kind: "refused"; readonly reason: string }
  | { readonly kind: "failed"; readonly via: string; readonly reason: string };

/** 127.0.0.0/8, ::1 and localhost: the machine itself. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return host === "localhost" || host === "::1" || /^127(\.\d{1,3}){3}$/.test(host);
}

/** Whether `text` may be opened, by the rule above. */
export function openableUrl(text: string): UrlCheck {
  const shown = `\`${terminalSafeLine(text.length > 200 ? `${text.slice(0, 200)}…` : text)}\``;
  if (!URL.canParse(text)) return { ok: false, reason: `${shown} is not a URL` };
  const url = new URL(text);
  if (url.protocol === "https:") return { ok: true, url };
  if (url.protocol === "http:" && isLoopbackHost(url.hostname)) return { ok: true, url };
  const why =
    url.protocol === "http:"
      ? "plain http: to another machine"
      : `not a web page (scheme ${terminalSafeLine(url.protocol)})`;
  return { ok: false, reason: `${shown} is ${why}; only https:, or http: to this machine, is opened` };
}

/** The opener's command and arguments for `url`. */
export function openerCommand(url: string, env: Env, platform: NodeJS.Platform = process.platform): readonly string[] {
  const browser = env.BROWSER?.trim();
  if (browser) {
    const words = shellWords(browser);
    return words.includes("%s") ? words.map((word) => (word === "%s" ? url : word)) : [...words, url];
  }
  if (platform === "darwin") return ["open", url];
  if (platform === "win32") return ["rundll32", "url.dll,FileProtocolHandler", url];
  return ["xdg-open", url];
}

/** Opens `url` if the rule allows it; resolves once the opener started, or with why it did not. */
export async function openUrl(
  url: string,
  env: Env,
  platform: NodeJS.Platform = process.platform,
): Promise<OpenOutcome> {
  const check = openableUrl(url);
  if (!check.ok) return { kind: "refused", reason: check.reason };
  const [command = "xdg-open", ...args] = openerCommand(check.url.href, env, platform);
  const via = env.BROWSER?.trim() ? "$BROWSER" : command;
  return new Promise((resolve) => {
    try {
      const child = spawn(command, args, { stdio: "ignore", detached: true, env: childEnvironment(env) });
      child.once("error", (error) => resolve({ kind: "failed", via, reason: error.message }));
      child.once("spawn", () => {
        child.unref();
        resolve({ kind: "opened", via });
      });
    } catch (error) {
      resolve({ kind: "failed", via, reason: errorText(error) });
    }
  });
}
