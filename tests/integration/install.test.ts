import { spawn } from "node:child_process";
import { cp, mkdir, mkdtemp, readFile, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mcpConfig, NODE, ROOT, trackerEntry } from "../helpers/cli-sandbox.ts";
import { findNodeOlderThan, packAndInstall, type InstalledCli } from "../helpers/installed-cli.ts";

// mini-cc as a user gets it: packed, installed with `npm install -g` into a temporary prefix,
// and run as the `mini-cc` command from folders outside the repository.
const { version, engines } = JSON.parse(await readFile(join(ROOT, "package.json"), "utf8")) as {
  version: string;
  engines: { node: string };
};
const NEEDED = Number(/\d+/.exec(engines.node)![0]);
const OLD_NODE = await findNodeOlderThan(NEEDED);

let installed: InstalledCli;
let outside: string;

beforeAll(async () => {
  installed = await packAndInstall();
  outside = await realpath(await mkdtemp(join(tmpdir(), "mini-cc-outside-")));
}, 60_000);

afterAll(async () => {
  await installed?.dispose();
  if (outside) await rm(outside, { recursive: true, force: true });
});

/** An empty folder under `outside`, for one run. */
async function emptyFolder(name: string): Promise<string> {
  const dir = join(outside, name);
  await mkdir(dir, { recursive: true });
  return dir;
}

/**
 * Runs `mini-cc …` found on PATH, as a shell would: PATH is the prefix's bin and then `nodeDir`,
 * so the command's `#!/usr/bin/env node` picks that Node. HOME and MINI_CC_HOME are temporary.
 */
function mini(
  args: string[],
  cwd: string,
  nodeDir = dirname(NODE),
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env = {
    PATH: [join(installed.prefix, "bin"), nodeDir, "/usr/bin", "/bin"].join(delimiter),
    HOME: outside,
    MINI_CC_HOME: join(outside, "home"),
  };
  return new Promise((resolve, reject) => {
    const child = spawn("mini-cc", args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("the packed tarball", () => {
  it("holds the command, the bundle, the README and its reference, and nothing else", () => {
    expect(installed.files).toContain("bin/mini-cc.cjs");
    expect(installed.files).toContain("dist/cli.js");
    expect(installed.files.some((file) => /^dist\/chunks\/.+\.js$/.test(file))).toBe(true);
    const outsideDist = installed.files.filter((file) => !file.startsWith("dist/")).sort();
    expect(outsideDist).toEqual(["README.md", "bin/mini-cc.cjs", "docs/reference.md", "package.json"]);
    // No source maps (two thirds of dist/'s size) and no sources.
    expect(installed.files.filter((file) => file.endsWith(".map"))).toEqual([]);
  });

  it("installs without dependencies: the bundle holds every library it uses", async () => {
    const manifest = JSON.parse(await readFile(join(installed.packageDir, "package.json"), "utf8")) as Record<
      string,
      unknown
    >;
    expect(manifest.dependencies).toBeUndefined();
  });
});

describe("the installed mini-cc command", () => {
  it("prints the version from package.json", async () => {
    const run = await mini(["--version"], await emptyFolder("version"));
    expect(run).toEqual({ code: 0, stdout: `${version} (mini-cc)\n`, stderr: "" });
  });

  it("lists no servers in an empty folder", async () => {
    const run = await mini(["mcp", "list"], await emptyFolder("empty"));
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("No MCP servers configured");
  });

  it("runs the scripted tracker demo in print mode from outside the repository", async () => {
    // The examples are the repository's, not the package's: the test passes their absolute paths.
    const project = join(outside, "demo");
    await cp(join(ROOT, "examples", "demo"), project, { recursive: true });
    const run = await mini(
      [
        "-p",
        "Fix BUG-101 and tell the tracker",
        "--model-script",
        join(ROOT, "examples", "ch15.json"),
        "--permission-mode",
        "acceptEdits",
        "--allowedTools",
        "mcp__tracker__add_comment",
        "--mcp-config",
        mcpConfig({ tracker: trackerEntry }),
      ],
      project,
    );
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^BUG-101 is fixed and I replied on the tracker\./);
    expect(await readFile(join(project, "posts.ts"), "utf8")).toContain("return posts.slice(start, start + pageSize);");
  });
});

describe(`on a Node older than ${NEEDED}`, () => {
  const title = OLD_NODE
    ? `says in one line which Node it found (${OLD_NODE.version}, ${OLD_NODE.path}) and which it needs, exit 1`
    : `skipped: no Node older than ${NEEDED} on PATH (outside node_modules) nor in /usr/local/bin, /usr/bin, /bin`;
  it.skipIf(!OLD_NODE)(title, async () => {
    const old = OLD_NODE!;
    const folder = await emptyFolder("old-node");
    const expected = new RegExp(
      `^mini-cc: needs Node\\.js ${NEEDED} or newer, found ${old.version.replaceAll(".", "\\.")}; install Node\\.js ${NEEDED} \\(https://nodejs\\.org, or \`nvm install ${NEEDED}\`\\) and run it again\\n$`,
    );
    for (const args of [["--version"], ["mcp", "list"], ["-p", "hello"], []]) {
      const run = await mini(args, folder, dirname(old.path));
      expect(run, `mini-cc ${args.join(" ")}`).toMatchObject({ code: 1, stdout: "" });
      expect(run.stderr).toMatch(expected);
    }
  });
});
