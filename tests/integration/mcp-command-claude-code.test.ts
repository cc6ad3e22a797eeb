import { beforeEach, describe, expect, it } from "vitest";
import { addCommand } from "../../src/cli/mcp/add.ts";
import { cliForTestFile, type CliSandbox } from "../helpers/cli-sandbox.ts";

// Claude Code's own command lines, run through the bundled CLI in its own process with a temporary HOME.

const cli = cliForTestFile();
let box: CliSandbox;
beforeEach(async () => {
  box = await cli.sandbox();
});

/** The local scope's servers for the sandbox's project. */
async function localServers(): Promise<Record<string, unknown>> {
  const doc = JSON.parse(await box.read("home/local-mcp.json")) as Record<
    string,
    { mcpServers: Record<string, unknown> }
  >;
  return doc[box.project]!.mcpServers;
}

async function userServers(): Promise<Record<string, unknown>> {
  return (JSON.parse(await box.read("home/mcp.json")) as { mcpServers: Record<string, unknown> }).mcpServers;
}

/**
 * The entry Claude Code writes, as mini-cc writes it: Claude Code spells out
 * `"type": "stdio"` and an empty `env`; mini-cc leaves both out, which means
 * the same to both programs.
 */
function asMiniCcWrites(entry: Record<string, unknown>): Record<string, unknown> {
  const { type, env, ...rest } = entry;
  const out: Record<string, unknown> = type === "stdio" ? rest : { type, ...rest };
  if (env !== undefined && Object.keys(env as object).length > 0) out.env = env;
  return out;
}

// Every example of `claude mcp add --help`, then the lines of Claude Code's MCP docs, with the entry Claude Code writes for each.
const CLAUDE_CODE_LINES: Array<[string[], string, Record<string, unknown>]> = [
  [
    ["--transport", "http", "sentry", "https://mcp.sentry.dev/mcp"],
    "sentry",
    { type: "http", url: "https://mcp.sentry.dev/mcp" },
  ],
  [
    ["--transport", "http", "corridor", "https://app.corridor.dev/api/mcp", "--header", "Authorization: Bearer ..."],
    "corridor",
    { type: "http", url: "https://app.corridor.dev/api/mcp", headers: { Authorization: "Bearer ..." } },
  ],
  [
    ["-e", "API_KEY=xxx", "my-server", "--", "npx", "my-mcp-server"],
    "my-server",
    { type: "stdio", command: "npx", args: ["my-mcp-server"], env: { API_KEY: "xxx" } },
  ],
  [
    ["my-server", "--", "my-command", "--some-flag", "arg1"],
    "my-server",
    { type: "stdio", command: "my-command", args: ["--some-flag", "arg1"], env: {} },
  ],
  [
    [
      "--transport",
      "stdio",
      "--env",
      "AIRTABLE_API_KEY=YOUR_KEY",
      "airtable",
      "--",
      "npx",
      "-y",
      "airtable-mcp-server",
    ],
    "airtable",
    { type: "stdio", command: "npx", args: ["-y", "airtable-mcp-server"], env: { AIRTABLE_API_KEY: "YOUR_KEY" } },
  ],
  [
    ["--transport", "sse", "private-api", "https://api.company.com/sse", "--header", "X-API-Key: your-key-here"],
    "private-api",
    { type: "sse", url: "https://api.company.com/sse", headers: { "X-API-Key": "your-key-here" } },
  ],
  [
    [
      "--transport",
      "http",
      "secure-api",
      "https://api.example.com/mcp",
      "--header",
      "Authorization: Bearer your-token",
    ],
    "secure-api",
    { type: "http", url: "https://api.example.com/mcp", headers: { Authorization: "Bearer your-token" } },
  ],
  [
    ["--transport", "streamable-http", "docs", "https://code.claude.com/docs/mcp"],
    "docs",
    { type: "http", url: "https://code.claude.com/docs/mcp" },
  ],
  [
    ["-e", "A=1", "B=2", "-e", "C=3", "multi", "--", "node", "s.js"],
    "multi",
    { type: "stdio", command: "node", args: ["s.js"], env: { A: "1", B: "2", C: "3" } },
  ],
  [
    ["-t", "http", "two", "-H", "A: 1", "B:2", "https://h.example/mcp", "-s", "local"],
    "two",
    { type: "http", url: "https://h.example/mcp", headers: { A: "1", B: "2" } },
  ],
];

