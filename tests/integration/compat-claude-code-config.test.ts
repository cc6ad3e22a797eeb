import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadMcpConfig } from "../../src/config/load.ts";
import { resolveHome } from "../../src/home.ts";
import {
  cliForTestFile,
  initOf,
  processesMentioning,
  resultOf,
  scriptedStreamRun,
  ROOT,
  textResult,
  toolResultsById,
  toolUse,
  type CliRun,
  type CliSandbox,
} from "../helpers/cli-sandbox.ts";
import { closedPort, startRemoteServer, type RemoteMcpServer } from "../helpers/third-party-remote-server.ts";

// A .mcp.json written the way Claude Code users write it, byte for byte: stdio
// servers with and without "type", npx and node commands, `env` with ${VAR},
// ${VAR:-default} in args and headers, http and sse entries with headers, and
// one remote server that is down. It is handed to mini-cc unchanged. "journal"
// has no env block: like Claude Code, mini-cc passes the user's exported
// environment on (here MEMORY_FILE_PATH), and an entry's env wins over it.
const CLAUDE_CODE_MCP_JSON = `{
  "mcpServers": {
    "filesystem": {
      "command": "npx",
      "args": ["-y", "@modelcontextprotocol/server-filesystem", "\${DOCS_DIR}"]
    },
    "memory": {
      "type": "stdio",
      "command": "node",
      "args": ["\${MCP_SERVERS_DIR:-node_modules/@modelcontextprotocol}/server-memory/dist/index.js"],
      "env": {
        "MEMORY_FILE_PATH": "\${MEMORY_FILE}"
      }
    },
    "journal": {
      "command": "node",
      "args": ["node_modules/@modelcontextprotocol/server-memory/dist/index.js"]
    },
    "notes": {
      "type": "http",
      "url": "\${NOTES_URL}/mcp",
      "headers": {
        "Authorization": "Bearer \${TEST_TOKEN}",
        "X-Team": "\${TEAM:-platform}"
      }
    },
    "events": {
      "type": "sse",
      "url": "\${NOTES_URL}/sse",
      "headers": {
        "Authorization": "Bearer \${TEST_TOKEN}"
      }
    },
    "offline": {
      "type": "http",
      "url": "http://127.0.0.1:\${OFFLINE_PORT}/mcp"
    }
  }
}
`;
const TOKEN = "tok-compat-7";
const ADA = { name: "Ada", entityType: "person", observations: ["wrote the first program"] };
const DIARY = { name: "Diary", entityType: "notebook", observations: ["kept by the shell's MEMORY_FILE_PATH"] };

const cli = cliForTestFile();
let box: CliSandbox;
let server: RemoteMcpServer;
let offlinePort: number;
let vars: Record<string, string>;
let run: CliRun;

