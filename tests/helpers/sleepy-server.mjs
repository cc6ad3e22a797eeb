// A stdio MCP server that is slow to start: it waits SLEEPY_DELAY_MS (default 2000)
// before it reads initialize, then offers tools. Plain JavaScript so it starts fast.
// For the tool-cache tests and bench/many-servers. Its environment:
//   SLEEPY_DELAY_MS    how long before it answers anything
//   SLEEPY_TOOLS       the tools it offers: a number N (tool_1 … tool_N, default 3) or names, comma-separated
//   SLEEPY_PID_DIR     each start writes an empty file named after its pid here (counts spawns)
//   SLEEPY_INSTRUCTIONS  its instructions
//   SLEEPY_READY_FILE  written once the delay is over (a cold `npx -y` finishing its install)
// Each tool answers `NAME ok (pid PID)`.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";

const env = process.env;
if (env.SLEEPY_PID_DIR) writeFileSync(join(env.SLEEPY_PID_DIR, String(process.pid)), "");
const spec = env.SLEEPY_TOOLS ?? "3";
const names = /^\d+$/.test(spec)
  ? Array.from({ length: Number(spec) }, (_, i) => `tool_${i + 1}`)
  : spec.split(",").filter(Boolean);

const server = new McpServer(
  { name: "sleepy", version: "1.0.0" },
  env.SLEEPY_INSTRUCTIONS ? { instructions: env.SLEEPY_INSTRUCTIONS } : {},
);
for (const name of names) {
  server.registerTool(
    name,
    { description: `The ${name} tool of a slow-starting server.`, annotations: { readOnlyHint: true } },
    async () => ({
      content: [{ type: "text", text: `${name} ok (pid ${process.pid})` }],
    }),
  );
}
await new Promise((resolve) => setTimeout(resolve, Number(env.SLEEPY_DELAY_MS ?? 2000)));
if (env.SLEEPY_READY_FILE) writeFileSync(env.SLEEPY_READY_FILE, String(process.pid));
await server.connect(new StdioServerTransport());
