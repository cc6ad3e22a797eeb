import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MiniCcError } from "../../../src/errors.ts";
import { loadMcpConfig } from "../../../src/config/load.ts";
import { parseMcpConfigArg } from "../../../src/config/mcp-config-arg.ts";
import { resolveHome, type HomePaths } from "../../../src/home.ts";

let root: string;
let cwd: string;
let home: HomePaths;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "mini-cc-config-"));
  cwd = join(root, "proj");
  home = resolveHome({ MINI_CC_HOME: join(root, "home") }, "/nowhere");
  await mkdir(cwd);
  await mkdir(home.root);
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const json = (value: unknown) => JSON.stringify(value, null, 2);
const writeProject = (value: unknown) =>
  writeFile(join(cwd, ".mcp.json"), typeof value === "string" ? value : json(value));
const writeUser = (value: unknown) => writeFile(home.userConfig, typeof value === "string" ? value : json(value));
const load = (extra: Partial<Parameters<typeof loadMcpConfig>[0]> = {}) =>
  loadMcpConfig({ cwd, home, env: {}, ...extra });
const summary = (servers: Awaited<ReturnType<typeof load>>["servers"]) =>
  servers.map((s) =>
    "error" in s ? `${s.name}@${s.source} ERROR ${s.error}` : `${s.name}@${s.source} ${JSON.stringify(s.resolved)}`,
  );

