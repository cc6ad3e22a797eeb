import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSandbox, type CommandSandbox } from "../../../helpers/mcp-command-io.ts";

let box: CommandSandbox;
beforeEach(async () => {
  box = await createSandbox();
});
afterEach(async () => {
  await box.dispose();
});

/** The servers a scope file holds, local scope keyed by the project directory. */
async function servers(scope: "local" | "project" | "user"): Promise<unknown> {
  if (scope === "project") return ((await box.readJson(box.projectFile)) as { mcpServers: unknown }).mcpServers;
  if (scope === "user") return ((await box.readJson(box.home.userConfig)) as { mcpServers: unknown }).mcpServers;
  const doc = (await box.readJson(box.home.localConfig)) as Record<string, { mcpServers: unknown }>;
  return doc[box.cwd]?.mcpServers;
}

describe("mcp add", () => {
  it("adds a stdio server to the local scope by default", async () => {
    const run = await box.run(["add", "tracker", "--", "node", "server.js", "--port", "3"]);
    expect(run).toEqual({
      status: 0,
      stdout: `Added stdio MCP server tracker to local config (${box.home.localConfig})\n`,
      stderr: "",
    });
    expect(await servers("local")).toEqual({ tracker: { command: "node", args: ["server.js", "--port", "3"] } });
  });

  it("treats options after NAME as the command's when there is no --", async () => {
    await box.run(["add", "-e", "A=1", "-e", "B=x=y", "search", "npx", "-y", "search-mcp"]);
    expect(await servers("local")).toEqual({
      search: { command: "npx", args: ["-y", "search-mcp"], env: { A: "1", B: "x=y" } },
    });
  });

  it("adds a stdio server to the user scope", async () => {
    const run = await box.run(["add", "-s", "user", "tracker", "node", "t.js"]);
    expect(run.stdout).toBe(`Added stdio MCP server tracker to user config (${box.home.userConfig})\n`);
    expect(await servers("user")).toEqual({ tracker: { command: "node", args: ["t.js"] } });
  });

  it("adds to the project scope with a note about approval", async () => {
    const run = await box.run(["add", "--scope=project", "tracker", "--", "node", "t.js"]);
    expect(run.stdout).toBe(
      `Added stdio MCP server tracker to project config (${box.projectFile})\n` +
        "Teammates will be asked to approve it before it starts; to approve it yourself, run: mini-cc mcp approve tracker\n",
    );
    expect(await box.read(box.projectFile)).toBe(
      '{\n  "mcpServers": {\n    "tracker": {\n      "command": "node",\n      "args": [\n        "t.js"\n      ]\n    }\n  }\n}\n',
    );
  });

  it("adds an http server with headers", async () => {
    const run = await box.run([
      "add",
      "--transport",
      "http",
      "-H",
      "Authorization: Bearer ${TOKEN}",
      "-H",
      "X-Team:core",
      "docs",
      "https://example.com/mcp",
    ]);
    expect(run.stdout).toBe(
      `Added http MCP server docs to local config (${box.home.localConfig})\n` +
        "  Header: Authorization: Bearer ${TOKEN}\n" +
        "  Header: X-Team: ****\n",
    );
    expect(await servers("local")).toEqual({
      docs: {
        type: "http",
        url: "https://example.com/mcp",
        headers: { Authorization: "Bearer ${TOKEN}", "X-Team": "core" },
      },
    });
  });

  it("adds an sse server to the user scope", async () => {
    await box.run(["add", "-t", "sse", "-s", "user", "events", "http://127.0.0.1:8080/sse"]);
    expect(await servers("user")).toEqual({ events: { type: "sse", url: "http://127.0.0.1:8080/sse" } });
  });

  it("keeps the project file's other entries, keys and indentation", async () => {
    await box.write(
      box.projectFile,
      '{\n    "$schema": "x",\n    "mcpServers": {\n        "old": {"command": "old"}\n    },\n    "other": 1\n}\n',
    );
    await box.run(["add", "-s", "project", "-t", "http", "web", "http://h/mcp"]);
    expect(await box.read(box.projectFile)).toBe(
      '{\n    "$schema": "x",\n    "mcpServers": {\n        "old": {\n            "command": "old"\n        },\n' +
        '        "web": {\n            "type": "http",\n            "url": "http://h/mcp"\n        }\n    },\n    "other": 1\n}\n',
    );
  });

  it("refuses a name the scope already has", async () => {
    await box.run(["add", "tracker", "--", "node", "a.js"]);
    const run = await box.run(["add", "tracker", "--", "node", "b.js"]);
    expect(run).toEqual({
      status: 1,
      stdout: "",
      stderr: `mini-cc mcp add: ${box.home.localConfig}: local scope already has a server named "tracker" (use --force to replace it).\n`,
    });
    expect(await servers("local")).toEqual({ tracker: { command: "node", args: ["a.js"] } });
  });

  it("replaces a server of the same name with --force", async () => {
    await box.run(["add", "tracker", "--", "node", "a.js"]);
    const run = await box.run(["add", "--force", "tracker", "--", "node", "b.js"]);
    expect(run.stdout).toBe(`Replaced stdio MCP server tracker in local config (${box.home.localConfig})\n`);
    expect(await servers("local")).toEqual({ tracker: { command: "node", args: ["b.js"] } });
  });

  it("warns when a scope of higher precedence declares the same name", async () => {
    await box.run(["add", "tracker", "--", "node", "a.js"]);
    const run = await box.run(["add", "-s", "user", "tracker", "--", "node", "b.js"]);
    expect(run.status).toBe(0);
    expect(run.stderr).toBe("Note: the local config also declares tracker and takes precedence over this one.\n");
  });

  it("reads options between NAME and -- as its own", async () => {
    const run = await box.run(["add", "tracker", "-s", "user", "--", "node", "--inspect", "t.js"]);
    expect(run.stdout).toBe(`Added stdio MCP server tracker to user config (${box.home.userConfig})\n`);
    expect(await servers("user")).toEqual({ tracker: { command: "node", args: ["--inspect", "t.js"] } });
  });

  it("notes a URL given as a stdio command", async () => {
    const run = await box.run(["add", "docs", "https://example.com/mcp"]);
    expect(run.status).toBe(0);
    expect(run.stderr).toBe(
      "Note: https://example.com/mcp looks like a URL; for a remote server use --transport http, sse or ws.\n",
    );
  });

  it("never overwrites a config file that is not valid JSON", async () => {
    const broken = '{\n  "mcpServers": {\n    "a": {"command": "x",}\n  }\n}\n';
    await box.write(box.projectFile, broken);
    const run = await box.run(["add", "-s", "project", "tracker", "--", "node", "t.js"]);
    expect(run).toEqual({
      status: 1,
      stdout: "",
      stderr: `mini-cc mcp add: ${box.projectFile}:3:26: invalid JSON (Expected double-quoted property name)\n`,
    });
    expect(await box.read(box.projectFile)).toBe(broken);
  });

  it("rejects a server name with other characters", async () => {
    const run = await box.run(["add", "my server", "--", "node"]);
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(
      'mini-cc mcp add: Invalid server name "my server": use letters, digits, "_" and "-" only.\n',
    );
  });
});

