// The smallest stdio MCP server: answers initialize and tools/list by hand, no SDK,
// so start-up cost is Node's alone and any overhead measured is the client's.
import { createInterface } from "node:readline";

const tools = [{ name: "ping", description: "Replies pong.", inputSchema: { type: "object", properties: {} } }];
const reply = (id, result) => process.stdout.write(`${JSON.stringify({ jsonrpc: "2.0", id, result })}\n`);

createInterface({ input: process.stdin }).on("line", (line) => {
  const message = JSON.parse(line);
  if (message.id === undefined) return; // notifications need no answer
  switch (message.method) {
    case "initialize":
      return reply(message.id, {
        protocolVersion: message.params.protocolVersion,
        capabilities: { tools: {} },
        serverInfo: { name: "minimal", version: "1.0.0" },
      });
    case "tools/list":
      return reply(message.id, { tools });
    case "tools/call":
      return reply(message.id, { content: [{ type: "text", text: "pong" }] });
    default:
      return process.stdout.write(
        `${JSON.stringify({ jsonrpc: "2.0", id: message.id, error: { code: -32601, message: "Method not found" } })}\n`,
      );
  }
});