describe("Claude Code's `mcp add` lines", () => {
  for (const [argv, name, claudeCodeEntry] of CLAUDE_CODE_LINES) {
    it(`mcp add ${argv.join(" ")}`, async () => {
      const run = await box.run(["mcp", "add", ...argv]);
      expect(run.stderr).toBe("");
      expect(run.code).toBe(0);
      expect(await localServers()).toEqual({ [name]: asMiniCcWrites(claudeCodeEntry) });
    });
  }

  it("shows header values masked, scheme kept, when adding and in mcp get", async () => {
    const add = await box.run([
      "mcp",
      "add",
      "--transport",
      "http",
      "corridor",
      "https://app.corridor.dev/api/mcp",
      "--header",
      "Authorization: Bearer s3cr3t",
      "-H",
      "X-Api-Key: k3y",
      "X-Env: ${ENV_TOKEN}",
    ]);
    expect(add).toMatchObject({
      code: 0,
      stderr: "",
      stdout: [
        `Added http MCP server corridor to local config (${box.home}/local-mcp.json)`,
        "  Header: Authorization: Bearer ****",
        "  Header: X-Api-Key: ****",
        "  Header: X-Env: ${ENV_TOKEN}",
        "",
      ].join("\n"),
    });
    const get = await box.run(["mcp", "get", "--no-connect", "corridor"]);
    expect(get.stdout).toBe(
      [
        "corridor:",
        `  Scope: local (${box.home}/local-mcp.json)`,
        "  Type: http",
        "  URL: https://app.corridor.dev/api/mcp",
        "  Headers:",
        "    Authorization: Bearer ****",
        "    X-Api-Key: ****",
        "    X-Env: ${ENV_TOKEN}",
        "",
        "To remove it: mini-cc mcp remove corridor -s local",
        "",
      ].join("\n"),
    );
    expect(get.stdout + add.stdout).not.toContain("s3cr3t");
    expect(get.stdout + add.stdout).not.toContain("k3y");
  });

  it("exits 2 naming the flag for a header without a colon", async () => {
    const run = await box.run(["mcp", "add", "-t", "http", "x", "https://h/mcp", "-H", "Authorization"]);
    expect(run).toMatchObject({
      code: 2,
      stdout: "",
      stderr: `mini-cc mcp add: invalid --header value "Authorization": expected "Name: value"\n${addCommand.usage.split("\n\n")[0]}\nRun "mini-cc mcp add --help" for every option.\n`,
    });
  });
});

describe("mcp add-json NAME -", () => {
  it("reads the entry from standard input", async () => {
    const run = await box.run(["mcp", "add-json", "-s", "user", "weather", "-"], {
      stdin: '{"type":"http","url":"https://api.weather.example/mcp","headers":{"Authorization":"Bearer tok"}}\n',
    });
    expect(run).toMatchObject({
      code: 0,
      stderr: "",
      stdout: `Added http MCP server weather to user config (${box.home}/mcp.json)\n  Header: Authorization: Bearer ****\n`,
    });
    expect(await userServers()).toEqual({
      weather: { type: "http", url: "https://api.weather.example/mcp", headers: { Authorization: "Bearer tok" } },
    });
  });

  it("fails naming standard input for JSON that does not parse, and for none", async () => {
    expect(await box.run(["mcp", "add-json", "w", "-"], { stdin: '{"command": }' })).toMatchObject({
      code: 1,
      stderr: "mini-cc mcp add-json: invalid JSON on standard input at 1:13 (Unexpected token '}')\n",
    });
    expect(await box.run(["mcp", "add-json", "w", "-"])).toMatchObject({
      code: 1,
      stderr: "mini-cc mcp add-json: no JSON on standard input\n",
    });
  });
});