describe("mcp add-json", () => {
  it("adds a stdio entry to the user scope", async () => {
    const run = await box.run([
      "add-json",
      "-s",
      "user",
      "fs",
      '{"command":"npx","args":["-y","fs-mcp"],"env":{"K":"${K}"}}',
    ]);
    expect(run.stdout).toBe(`Added stdio MCP server fs to user config (${box.home.userConfig})\n`);
    expect(await servers("user")).toEqual({ fs: { command: "npx", args: ["-y", "fs-mcp"], env: { K: "${K}" } } });
  });

  it("adds an http entry to the project scope", async () => {
    const run = await box.run([
      "add-json",
      "-s",
      "project",
      "web",
      '{"type":"http","url":"http://h/mcp","headers":{"A":"b"}}',
    ]);
    expect(run.status).toBe(0);
    expect(await servers("project")).toEqual({ web: { type: "http", url: "http://h/mcp", headers: { A: "b" } } });
  });

  it("takes an entry with a url and no type as http, as Claude Code does", async () => {
    const run = await box.run(["add-json", "web", '{"url":"http://h/mcp"}']);
    expect(run.stdout).toBe(`Added http MCP server web to local config (${box.home.localConfig})\n`);
    expect(await servers("local")).toEqual({ web: { type: "http", url: "http://h/mcp" } });
  });

  it("adds an sse entry to the local scope", async () => {
    const run = await box.run(["add-json", "ev", '{"type":"sse","url":"http://h/sse"}']);
    expect(run.stdout).toBe(`Added sse MCP server ev to local config (${box.home.localConfig})\n`);
    expect(await servers("local")).toEqual({ ev: { type: "sse", url: "http://h/sse" } });
  });

  it("names the JSON path of an invalid entry", async () => {
    const run = await box.run(["add-json", "x", '{"command":"node","args":["a",2]}']);
    expect(run).toEqual({
      status: 1,
      stdout: "",
      stderr: "mini-cc mcp add-json: invalid server entry: args[1]: expected string, got number\n",
    });
  });

  it("names the position of a JSON syntax error", async () => {
    const run = await box.run(["add-json", "x", '{"command": node}']);
    expect(run).toEqual({
      status: 1,
      stdout: "",
      stderr: "mini-cc mcp add-json: invalid JSON at 1:14 (Unexpected token 'o')\n",
    });
  });
});
