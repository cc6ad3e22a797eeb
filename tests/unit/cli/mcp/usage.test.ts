import { existsSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { addJsonCommand } from "../../../../src/cli/mcp/add-json.ts";
import { addCommand } from "../../../../src/cli/mcp/add.ts";
import { addFromClaudeDesktopCommand } from "../../../../src/cli/mcp/add-from-claude-desktop.ts";
import { importCommand } from "../../../../src/cli/mcp/import.ts";
import { approveCommand } from "../../../../src/cli/mcp/approve.ts";
import type { McpSubcommand } from "../../../../src/cli/mcp/command.ts";
import { getCommand } from "../../../../src/cli/mcp/get.ts";
import { MCP_USAGE } from "../../../../src/cli/mcp/index.ts";
import { USAGE } from "../../../../src/cli/cli-args.ts";
import { listCommand } from "../../../../src/cli/mcp/list.ts";
import { removeCommand } from "../../../../src/cli/mcp/remove.ts";
import { resetProjectChoicesCommand } from "../../../../src/cli/mcp/reset-project-choices.ts";
import { createSandbox, type CommandSandbox } from "../../../helpers/mcp-command-io.ts";

let box: CommandSandbox;
beforeEach(async () => {
  box = await createSandbox();
});
afterEach(async () => {
  await box.dispose();
});

const ALL = [
  addCommand,
  addJsonCommand,
  addFromClaudeDesktopCommand,
  importCommand,
  listCommand,
  getCommand,
  removeCommand,
  approveCommand,
  resetProjectChoicesCommand,
];

const cases: Array<[string[], McpSubcommand, string]> = [
  [["add", "--bogus", "x", "--", "node"], addCommand, "unknown option: --bogus"],
  [["add"], addCommand, "missing NAME"],
  [["add", "tracker"], addCommand, "missing COMMAND"],
  [["add", "-t", "http", "docs"], addCommand, "missing URL"],
  [["add", "-e", "FOO", "tracker", "--", "node"], addCommand, 'invalid --env value "FOO": expected KEY=VALUE'],
  [
    ["add", "-t", "http", "-H", "NoColon", "docs", "http://h"],
    addCommand,
    'invalid --header value "NoColon": expected "Name: value"',
  ],
  [["add", "-s", "global", "x", "--", "node"], addCommand, "unknown scope: global (expected local, project or user)"],
  [
    ["add", "--transport", "grpc", "x", "ws://h"],
    addCommand,
    "unknown transport: grpc (expected stdio, http, sse, ws or streamable-http)",
  ],
  [["import"], importCommand, "missing --from claude-code"],
  [
    ["import", "--from", "cursor"],
    importCommand,
    "unknown --from value: cursor (expected claude-code or claude-desktop)",
  ],
  [["add-from-claude-desktop", "extra"], addFromClaudeDesktopCommand, "unexpected argument: extra"],
  [["add", "--transport", "ws", "x", "https://h"], addCommand, "invalid URL: https://h (expected ws:// or wss://)"],
  [["add", "-t", "http", "x", "https://h", "extra"], addCommand, "unexpected argument: extra"],
  [["add", "-t", "http", "x", "-H"], addCommand, "option -H needs a value"],
  [["add", "-t", "http", "docs", "http://h", "extra"], addCommand, "unexpected argument: extra"],
  [
    ["add", "-t", "sse", "docs", "localhost:8080"],
    addCommand,
    "invalid URL: localhost:8080 (expected http:// or https://)",
  ],
  [["add", "-e", "A=1", "-t", "http", "docs", "http://h"], addCommand, "--env is for stdio servers"],
  [
    ["add", "-H", "A: b", "x", "--", "node"],
    addCommand,
    "--header is for http, sse and ws servers (add --transport http)",
  ],
  [["add", "-s"], addCommand, "option -s needs a value"],
  [["add-json", "x"], addJsonCommand, "missing JSON"],
  [["add-json", "-s", "team", "x", "{}"], addJsonCommand, "unknown scope: team (expected local, project or user)"],
  [["list", "extra"], listCommand, "unexpected argument: extra"],
  [["list", "--verbose"], listCommand, "unknown option: --verbose"],
  [["get"], getCommand, "missing NAME"],
  [["get", "a", "b"], getCommand, "unexpected argument: b"],
  [["remove"], removeCommand, "missing NAME"],
  [["remove", "--scope", "bad", "x"], removeCommand, "unknown scope: bad (expected local, project or user)"],
  [["approve", "--all"], approveCommand, "unknown option: --all"],
  [["reset-project-choices", "now"], resetProjectChoicesCommand, "unexpected argument: now"],
];

describe("top-level --help", () => {
  it("names every mcp command", () => {
    const names = [...MCP_USAGE.matchAll(/^ {2}([a-z-]+) /gm)].map((m) => m[1]!).filter((name) => name !== "help");
    expect(names.length).toBeGreaterThan(10);
    for (const name of names) expect(USAGE).toMatch(new RegExp(`[<| ]${name}[|>]`));
  });
});

describe("usage errors", () => {
  for (const [argv, sub, message] of cases) {
    it(`mcp ${argv.join(" ")} → exit 2: ${message}`, async () => {
      const run = await box.run(argv);
      const usage = sub.usage.split("\n\n")[0];
      expect(usage).toMatch(/^Usage: mini-cc mcp /);
      expect(run).toEqual({
        status: 2,
        stdout: "",
        stderr: `mini-cc mcp ${sub.name}: ${message}\n${usage}\nRun "mini-cc mcp ${sub.name} --help" for every option.\n`,
      });
      // Nothing was written.
      expect([box.projectFile, box.home.localConfig, box.home.userConfig].filter((file) => existsSync(file))).toEqual(
        [],
      );
    });
  }

  it("an unknown subcommand gets the mcp usage", async () => {
    expect(await box.run(["bogus"])).toEqual({
      status: 2,
      stdout: "",
      stderr: `mini-cc mcp: unknown command: bogus\n${MCP_USAGE}\n`,
    });
  });

  it("no subcommand gets the mcp usage", async () => {
    expect(await box.run([])).toEqual({
      status: 2,
      stdout: "",
      stderr: `mini-cc mcp: missing command\n${MCP_USAGE}\n`,
    });
  });

  it("an option before the subcommand is unknown", async () => {
    expect(await box.run(["-s", "user"])).toEqual({
      status: 2,
      stdout: "",
      stderr: `mini-cc mcp: unknown option: -s\n${MCP_USAGE}\n`,
    });
  });
});

describe("help", () => {
  it("mcp --help lists every subcommand", async () => {
    const run = await box.run(["--help"]);
    expect(run).toEqual({ status: 0, stdout: `${MCP_USAGE}\n`, stderr: "" });
    expect(run.stdout).toContain("  reset-project-choices    forget this project's server approvals\n");
  });

  for (const sub of ALL) {
    it(`mcp ${sub.name} --help prints its usage`, async () => {
      expect(await box.run([sub.name, "--help"])).toEqual({ status: 0, stdout: `${sub.usage}\n`, stderr: "" });
      expect(await box.run([sub.name, "-h"])).toEqual({ status: 0, stdout: `${sub.usage}\n`, stderr: "" });
      expect(await box.run(["help", sub.name])).toEqual({ status: 0, stdout: `${sub.usage}\n`, stderr: "" });
    });
  }

  it("--help after the command line of a server is the server's", async () => {
    const run = await box.run(["add", "tracker", "--", "node", "--help"]);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(`Added stdio MCP server tracker to local config (${box.home.localConfig})\n`);
  });
});
