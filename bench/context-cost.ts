/**
 * What tool search saves in context (issue 12): 300 MCP tools (20 in-process
 * SDK servers × 15, over in-memory transports, through McpManager and the
 * real agent loop) with ENABLE_TOOL_SEARCH on and off, in the same run.
 * Counted is what the model sees, in characters (deferred tools not loaded
 * are not part of the prompt): the tool definitions of the first request, and
 * every request's input (system + tools + messages) over a three-request task
 * that calls two of the tools: on = ToolSearch select:A,B → call A and B →
 * answer; off = call A → call B → answer.
 * Targets: definitions on ≤ 10% of off; total input on ≤ 25% of off.
 *
 *   npx node bench/context-cost.ts
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { Agent } from "../src/agent/agent.ts";
import { PermissionChain } from "../src/agent/permissions.ts";
import { SystemContext } from "../src/agent/system-sections.ts";
import type { ToolSearchSetting } from "../src/agent/tool-search.ts";
import { systemClock } from "../src/clock.ts";
import { visibleToolSpecs } from "../src/model/deferred-tools.ts";
import type { Model, ModelRequest } from "../src/model/model.ts";
import { ScriptedModel } from "../src/model/scripted-model.ts";
import { builtinTools } from "../src/tools/builtin.ts";
import { benchManager, benchServer } from "./bench-manager.ts";

const SERVERS = 20;
const TOOLS_PER_SERVER = 15;
const VERBS = [
  "list",
  "get",
  "create",
  "update",
  "delete",
  "search",
  "archive",
  "restore",
  "export",
  "import",
  "sync",
  "tag",
  "assign",
  "comment",
  "close",
];
const NOUNS = [
  "issue",
  "page",
  "record",
  "invoice",
  "ticket",
  "event",
  "file",
  "report",
  "metric",
  "user",
  "team",
  "project",
  "alert",
  "build",
  "deploy",
  "note",
  "order",
  "lead",
  "task",
  "doc",
];
const [TOOL_A, TOOL_B] = ["mcp__srv03__search_invoice", "mcp__srv18__assign_task"];

/** A server with 15 tools of realistic size (about 550 characters of definition each, like a filesystem server's). */
function server(index: number): McpServer {
  const noun = NOUNS[index % NOUNS.length]!;
  const mcp = new McpServer({ name: `srv${index}`, version: "1.0.0" });
  for (const verb of VERBS) {
    mcp.registerTool(
      `${verb}_${noun}`,
      {
        description:
          `${verb[0]!.toUpperCase()}${verb.slice(1)} a ${noun} in the workspace. Returns the ${noun} as JSON with its id, title, ` +
          `status, owner and timestamps. Fails with a clear message when the ${noun} does not exist or the caller lacks access.`,
        inputSchema: {
          id: z.string().describe(`The ${noun}'s id, as returned by list_${noun}`),
          fields: z.array(z.string()).optional().describe("Which fields to return; all when absent"),
          limit: z.number().int().min(1).max(500).optional().describe("At most this many results"),
        },
      },
      ({ id }) => ({ content: [{ type: "text", text: `${verb} ${noun} ${id}: ok` }] }),
    );
  }
  return mcp;
}

const text = (t: string) => ({ type: "text", text: t });
const use = (id: string, name: string, input: Record<string, unknown>) => ({ type: "tool_use", id, name, input });

/** The three responses of the task, with tool search on or off. */
function script(on: boolean) {
  const responses = on
    ? [
        [use("s1", "ToolSearch", { query: `select:${TOOL_A},${TOOL_B}` })],
        [use("a", TOOL_A, { id: "INV-1" }), use("b", TOOL_B, { id: "T-9" })],
        [text("Found INV-1 and assigned T-9.")],
      ]
    : [[use("a", TOOL_A, { id: "INV-1" })], [use("b", TOOL_B, { id: "T-9" })], [text("Found INV-1 and assigned T-9.")]];
  return { responses: responses.map((content) => ({ content })) };
}

