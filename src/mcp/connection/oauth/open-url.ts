/**
 * Opening an authorization URL for the user: `$BROWSER` when set (a command
 * that gets the URL as its last argument, as many CLI tools honour), else the
 * platform's opener when there is one. The caller always prints the URL too,
 * so a machine with no browser (ssh, a container) can still log in.
 */
import { spawn } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";

type Env = Readonly<Record<string, string | undefined>>;

/** What was used to open the URL ("$BROWSER", "xdg-open"…), or undefined when nothing could be. */
export function openUrl(url: string, env: Env, platform: NodeJS.Platform = process.platform): string | undefined {
  const browser = env.BROWSER?.trim();
  // Through the shell, so `BROWSER="firefox --new-window"` works; the URL is "$1", never spliced into the command.
  if (browser) return launch("/bin/sh", ["-c", `${browser} "$1"`, "sh", url], env) ? "$BROWSER" : undefined;
  const opener = platform === "darwin" ? "open" : platform === "win32" ? undefined : "xdg-open";
  if (!opener || !onPath(opener, env)) return undefined;
  return launch(opener, [url], env) ? opener : undefined;
}

function launch(command: string, args: string[], env: Env): boolean {
  try {
    const child = spawn(command, args, { stdio: "ignore", detached: true, env: env as NodeJS.ProcessEnv });
    child.on("error", () => {});
    child.unref();
    return true;
  } catch {
    return false;
  }
}

function onPath(command: string, env: Env): boolean {
  return (env.PATH ?? "").split(delimiter).some((dir) => {
    try {
      accessSync(join(dir, command), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** Opens a server's login page and says so (`show` gets each line); the URL is always among the lines. */
export function announceLoginPage(name: string, url: URL, env: Env, show: (line: string) => void): void {
  const opener = openUrl(url.href, env);
  if (opener) {
    show(`Opened the login page for ${name} with ${opener}.`);
    show(`If it did not open, visit: ${url.href}`);
  } else {
    show(`Open this page to log in to ${name}:`);
    show(url.href);
  }
  show("Waiting for the browser…");
}