beforeAll(async () => {
  box = await cli.sandbox();
  [server, offlinePort] = await Promise.all([startRemoteServer(), closedPort()]);
  vars = {
    DOCS_DIR: join(box.root, "docs"),
    MEMORY_FILE: join(box.root, "graph.jsonl"),
    NOTES_URL: server.url,
    TEST_TOKEN: TOKEN,
    OFFLINE_PORT: String(offlinePort),
    MEMORY_FILE_PATH: join(box.root, "journal.jsonl"),
  };
  await box.write("docs/hello.txt", "hello from docs\n");
  await box.write("graph.jsonl", JSON.stringify({ type: "entity", ...ADA }));
  await box.write("journal.jsonl", JSON.stringify({ type: "entity", ...DIARY }));
  const config = await box.write(".mcp.json", CLAUDE_CODE_MCP_JSON);
  await box.write("home/mcp.json", CLAUDE_CODE_MCP_JSON);
  const responses = [
    [
      toolUse("fs", "mcp__filesystem__read_text_file", { path: join(vars.DOCS_DIR!, "hello.txt") }),
      toolUse("memory", "mcp__memory__read_graph", {}),
      toolUse("journal", "mcp__journal__read_graph", {}),
      toolUse("http", "mcp__notes__whoami", {}),
      toolUse("sse", "mcp__events__whoami", {}),
    ],
    [{ type: "text", text: "All read." }],
  ];
  // npx resolves the server from the repository's node_modules, as in a project that installed it;
  // --strict-mcp-config keeps the repository's own .mcp.json (and the user scope) out of this run.
  // server-filesystem trades its folder arguments for the client's roots (as under Claude Code, which also
  // offers roots): the docs folder is a root through --add-dir, as a Claude Code user would add it.
  const flags = ["--strict-mcp-config", "--mcp-config", config, "--add-dir", vars.DOCS_DIR!];
  run = await scriptedStreamRun(box, responses, flags, { cwd: ROOT, env: vars });
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe("a .mcp.json written for Claude Code", () => {
  it("loads unchanged from the user scope: both stdio forms, http and sse, every ${VAR} form expanded", async () => {
    const env = { ...box.env, ...vars };
    const loaded = await loadMcpConfig({ cwd: box.project, home: resolveHome(env, "/nowhere"), env });
    expect(loaded.problems).toEqual([]);
    expect(loaded.warnings).toEqual([]);
    expect(
      loaded.servers.map((s) => ({ name: s.name, source: s.source, resolved: "resolved" in s ? s.resolved : s })),
    ).toEqual([
      {
        name: "filesystem",
        source: "user",
        resolved: { command: "npx", args: ["-y", "@modelcontextprotocol/server-filesystem", vars.DOCS_DIR] },
      },
      {
        name: "memory",
        source: "user",
        resolved: {
          type: "stdio",
          command: "node",
          args: ["node_modules/@modelcontextprotocol/server-memory/dist/index.js"],
          env: { MEMORY_FILE_PATH: vars.MEMORY_FILE },
        },
      },
      {
        name: "journal",
        source: "user",
        resolved: { command: "node", args: ["node_modules/@modelcontextprotocol/server-memory/dist/index.js"] },
      },
      {
        name: "notes",
        source: "user",
        resolved: {
          type: "http",
          url: `${server.url}/mcp`,
          headers: { Authorization: `Bearer ${TOKEN}`, "X-Team": "platform" },
        },
      },
      {
        name: "events",
        source: "user",
        resolved: { type: "sse", url: `${server.url}/sse`, headers: { Authorization: `Bearer ${TOKEN}` } },
      },
      { name: "offline", source: "user", resolved: { type: "http", url: `http://127.0.0.1:${offlinePort}/mcp` } },
    ]);
  });

  it("connects every server that can connect, and fails only the one that is down", () => {
    expect(initOf(run.lines)?.mcp_servers).toEqual([
      { name: "filesystem", status: "connected" },
      { name: "memory", status: "connected" },
      { name: "journal", status: "connected" },
      { name: "notes", status: "connected" },
      { name: "events", status: "connected" },
      { name: "offline", status: "failed" },
    ]);
    expect(run.stderr).toBe(
      `mini-cc: MCP server offline failed: fetch failed: connect ECONNREFUSED 127.0.0.1:${offlinePort}\n`,
    );
  });

  it("calls a tool on each connected server, the memory server reading the file its env names", () => {
    const { fs, memory, http, sse } = toolResultsById(run.lines);
    expect({ fs, memory, http, sse }).toEqual({
      fs: textResult("hello from docs\n"),
      memory: textResult(JSON.stringify({ entities: [ADA], relations: [] }, null, 2)),
      http: textResult(`authorization: Bearer ${TOKEN}`),
      sse: textResult(`authorization: Bearer ${TOKEN}`),
    });
    expect([resultOf(run.lines)?.result, run.code]).toEqual(["All read.", 0]);
  });

  it("passes the user's exported environment to a stdio server with no env block, as Claude Code does", () => {
    expect(toolResultsById(run.lines).journal).toEqual(
      textResult(JSON.stringify({ entities: [DIARY], relations: [] }, null, 2)),
    );
  });

  it("sends the http entry's headers expanded, ${TEAM:-platform} falling back to its default", () => {
    const mcp = server.requests.filter((r) => r.path === "/mcp");
    expect(mcp.length).toBeGreaterThan(0);
    expect(mcp.map((r) => [r.headers.authorization, r.headers["x-team"]])).toEqual(
      mcp.map(() => [`Bearer ${TOKEN}`, "platform"]),
    );
  });

  it("leaves no stdio server (npx included) running when the CLI exits", () => {
    expect(processesMentioning(box.root)).toEqual([]);
  });
});
