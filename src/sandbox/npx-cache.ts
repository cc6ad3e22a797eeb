/**
 * `npx -y pkg` already installed in npm's npx cache (`<cache>/_npx/<hash>/`),
 * as the command to run directly: in the sandbox npm cannot ask the registry
 * whether a newer version exists (no network) nor write its cache, so npx
 * itself would fail where the package it would run is right there. A spec
 * not found in the cache is left to npx (and fails with the host it needed).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";

import type { Env } from "../env.ts";

/** The options npx takes before the package that change nothing here. */
const PLAIN_OPTIONS = new Set(["-y", "--yes", "-q", "--quiet", "--no-install"]);

/** `@scope/name@1.2.3` → `@scope/name`. */
function packageName(spec: string): string {
  const at = spec.indexOf("@", spec.startsWith("@") ? 1 : 0);
  return at === -1 ? spec : spec.slice(0, at);
}

function readJson(path: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(readFileSync(path, "utf8"));
    return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The bin npx would run for a package: its only one, or the one named like the package. */
function binName(manifest: Record<string, unknown>, name: string): string | undefined {
  const bin = manifest.bin;
  const short = name.split("/").pop()!;
  if (typeof bin === "string") return short;
  if (typeof bin !== "object" || bin === null) return undefined;
  const names = Object.keys(bin);
  return names.length === 1 ? names[0] : names.find((each) => each === short);
}

/** The package `npx [-y] SPEC ARGS…` runs, and ARGS; undefined for another command or npx's own options (--package, -c…). */
export function npxPackage(command: string, args: readonly string[]): { spec: string; rest: string[] } | undefined {
  if (basename(command) !== "npx") return undefined;
  let i = 0;
  while (i < args.length && PLAIN_OPTIONS.has(args[i]!)) i++;
  const spec = args[i];
  if (spec === undefined || spec.startsWith("-")) return undefined;
  const rest = args.slice(i + 1);
  if (rest[0] === "--") rest.shift();
  return { spec, rest };
}

/** Whether `npx [-y] SPEC` must fetch SPEC from the registry first: it is not in npm's npx cache. */
export function npxWillInstall(command: string, args: readonly string[], env: Env, home: string): boolean {
  return npxPackage(command, args) !== undefined && npxCachedCommand(command, args, env, home) === undefined;
}

/** The installed bin for `npx [-y] SPEC ARGS…`, with ARGS; undefined when npx should run as it is. */
export function npxCachedCommand(
  command: string,
  args: readonly string[],
  env: Env,
  home: string,
): { command: string; args: string[] } | undefined {
  const found = npxPackage(command, args);
  if (!found) return undefined;
  const { spec, rest } = found;
  const name = packageName(spec);
  const root = join(env.npm_config_cache ?? join(home, ".npm"), "_npx");
  let dirs: string[];
  try {
    dirs = readdirSync(root);
  } catch {
    return undefined;
  }
  for (const dir of dirs) {
    const manifest = readJson(join(root, dir, "package.json"));
    const npx = manifest?._npx as { packages?: unknown } | undefined;
    const packages = Array.isArray(npx?.packages) ? npx.packages : [];
    const dependencies = (manifest?.dependencies ?? {}) as Record<string, unknown>;
    const matches = packages.includes(spec) || (spec === name && Object.hasOwn(dependencies, name));
    if (!matches) continue;
    const installed = readJson(join(root, dir, "node_modules", name, "package.json"));
    const bin = installed ? binName(installed, name) : undefined;
    const path = bin ? join(root, dir, "node_modules", ".bin", bin) : undefined;
    if (path && existsSync(path)) return { command: path, args: rest };
  }
  return undefined;
}

/**
 * What to do when a sandboxed `npx -y SPEC` failed for want of its package:
 * fetch it once outside the sandbox, with the user's own hands (the exact
 * command, which installs it where npx looks), then start the server again.
 */
export function npxFetchAdvice(spec: string): string {
  const quoted = /^[\w@./:=+-]+$/.test(spec) ? spec : `'${spec.replace(/'/g, "'\\''")}'`;
  return `npx cannot fetch ${spec} inside the sandbox (no network, npm's cache read-only there): fetch it once outside it with \`npm exec --yes --package=${quoted} -- true\`, then restart the server (r in the MCP panel)`;
}
