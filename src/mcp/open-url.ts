/**
 * Opens a URL for the user: `$BROWSER` when set (the convention OAuth uses
 * too), else the platform's opener. The URL is one argument, never shell
 * text. Resolves once the opener has started; rejects when it cannot.
 */
import { spawn } from "node:child_process";

type Env = Readonly<Record<string, string | undefined>>;

/** The opener command and its arguments before the URL. */
export function urlOpener(env: Env, platform: NodeJS.Platform = process.platform): readonly string[] {
  const browser = env.BROWSER?.trim();
  if (browser) return browser.split(/\s+/);
  if (platform === "darwin") return ["open"];
  if (platform === "win32") return ["rundll32", "url.dll,FileProtocolHandler"];
  return ["xdg-open"];
}

export function openUrl(url: string, env: Env): Promise<void> {
  const [command = "xdg-open", ...args] = urlOpener(env);
  return new Promise((resolve, reject) => {
    const child = spawn(command, [...args, url], { stdio: "ignore", detached: true, env: env as NodeJS.ProcessEnv });
    child.once("error", reject);
    child.once("spawn", () => {
      child.unref();
      resolve();
    });
  });
}
