/**
 * Showing a server's login page: opened (open-url.ts, which refuses anything
 * but a web page) and always printed, so a machine with no browser (ssh, a
 * container) can still log in.
 */
import { openUrl } from "../../open-url.ts";
import type { Env } from "../../../env.ts";

/** Opens the login page of `name` and says so (`show` gets each line); the URL is always among the lines. */
export async function announceLoginPage(name: string, url: URL, env: Env, show: (line: string) => void): Promise<void> {
  const opened = await openUrl(url.href, env);
  if (opened.kind === "opened") {
    show(`Opened the login page for ${name} with ${opened.via}.`);
    show(`If it did not open, visit: ${url.href}`);
  } else {
    show(`Open this page to log in to ${name}:`);
    show(url.href);
  }
  show("Waiting for the browser…");
}
