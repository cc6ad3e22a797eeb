// A stdio MCP server with TOOLS tools (default 15), each with a small input
// schema, answered by hand without the SDK: the panel bench's servers.
import { createInterface } from "node:readline";

const count = Number(process.env.TOOLS ?? 15);
const tools = Array.from({ length: count }, (_, i) => ({
  name: `tool_${String(i).padStart(2, "0")}`,
  description: `Does thing number ${i} to an issue, a file or a page.`,
  inputSchema: {
    type: "object",
    properties: { id: { type: "string", description: "What to act on" }, limit: { type: "number" } },
    required: ["id"],
  },
  annotations: i % 3 === 0 ? { readOnlyHint: true } : { destructiveHint: i % 2 === 0 },
}));
const reply = (id, result) => process.stdout.write(`${JSON.stringify({ jsonrpc: "2.0", id, result })}\n`);

createInterface({ input: process.stdin }).on("line", (line) => {
  const message = JSON.parse(line);
  if (message.id === undefined) return;
  switch (message.method) {
    case "initialize":
      return reply(message.id, {
        protocolVersion: message.params.protocolVersion,
        capabilities: { tools: {} },
        serverInfo: { name: "many", version: "1.0.0" },
      });
    case "tools/list":
      return reply(message.id, { tools });
    case "tools/call":
      return reply(message.id, { content: [{ type: "text", text: "done" }] });
    default:
      return process.stdout.write(
        `${JSON.stringify({ jsonrpc: "2.0", id: message.id, error: { code: -32601, message: "Method not found" } })}\n`,
      );
  }
});