describe("mcp add-from-claude-desktop", () => {
  const desktop = {
    mcpServers: {
      filesystem: { command: "npx", args: ["-y", "@modelcontextprotocol/server-filesystem", "/Users/me/Desktop"] },
      github: {
        command: "npx",
        args: ["-y", "@modelcontextprotocol/server-github"],
        env: { GITHUB_PERSONAL_ACCESS_TOKEN: "ghp_x" },
      },
      broken: { args: ["no-command"] },
      "my weather": { command: "uvx", args: ["weather-mcp"] },
    },
  };

  it("imports every valid server with --all: one renamed on a clash, one renamed for its name, the invalid one skipped with its reason", async () => {
    await box.write(".config/Claude/claude_desktop_config.json", desktop);
    await box.run(["mcp", "add", "-s", "user", "github", "--", "gh-mcp"]);
    const run = await box.run(["mcp", "add-from-claude-desktop", "-s", "user", "--all"]);
    const file = `${box.root}/.config/Claude/claude_desktop_config.json`;
    expect(run).toMatchObject({
      code: 0,
      stderr: "",
      stdout: [
        `Imported 3 MCP servers from Claude Desktop (${file}) to user config (${box.home}/mcp.json):`,
        "  added    filesystem",
        "  renamed  github → github_1 (the scope already has that name)",
        "  renamed  my weather → my-weather (a name may hold letters, digits, _ and - only)",
        "  skipped  broken: mcpServers.broken.command: missing (expected string)",
        "",
      ].join("\n"),
    });
    expect(await userServers()).toEqual({
      github: { command: "gh-mcp", args: [] },
      filesystem: desktop.mcpServers.filesystem,
      github_1: desktop.mcpServers.github,
      "my-weather": desktop.mcpServers["my weather"],
    });
  });

  it("reads $XDG_CONFIG_HOME when set", async () => {
    await box.write("xdg/Claude/claude_desktop_config.json", { mcpServers: { only: { command: "x" } } });
    const run = await box.run(["mcp", "add-from-claude-desktop", "--all"], {
      env: { XDG_CONFIG_HOME: `${box.root}/xdg` },
    });
    expect(run.code).toBe(0);
    expect(await localServers()).toEqual({ only: { command: "x" } });
  });

  it("asks for --all when standard input is not a terminal, and names a missing config file", async () => {
    await box.write(".config/Claude/claude_desktop_config.json", desktop);
    const run = await box.run(["mcp", "add-from-claude-desktop"]);
    expect(run.code).toBe(2);
    expect(run.stderr.split("\n")[0]).toBe(
      "mini-cc mcp add-from-claude-desktop: standard input is not a terminal: add --all to import every server",
    );
    const missing = await box.run(["mcp", "add-from-claude-desktop", "--all"], {
      env: { XDG_CONFIG_HOME: `${box.root}/nowhere` },
    });
    expect(missing).toMatchObject({
      code: 1,
      stderr: `mini-cc mcp add-from-claude-desktop: no Claude Desktop config at ${box.root}/nowhere/Claude/claude_desktop_config.json\n`,
    });
  });
});

describe("mcp import --from claude-code", () => {
  it("imports Claude Code's user servers and this project's local ones, skipping types mini-cc does not run", async () => {
    await box.write(".claude.json", {
      numStartups: 12,
      mcpServers: {
        sentry: { type: "http", url: "https://mcp.sentry.dev/mcp" },
        shared: { type: "stdio", command: "user-shared", args: [], env: {} },
      },
      projects: {
        [box.project]: {
          allowedTools: [],
          mcpServers: {
            shared: { type: "stdio", command: "local-shared", args: ["--here"], env: { K: "v" } },
            ide: { type: "sse-ide", url: "http://127.0.0.1:1/sse", ideName: "VS Code" },
          },
        },
        "/some/other/project": { mcpServers: { other: { command: "elsewhere" } } },
      },
    });
    const run = await box.run(["mcp", "import", "--from", "claude-code", "-s", "user"]);
    expect(run).toMatchObject({
      code: 0,
      stderr: "",
      stdout: [
        `Imported 3 MCP servers from Claude Code (${box.root}/.claude.json) to user config (${box.home}/mcp.json):`,
        "  added    shared",
        "  added    sentry",
        "  renamed  shared → shared_1 (the scope already has that name)",
        `  skipped  ide: projects["${box.project}"].mcpServers.ide.type: expected "stdio", "http", "sse" or "ws", got "sse-ide"`,
        "",
      ].join("\n"),
    });
    expect(await userServers()).toEqual({
      shared: { type: "stdio", command: "local-shared", args: ["--here"], env: { K: "v" } },
      sentry: { type: "http", url: "https://mcp.sentry.dev/mcp" },
      shared_1: { type: "stdio", command: "user-shared", args: [], env: {} },
    });
  });

  it("fails naming ~/.claude.json when it is not valid JSON, and writes nothing", async () => {
    await box.write(".claude.json", '{"mcpServers": {,}}');
    const run = await box.run(["mcp", "import", "--from", "claude-code"]);
    expect(run).toMatchObject({
      code: 1,
      stderr: `mini-cc mcp import: ${box.root}/.claude.json:1:17: invalid JSON (Expected property name or '}')\n`,
    });
    await expect(box.read("home/local-mcp.json")).rejects.toThrow(/ENOENT/);
  });
});
