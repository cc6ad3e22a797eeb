// A stdio MCP server with one tool, `slow`, that never finishes: for the SIGINT tests.
// Plain JavaScript so it starts fast. Its environment:
//   PRINT_SLOW_PID_FILE   write this process's pid here on start
//   PRINT_SLOW_STARTED    write this file when a `slow` call arrives (the test then knows the tool is running)
//   PRINT_SLOW_STUBBORN   "1": ignore SIGTERM and cancellation, like a hung server (only SIGKILL ends it)
import { writeFileSync } from "node:fs";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";

const env = process.env;
const stubborn = env.PRINT_SLOW_STUBBORN === "1";
if (stubborn) process.on("SIGTERM", () => process.stderr.write("ignoring SIGTERM\n"));
// Outlive stdin's end, as a leaky server would.
setInterval(() => {}, 60_000);
if (env.PRINT_SLOW_PID_FILE) writeFileSync(env.PRINT_SLOW_PID_FILE, String(process.pid));

const server = new McpServer({ name: "slow", version: "1.0.0" });
server.registerTool(
  "slow",
  { description: "Never finishes.", annotations: { readOnlyHint: true } },
  (extra) =>
    new Promise((resolve) => {
      if (env.PRINT_SLOW_STARTED) writeFileSync(env.PRINT_SLOW_STARTED, "started");
      if (!stubborn)
        extra.signal.addEventListener("abort", () => resolve({ content: [{ type: "text", text: "cancelled" }] }));
    }),
);
await server.connect(new StdioServerTransport());
