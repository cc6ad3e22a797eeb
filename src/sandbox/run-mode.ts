/**
 * Whether a stdio server runs sandboxed: its entry's `"sandbox"` decides
 * when present (`true`/object: always, and where the sandbox cannot run it
 * fails rather than run unconfined; `false`: never); otherwise what the user
 * chose when approving it. Remote servers have nothing to sandbox.
 */
import { sandboxOptions, type SandboxOptions } from "../config/sandbox-field.ts";
import { isRemote, type ServerConfig } from "../config/types.ts";
import { MiniCcError } from "../errors.ts";
import type { SandboxHost } from "./sandbox-host.ts";

/** True when the server will run in the sandbox. */
export function runsSandboxed(config: Pick<ServerConfig, "entry">, approvedSandboxed: boolean): boolean {
  // The entry as written: ${VAR} expansion leaves `type` and `sandbox` as they are.
  const entry = config.entry;
  if (isRemote(entry)) return false;
  return entry.sandbox === undefined ? approvedSandboxed : entry.sandbox !== false;
}

/** The transport's sandbox context, or undefined for full access; throws when it must be sandboxed and no sandbox is at hand. */
export function sandboxLaunchFor(
  config: ServerConfig,
  approvedSandboxed: boolean,
  host: SandboxHost | undefined,
): { host: SandboxHost; options: SandboxOptions } | undefined {
  if (!runsSandboxed(config, approvedSandboxed) || isRemote(config.resolved)) return undefined;
  if (!host)
    throw new MiniCcError("sandbox-unavailable", "this server runs sandboxed, and this mini-cc command has no sandbox");
  return { host, options: sandboxOptions(config.resolved.sandbox) ?? {} };
}
