/**
 * Agent-scoped servers out of the main context (issue 34): how many bytes of
 * a heavy server's tool definitions ride in the main conversation's
 * requests. A stdio server offering 40 tools (a Playwright-sized one) with:
 *   - main:   declared as usual: its tools ride in every request
 *   - agents: declared with `"scope": "agents"`, named by a project agent
 *             file (.claude/agents/qa.md): target 0 bytes, and the same
 *             tool bytes as the run without it
 *   - none:   not declared at all (the floor)
 * The built CLI (`-p`, the real Anthropic SDK against the stand-in Messages
 * API) is run once per case; each request's `tools` is captured.
 *
 * Then, in one McpManager (the same run, with and without the agent): the
 * main conversation's tools before an agent starts, while the agent holds the
 * server (the agent's own tools counted apart), and after it ends.
 *
 *   npm run build && npx node bench/agent-server-bytes.ts
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Tool } from "../src/tools/tool.ts";
import { FakeMessagesApi, type FakeReply } from "../tests/helpers/fake-messages-api.ts";
import { benchManager } from "./bench-manager.ts";

const ROOT = join(import.meta.dirname, "..");
const CLI = join(ROOT, "dist/cli.js");
const HEAVY = join(ROOT, "bench/many-tools-server.mjs");
const TRACKER = join(ROOT, "examples/mcp_tracker_server.ts");
const HEAVY_TOOLS = 40;

const work = mkdtempSync(join(tmpdir(), "agent-server-bytes-"));
const heavy = { command: process.execPath, args: [HEAVY], env: { TOOLS: String(HEAVY_TOOLS) } };
const tracker = { command: process.execPath, args: [TRACKER] };

/** Bytes of tool definitions as a request carries them, all and the heavy server's. */
interface Bytes {
  readonly all: number;
  readonly heavy: number;
  readonly requests: number;
}

function bytesOf(tools: readonly { name: string }[]): { all: number; heavy: number } {
  const size = (list: readonly unknown[]) => (list.length === 0 ? 0 : Buffer.byteLength(JSON.stringify(list)));
  return { all: size(tools), heavy: size(tools.filter((tool) => tool.name.startsWith("mcp__heavy__"))) };
}

/** One `mini-cc -p` run in a fresh project declaring `servers`; the tool bytes of its requests, summed. */
async function runCli(servers: Record<string, unknown>, agentFile: boolean): Promise<Bytes> {
  const project = mkdtempSync(join(work, "project-"));
  const config = join(project, "servers.json");
  writeFileSync(config, JSON.stringify({ mcpServers: servers }));
  if (agentFile) {
    mkdirSync(join(project, ".claude/agents"), { recursive: true });
    const frontmatter = ["---", "name: qa", "description: Tests the web app", "mcpServers:", "  - heavy", "---"];
    writeFileSync(join(project, ".claude/agents/qa.md"), `${frontmatter.join("\n")}\nYou test the web app.\n`);
  }
  const text = (t: string): FakeReply => ({ kind: "message", message: { content: [{ type: "text", text: t }] } });
  const api = await FakeMessagesApi.start([text("done")]);
  try {
    const child = spawn(process.execPath, [CLI, "-p", "go", "--mcp-config", config], {
      cwd: project,
      env: {
        PATH: process.env.PATH,
        HOME: work,
        MINI_CC_HOME: mkdtempSync(join(work, "home-")),
        ANTHROPIC_API_KEY: "bench",
        ANTHROPIC_BASE_URL: api.baseURL,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk));
    child.stderr.on("data", (chunk: Buffer) => (out += chunk));
    const code = await new Promise<number>((resolve) => child.on("close", (status) => resolve(status ?? -1)));
    if (code !== 0 || api.requests.length === 0) throw new Error(`run failed (exit ${code}): ${out}`);
    const per = api.requests.map((request) => bytesOf((request.body.tools as { name: string }[] | undefined) ?? []));
    return {
      all: per.reduce((sum, b) => sum + b.all, 0),
      heavy: per.reduce((sum, b) => sum + b.heavy, 0),
      requests: per.length,
    };
  } finally {
    await api.close();
  }
}

/** Tools as a request carries them. */
function specs(tools: readonly Tool[]): { name: string }[] {
  return tools.map((tool) => ({ name: tool.name, description: tool.description, input_schema: tool.inputSchema }));
}

/** The same manager with and without the agent running: main tool bytes before, during, after; the agent's apart. */
async function inOneManager(): Promise<Record<string, number>> {
  const manager = benchManager({ projectDir: work, logDir: join(work, "logs") });
  const config = (name: string, entry: typeof heavy | typeof tracker) => ({
    name,
    source: "user" as const,
    file: "bench",
    entry,
    resolved: entry,
  });
  try {
    await manager.start([config("tracker", tracker), config("heavy", { ...heavy, scope: "agents" } as typeof heavy)]);
    const before = bytesOf(specs(manager.tools()));
    const agent = await manager.serversForAgent({ name: "qa", projectInput: false, mcpServers: ["heavy"] });
    if (agent.failures.length > 0) throw new Error(JSON.stringify(agent.failures));
    const during = bytesOf(specs(manager.tools()));
    const agentOwn = bytesOf(specs(agent.tools));
    agent.release();
    const after = bytesOf(specs(manager.tools()));
    return {
      "main before agent": before.heavy,
      "main while agent runs": during.heavy,
      "main after agent": after.heavy,
      "main total before/during/after equal": Number(before.all === during.all && during.all === after.all),
      "agent's own heavy tools": agentOwn.heavy,
    };
  } finally {
    await manager.close();
  }
}

try {
  const main = await runCli({ tracker, heavy }, false);
  const agents = await runCli({ tracker, heavy: { ...heavy, scope: "agents" } }, true);
  const none = await runCli({ tracker }, false);
  console.log(`heavy server: ${HEAVY_TOOLS} tools; bytes of tool definitions summed over each run's requests`);
  for (const [name, run] of Object.entries({ main, agents, none }))
    console.log(
      `  ${name.padEnd(7)} heavy ${String(run.heavy).padStart(7)} B   all ${run.all} B (${run.requests} request(s))`,
    );
  console.log(`  scope agents carries ${agents.heavy} B of the heavy server's tools (target 0)`);
  console.log(`  and ${agents.all - none.all} B more tool bytes than the run without it (target 0)`);
  console.log("in one manager (the same run), heavy server's tool bytes in the main conversation's list:");
  for (const [what, value] of Object.entries(await inOneManager())) console.log(`  ${what}: ${value}`);
  const ok = agents.heavy === 0 && agents.all === none.all && main.heavy > 0;
  console.log(ok ? "PASS" : "FAIL");
  process.exitCode = ok ? 0 : 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