/** Wraps the scripted model, keeping each request as the model saw it. */
class RecordingModel implements Model {
  readonly name = "recording";
  readonly seen: ModelRequest[] = [];
  readonly #inner: ScriptedModel;
  constructor(inner: ScriptedModel) {
    this.#inner = inner;
  }
  stream(request: ModelRequest, signal: AbortSignal) {
    this.seen.push({ ...request, tools: visibleToolSpecs(request) });
    return this.#inner.stream(request, signal);
  }
}

interface Figures {
  definitions: number;
  deferredSection: number;
  inputs: number[];
  toolCalls: string[];
}

async function run(setting: ToolSearchSetting): Promise<Figures> {
  const root = mkdtempSync(join(tmpdir(), "context-cost-"));
  const manager = benchManager({
    projectDir: root,
    logDir: join(root, "logs"),
    transportFactory: (config) => {
      const [client, served] = InMemoryTransport.createLinkedPair();
      void server(Number(config.name.slice(3))).connect(served);
      return client;
    },
  });
  try {
    await manager.start(
      Array.from({ length: SERVERS }, (_, i) => benchServer(`srv${String(i).padStart(2, "0")}`, "unused")),
    );
    const tools = [...builtinTools(), ...manager.tools()];
    if (manager.tools().length !== SERVERS * TOOLS_PER_SERVER)
      throw new Error(`expected 300 MCP tools, got ${manager.tools().length}`);
    const model = new RecordingModel(new ScriptedModel(script(setting.kind === "on"), { maxChunkDelayMs: 0 }));
    const agent = new Agent({
      model,
      tools: () => tools,
      permissions: new PermissionChain({ mode: "bypassPermissions", allow: [], deny: [], cwd: root }),
      ask: async () => ({ behavior: "deny" }),
      system: new SystemContext({
        cwd: root,
        clock: systemClock,
        mcpInstructions: () => "",
        readFile: () => ({ kind: "missing" }),
      }),
      cwd: root,
      toolSearch: setting,
    });
    const toolCalls: string[] = [];
    for await (const event of agent.runTurn("Find invoice INV-1 and assign task T-9.", new AbortController().signal)) {
      if (event.type === "tool_result" && !event.result.isError) toolCalls.push(event.name);
      if (event.type === "error") throw new Error(event.message);
    }
    const first = model.seen[0]!;
    return {
      definitions: JSON.stringify(first.tools).length,
      deferredSection: first.system.find((s) => s.id === "deferred_tools")?.text.length ?? 0,
      inputs: model.seen.map((r) => JSON.stringify([r.system, r.tools, r.messages]).length),
      toolCalls,
    };
  } finally {
    await manager.close();
    rmSync(root, { recursive: true, force: true });
  }
}

const off = await run({ kind: "off" });
const on = await run({ kind: "on" });
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const pct = (a: number, b: number) => `${((100 * a) / b).toFixed(1)}%`;

console.log(`300 MCP tools (${SERVERS} servers × ${TOOLS_PER_SERVER}); characters the model sees`);
console.log(`tools called: off ${off.toolCalls.join(", ")} | on ${on.toolCalls.join(", ")}`);
console.log(
  `first request, tool definitions:           off ${off.definitions}  on ${on.definitions}  = ${pct(on.definitions, off.definitions)} (target ≤ 10%)`,
);
console.log(
  `first request, definitions + names section: off ${off.definitions}  on ${on.definitions + on.deferredSection}  = ${pct(on.definitions + on.deferredSection, off.definitions)}`,
);
console.log(`input per request: off ${off.inputs.join(" + ")}  on ${on.inputs.join(" + ")}`);
console.log(
  `total input over the task:                 off ${sum(off.inputs)}  on ${sum(on.inputs)}  = ${pct(sum(on.inputs), sum(off.inputs))} (target ≤ 25%)`,
);
const pass =
  on.definitions <= off.definitions * 0.1 &&
  sum(on.inputs) <= sum(off.inputs) * 0.25 &&
  on.toolCalls.length === 3 &&
  off.toolCalls.length === 2;
console.log(pass ? "PASS" : "FAIL");
process.exitCode = pass ? 0 : 1;
