import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  BUILTIN_TOOLS,
  cliForTestFile,
  initOf,
  processesMentioning,
  resultOf,
  ROOT,
  scriptedStreamRun,
  SERVERS_DIR,
  textResult,
  toolResultsById,
  toolUse,
  type CliRun,
  type CliSandbox,
} from "../helpers/cli-sandbox.ts";

// @modelcontextprotocol/server-memory started exactly as a user's .mcp.json starts it:
// `npx -y @modelcontextprotocol/server-memory`. npx resolves the package from the
// repository's node_modules, so the CLI runs in the repository (--strict-mcp-config
// keeps the repository's own .mcp.json out). MEMORY_FILE_PATH (the server's README)
// keeps its graph in the sandbox, never in node_modules.
const MEMORY_TOOLS = [
  "create_entities",
  "create_relations",
  "add_observations",
  "delete_entities",
  "delete_observations",
  "delete_relations",
  "read_graph",
  "search_nodes",
  "open_nodes",
];
const ENTITIES = [
  { name: "Ada", entityType: "person", observations: ["wrote the first program"] },
  { name: "Analytical Engine", entityType: "machine", observations: ["never finished"] },
];

const cli = cliForTestFile();
let box: CliSandbox;
let run: CliRun;
let graphFile: string;

beforeAll(async () => {
  box = await cli.sandbox();
  graphFile = join(box.root, "graph.jsonl");
  const config = await box.write("memory.json", {
    mcpServers: {
      memory: {
        command: "npx",
        args: ["-y", "@modelcontextprotocol/server-memory"],
        env: { MEMORY_FILE_PATH: graphFile },
      },
    },
  });
  const responses = [
    [{ type: "text", text: "Remembering." }, toolUse("create", "mcp__memory__create_entities", { entities: ENTITIES })],
    [toolUse("read", "mcp__memory__read_graph", {})],
    [{ type: "text", text: "I know Ada now." }],
  ];
  const flags = ["--strict-mcp-config", "--mcp-config", config, "--allowedTools", "mcp__memory__create_entities"];
  run = await scriptedStreamRun(box, responses, flags, { prompt: "Remember Ada", cwd: ROOT });
}, 60_000);

describe("@modelcontextprotocol/server-memory through npx in print mode", () => {
  it("connects through npx and lists its nine tools as mcp__memory__ names", () => {
    // The memory server offers resources too, so the resource tools come with it.
    expect(initOf(run.lines)?.tools).toEqual([
      ...BUILTIN_TOOLS,
      "ListMcpResources",
      "ReadMcpResource",
      ...MEMORY_TOOLS.map((tool) => `mcp__memory__${tool}`),
    ]);
    expect(initOf(run.lines)?.mcp_servers).toEqual([{ name: "memory", status: "connected" }]);
  });

  it("keeps state across calls: read_graph in the second response shows the entities the first created", () => {
    const results = toolResultsById(run.lines);
    expect(results.create).toEqual(textResult(JSON.stringify(ENTITIES, null, 2)));
    expect(results.read).toEqual(textResult(JSON.stringify({ entities: ENTITIES, relations: [] }, null, 2)));
    expect([
      resultOf(run.lines)?.num_turns,
      resultOf(run.lines)?.result,
      resultOf(run.lines)?.permission_denials,
      run.code,
    ]).toEqual([3, "I know Ada now.", [], 0]);
  });

  it("stores the graph in MEMORY_FILE_PATH from the entry's env, not in node_modules", () => {
    const lines = readFileSync(graphFile, "utf8")
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines).toEqual(ENTITIES.map((entity) => ({ type: "entity", ...entity })));
    expect(existsSync(join(SERVERS_DIR, "server-memory/dist/memory.jsonl"))).toBe(false);
  });

  it("leaves neither npx nor the server running when the CLI exits", () => {
    expect(processesMentioning(graphFile)).toEqual([]);
  });
});