describe("loadMcpConfig", () => {
  it("expands ${VAR} and ${VAR:-default} in every string", async () => {
    await writeProject({
      mcpServers: {
        local: { command: "${BIN}", args: ["--root", "${ROOT:-/srv}"], env: { TOKEN: "${TOKEN}" } },
        remote: { type: "http", url: "${BASE:-http://localhost}/mcp", headers: { Authorization: "Bearer ${TOKEN}" } },
      },
    });
    const { servers, warnings } = await load({ env: { BIN: "node", TOKEN: "s3cret" } });
    expect(servers).toEqual([
      {
        name: "local",
        source: "project",
        file: join(cwd, ".mcp.json"),
        entry: { command: "${BIN}", args: ["--root", "${ROOT:-/srv}"], env: { TOKEN: "${TOKEN}" } },
        resolved: { command: "node", args: ["--root", "/srv"], env: { TOKEN: "s3cret" } },
      },
      {
        name: "remote",
        source: "project",
        file: join(cwd, ".mcp.json"),
        entry: { type: "http", url: "${BASE:-http://localhost}/mcp", headers: { Authorization: "Bearer ${TOKEN}" } },
        resolved: { type: "http", url: "http://localhost/mcp", headers: { Authorization: "Bearer s3cret" } },
      },
    ]);
    expect(warnings).toEqual([]);
  });

  describe("refuses a config file that is not a small regular file, naming it, instead of reading forever", () => {
    const projectFile = () => join(cwd, ".mcp.json");
    const cases: Array<[string, () => Promise<unknown>, RegExp]> = [
      ["a FIFO with no writer", async () => execFileSync("mkfifo", [projectFile()]), /a FIFO, not a regular file/],
      ["a symlink to /dev/urandom", () => symlink("/dev/urandom", projectFile()), /a device, not a regular file/],
      [
        "a symlink to /dev/stdin",
        () => symlink("/dev/stdin", projectFile()),
        /(a device|a FIFO|a socket), not a regular file/,
      ],
      ["a folder", () => mkdir(projectFile()), /a folder, not a regular file/],
      [
        "a file over 1 MiB",
        () => writeFile(projectFile(), `{"mcpServers":{}, "pad": "${"x".repeat(1024 * 1024)}"}`),
        /larger than the 1 MiB/,
      ],
    ];
    for (const [what, make, reason] of cases) {
      it(what, { timeout: 3000 }, async () => {
        await make();
        await writeUser({ mcpServers: { mine: { command: "node" } } });
        const { servers, problems } = await load();
        expect(problems).toHaveLength(1);
        expect(problems[0]).toMatch(
          new RegExp(`^${projectFile().replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: cannot read \\(`),
        );
        expect(problems[0]).toMatch(reason);
        // The rest still loads.
        expect(servers.map((s) => s.name)).toEqual(["mine"]);
      });
    }

    it("--mcp-config naming a device or an oversized file", { timeout: 3000 }, async () => {
      await expect(parseMcpConfigArg("/dev/zero", cwd)).rejects.toThrow(
        /--mcp-config \/dev\/zero: cannot read: a device, not a regular file/,
      );
      await writeFile(join(cwd, "big.json"), " ".repeat(1024 * 1024 + 1));
      await expect(parseMcpConfigArg("big.json", cwd)).rejects.toThrow(/larger than the 1 MiB/);
    });
  });

  it("expands a nested default ${A:-${B}} as the shell would, never leaving a stray brace", async () => {
    await writeProject({
      mcpServers: {
        s: {
          command: "node",
          args: [
            "${A:-${B}}",
            "${A:-${C:-deep}}/x",
            "${A:-pre-${B}-post}",
            "${B:-${A}}",
            "${A:-${MISSING}}",
            "$${B}",
            "${oops",
            "${A:-${B}",
          ],
        },
      },
    });
    const { servers, warnings } = await load({ env: { A: undefined, B: "bee" } });
    const resolved = servers[0] && "resolved" in servers[0] ? servers[0].resolved : undefined;
    expect(resolved).toEqual({
      command: "node",
      args: ["bee", "deep/x", "pre-bee-post", "bee", "", "$bee", "${oops", "${A:-bee"],
    });
    expect(warnings).toEqual([
      `${join(cwd, ".mcp.json")}: server "s": environment variable MISSING is not set; it expands to ""`,
    ]);
  });

  it("expands an unset variable without default to an empty string and warns naming variable, server and file", async () => {
    await writeProject({ mcpServers: { tracker: { command: "node", args: ["${MISSING}x"] } } });
    const { servers, warnings } = await load();
    expect(summary(servers)).toEqual(['tracker@project {"command":"node","args":["x"]}']);
    expect(warnings).toEqual([
      `${join(cwd, ".mcp.json")}: server "tracker": environment variable MISSING is not set; it expands to ""`,
    ]);
  });

  it("reports an entry nested absurdly deep as invalid, naming where, and loads the rest", async () => {
    const deep = "[".repeat(100_000) + "]".repeat(100_000);
    await writeProject(`{"mcpServers": {"deep": {"command": "x", "args": ${deep}}, "ok": {"command": "node"}}}`);
    const loaded = await load();
    const deepServer = loaded.servers.find((s) => s.name === "deep");
    expect(deepServer && "error" in deepServer ? deepServer.error : "").toMatch(
      /mcpServers\.deep\.args(\[0\])+: nested deeper than 64 levels/,
    );
    expect(summary(loaded.servers.filter((s) => s.name === "ok"))).toEqual([
      `ok@project ${JSON.stringify({ command: "node" })}`,
    ]);
  });

  it("lets a project entry override the user entry of the same name", async () => {
    await writeUser({ mcpServers: { tracker: { command: "user-cmd" }, mine: { command: "mine" } } });
    await writeProject({ mcpServers: { tracker: { command: "project-cmd" } } });
    expect(summary((await load()).servers)).toEqual([
      'mine@user {"command":"mine"}',
      'tracker@project {"command":"project-cmd"}',
    ]);
  });

  it("records which lower scopes an entry overrides, valid or not, so the UI can say so", async () => {
    await writeUser({ mcpServers: { tracker: { command: "user-cmd" }, broken: { command: "ok" } } });
    await writeProject({ mcpServers: { tracker: { command: "project-cmd" }, broken: { command: 7 } } });
    const servers = (await load()).servers;
    expect(servers.map((s) => [s.name, s.source, s.shadows])).toEqual([
      ["tracker", "project", ["user"]],
      ["broken", "project", ["user"]],
    ]);
  });

  it("lets a local entry override the project entry of the same name", async () => {
    await writeProject({ mcpServers: { tracker: { command: "project-cmd" } } });
    await writeFile(
      home.localConfig,
      json({
        [cwd]: { mcpServers: { tracker: { command: "local-cmd" } } },
        "/other": { mcpServers: { x: { command: "x" } } },
      }),
    );
    expect(summary((await load()).servers)).toEqual(['tracker@local {"command":"local-cmd"}']);
  });

  it("lets --mcp-config entries win over every scope, later flags over earlier", async () => {
    await writeProject({ mcpServers: { tracker: { command: "project-cmd" }, other: { command: "other" } } });
    const flagFile = join(root, "flag.json");
    await writeFile(flagFile, json({ mcpServers: { tracker: { command: "file-cmd" } } }));
    const { servers } = await load({ extra: [flagFile, '{"mcpServers": {"tracker": {"command": "inline-cmd"}}}'] });
    expect(summary(servers)).toEqual(['other@project {"command":"other"}', 'tracker@flag {"command":"inline-cmd"}']);
    expect(servers.map((s) => s.file)).toEqual([join(cwd, ".mcp.json"), "--mcp-config"]);
  });

  it("reads only --mcp-config entries in strict mode", async () => {
    await writeUser({ mcpServers: { mine: { command: "mine" } } });
    await writeProject({ mcpServers: { tracker: { command: "project-cmd" } } });
    const { servers } = await load({ strict: true, extra: ['{"mcpServers": {"flagged": {"command": "f"}}}'] });
    expect(summary(servers)).toEqual(['flagged@flag {"command":"f"}']);
  });

  it("reports a file that is not JSON with line:column and still loads the other file", async () => {
    await writeUser({ mcpServers: { mine: { command: "mine" } } });
    await writeProject('{\n  "mcpServers": {\n    "tracker": {"command": "x",}\n  }\n}\n');
    const { servers, problems } = await load();
    expect(summary(servers)).toEqual(['mine@user {"command":"mine"}']);
    expect(problems).toEqual([`${join(cwd, ".mcp.json")}:3:32: invalid JSON (Expected double-quoted property name)`]);
  });

  it("reports mcpServers of the wrong type naming file and path", async () => {
    await writeProject({ mcpServers: ["tracker"] });
    expect((await load()).problems).toEqual([`${join(cwd, ".mcp.json")}: mcpServers: expected object, got array`]);
  });

  it("reports a bad entry with file, server and JSON path while its siblings load", async () => {
    await writeProject({
      mcpServers: {
        tracker: { command: "node", args: ["server.ts", 7] },
        good: { command: "good", note: "extra fields are tolerated" },
        remote: { type: "websocket", url: "ws://x" },
        empty: {},
      },
    });
    const { servers, problems } = await load();
    const file = join(cwd, ".mcp.json");
    expect(problems).toEqual([]);
    expect(servers).toEqual([
      { name: "tracker", source: "project", file, error: "mcpServers.tracker.args[1]: expected string, got number" },
      {
        name: "good",
        source: "project",
        file,
        entry: { command: "good", note: "extra fields are tolerated" },
        resolved: { command: "good", note: "extra fields are tolerated" },
      },
      {
        name: "remote",
        source: "project",
        file,
        error: 'mcpServers.remote.type: expected "stdio", "http", "sse" or "ws", got "websocket"',
      },
      { name: "empty", source: "project", file, error: "mcpServers.empty.command: missing (expected string)" },
    ]);
  });

  it('accepts "scope": "agents" and reports any other scope naming file, server and field', async () => {
    await writeProject({
      mcpServers: {
        qa: { command: "playwright-mcp", scope: "agents" },
        api: { type: "http", url: "https://api.test/mcp", scope: "agents" },
        typo: { command: "db-mcp", scope: "agent" },
      },
    });
    const { servers } = await load();
    const file = join(cwd, ".mcp.json");
    expect(servers.map((s) => ("error" in s ? s : s.entry.scope))).toEqual([
      "agents",
      "agents",
      { name: "typo", source: "project", file, error: 'mcpServers.typo.scope: expected "agents", got "agent"' },
    ]);
  });

  it("names the project folder in the JSON path of a bad local entry", async () => {
    await writeFile(home.localConfig, json({ [cwd]: { mcpServers: { tracker: { command: "x", env: { A: 1 } } } } }));
    const [server] = (await load()).servers;
    expect(server).toEqual({
      name: "tracker",
      source: "local",
      file: home.localConfig,
      error: `[${JSON.stringify(cwd)}].mcpServers.tracker.env.A: expected string, got number`,
    });
  });

  it("turns an invalid --mcp-config value into a problem instead of throwing", async () => {
    const { servers, problems } = await load({ extra: ["nope.json"] });
    expect(servers).toEqual([]);
    expect(problems).toEqual(["--mcp-config nope.json: no such file, and not inline JSON"]);
  });
});

