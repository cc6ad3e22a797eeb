/**
 * What a stdio server past its connect timeout is doing, in the words the
 * panel, `mcp list` and print mode's stderr all use: still being fetched by
 * npx, or started and silent (no answer to initialize), so a server that
 * hangs never reads like one that is installing.
 */
import { homedir } from "node:os";
import { isRemote, type ServerEntry } from "../../config/types.ts";
import type { Env } from "../../env.ts";
import { npxWillInstall } from "../../sandbox/npx-cache.ts";
import type { StartupSilence } from "./server-state.ts";

/** A server silent for `ms` past its connect timeout: `installing` when it is an `npx` package not yet in npm's cache. */
export function startupSilence(entry: ServerEntry, ms: number, env: Env): StartupSilence {
  return {
    ms,
    installing: !isRemote(entry) && npxWillInstall(entry.command, entry.args ?? [], env, env.HOME ?? homedir()),
  };
}

/** "started, no answer to initialize after 30 s (MCP_TIMEOUT gives it longer)"; the older plain words without a silence. */
export function stillStartingText(silence: StartupSilence | undefined): string {
  if (!silence) return "still starting in the background";
  const seconds = Number((silence.ms / 1000).toFixed(1));
  if (silence.installing)
    return `still starting after ${seconds} s: npx may still be installing the package (MCP_TIMEOUT gives it longer)`;
  return `started, no answer to initialize after ${seconds} s (MCP_TIMEOUT gives it longer)`;
}
