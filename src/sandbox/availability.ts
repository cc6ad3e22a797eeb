/**
 * Whether the sandbox can run here, found without loading the runtime (the
 * approval modal asks before any server starts): Linux needs bubblewrap,
 * socat and ripgrep and a kernel that lets bubblewrap make user namespaces;
 * macOS needs sandbox-exec and ripgrep; nothing else is supported. The answer
 * carries the reason and what to install, in words for the modal and errors.
 */
import { execFile } from "node:child_process";
import { constants } from "node:fs";
import { access } from "node:fs/promises";
import { delimiter, join } from "node:path";

export type SandboxAvailability =
  | { readonly available: true }
  | { readonly available: false; readonly reason: string; readonly hint: string };

import type { Env } from "../env.ts";

/** The first executable `name` on PATH, or undefined. */
async function which(name: string, env: Env): Promise<string | undefined> {
  for (const dir of (env.PATH ?? "").split(delimiter)) {
    if (dir === "") continue;
    const candidate = join(dir, name);
    try {
      await access(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not here.
    }
  }
  return undefined;
}

/** Runs bubblewrap once the way the runtime will (a new user and network namespace); the error when the kernel refuses. */
function probeBubblewrap(bwrap: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile(
      bwrap,
      [
        "--ro-bind",
        "/",
        "/",
        "--unshare-user",
        "--unshare-pid",
        "--unshare-net",
        "--dev",
        "/dev",
        "--proc",
        "/proc",
        "true",
      ],
      { timeout: 5000 },
      (error, _out, stderr) => {
        resolve(error ? (stderr.trim().split("\n").at(-1) ?? error.message) : undefined);
      },
    );
  });
}

/** Can sandboxed servers and commands run on this machine? */
export async function checkSandbox(
  env: Env,
  platform: NodeJS.Platform = process.platform,
): Promise<SandboxAvailability> {
  if (platform === "linux") {
    const missing: string[] = [];
    const [bwrap, socat, rg] = await Promise.all(["bwrap", "socat", "rg"].map((name) => which(name, env)));
    if (!bwrap) missing.push("bubblewrap");
    if (!socat) missing.push("socat");
    if (!rg) missing.push("ripgrep");
    if (missing.length > 0) {
      return {
        available: false,
        reason: `${missing.join(", ")} not installed`,
        hint: `install it: sudo apt-get install ${missing.join(" ")} (or your distribution's package)`,
      };
    }
    const refused = await probeBubblewrap(bwrap!);
    if (refused !== undefined) {
      return {
        available: false,
        reason: `bubblewrap cannot make a user namespace here (${refused})`,
        hint: "allow unprivileged user namespaces (sysctl kernel.unprivileged_userns_clone=1, or the AppArmor profile for bwrap)",
      };
    }
    return { available: true };
  }
  if (platform === "darwin") {
    const [seatbelt, rg] = await Promise.all([which("sandbox-exec", { PATH: "/usr/bin" }), which("rg", env)]);
    if (!seatbelt)
      return { available: false, reason: "sandbox-exec not found", hint: "it ships with macOS in /usr/bin" };
    if (!rg) return { available: false, reason: "ripgrep not installed", hint: "install it: brew install ripgrep" };
    return { available: true };
  }
  return {
    available: false,
    reason: `not supported on ${platform}`,
    hint: "the sandbox runs on Linux (bubblewrap) and macOS",
  };
}

/** "bubblewrap not installed (install it: sudo apt-get install bubblewrap)". */
export function unavailableText(availability: Extract<SandboxAvailability, { available: false }>): string {
  return `the sandbox cannot run here: ${availability.reason} (${availability.hint})`;
}
