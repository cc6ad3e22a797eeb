/**
 * mini-cc as a user installs it: `npm pack` of the built repository, then
 * `npm install -g` of the tarball into a temporary prefix, so `<prefix>/bin/mini-cc`
 * is the command npm put on PATH. Also here: finding an old Node on this machine.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { promisify } from "node:util";
import { ROOT } from "./cli-sandbox.ts";

const run = promisify(execFile);

/** A packed and installed mini-cc; dispose() removes the prefix and the tarball. */
export interface InstalledCli {
  /** The tarball `npm pack` made. */
  readonly tarball: string;
  /** What the tarball holds, as `npm pack` listed it (paths inside the package). */
  readonly files: readonly string[];
  /** The global prefix: the command is `<prefix>/bin/mini-cc`, the package `<prefix>/lib/node_modules/mini-cc`. */
  readonly prefix: string;
  readonly bin: string;
  readonly packageDir: string;
  dispose(): Promise<void>;
}

/**
 * Packs the repository as it is built (dist/ must exist: `npm run build`) and installs the
 * tarball globally into a fresh prefix. `--ignore-scripts` keeps `npm pack` from rebuilding
 * dist/ under other tests that copy it; `--offline` is enough since the package has no dependencies.
 */
export async function packAndInstall(): Promise<InstalledCli> {
  if (!existsSync(join(ROOT, "dist", "cli.js")))
    throw new Error(`${ROOT}/dist/cli.js not found: run \`npm run build\` first (npm test does)`);
  const dir = await realpath(await mkdtemp(join(tmpdir(), "mini-cc-install-")));
  const quiet = ["--no-audit", "--no-fund", "--loglevel=error"];
  const { stdout } = await run("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", dir, ...quiet], {
    cwd: ROOT,
  });
  const [packed] = JSON.parse(stdout) as Array<{ filename: string; files: Array<{ path: string }> }>;
  const tarball = join(dir, packed!.filename);
  const prefix = join(dir, "prefix");
  await run("npm", ["install", "--global", "--prefix", prefix, "--offline", ...quiet, tarball], { cwd: dir });
  return {
    tarball,
    files: packed!.files.map((file) => file.path),
    prefix,
    bin: join(prefix, "bin", "mini-cc"),
    packageDir: join(prefix, "lib", "node_modules", "mini-cc"),
    dispose: () => rm(dir, { recursive: true, force: true }),
  };
}

/** A Node binary and the version it reports (`v20.20.2`). */
export interface FoundNode {
  readonly path: string;
  readonly version: string;
}

/**
 * A Node older than `major` on this machine: PATH's entries without npm's
 * node_modules/.bin (which put the project's Node 22 first), then the usual places.
 */
export async function findNodeOlderThan(major: number): Promise<FoundNode | undefined> {
  const dirs = (process.env.PATH ?? "").split(delimiter).filter((dir) => dir && !dir.includes("node_modules"));
  for (const dir of [...dirs, "/usr/local/bin", "/usr/bin", "/bin"]) {
    const path = join(dir, "node");
    if (!existsSync(path)) continue;
    try {
      const version = (await run(path, ["--version"])).stdout.trim();
      if (Number(/^v(\d+)/.exec(version)?.[1]) < major) return { path, version };
    } catch {
      // Not a Node that runs here: try the next.
    }
  }
  return undefined;
}