describe("parseMcpConfigArg", () => {
  const reject = async (arg: string) => {
    try {
      await parseMcpConfigArg(arg, cwd);
    } catch (error) {
      expect(error).toBeInstanceOf(MiniCcError);
      return `${(error as MiniCcError).code}: ${(error as MiniCcError).message}`;
    }
    throw new Error("expected a MiniCcError");
  };

  it("reads a file path relative to cwd", async () => {
    await writeFile(join(cwd, "servers.json"), json({ mcpServers: { a: { command: "a" } } }));
    expect(await parseMcpConfigArg("servers.json", cwd)).toEqual({
      file: join(cwd, "servers.json"),
      servers: { a: { command: "a" } },
    });
  });

  it("rejects a value that is neither a file nor JSON", async () => {
    expect(await reject("missing.json")).toBe(
      "invalid-mcp-config: --mcp-config missing.json: no such file, and not inline JSON",
    );
  });

  it("rejects inline JSON that does not parse, with line:column", async () => {
    expect(await reject('{"mcpServers": }')).toBe(
      "invalid-mcp-config: --mcp-config (inline JSON):1:16: invalid JSON (Unexpected token '}')",
    );
  });

  it("rejects a config without mcpServers", async () => {
    expect(await reject('{"tracker": {"command": "x"}}')).toBe(
      "invalid-mcp-config: --mcp-config (inline JSON): mcpServers: missing",
    );
  });
});
