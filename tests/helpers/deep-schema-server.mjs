// A stdio MCP server with a hostile tool list: `deep` has an input schema nested
// MCP_TEST_DEPTH levels (default 3000), `ok` a plain one. Raw JSON-RPC lines, no SDK:
// the SDK's own server would choke on such a schema before sending it.
import { createInterface } from "node:readline";

const depth = Number(process.env.MCP_TEST_DEPTH ?? 3000);
// Built as text: building it as an object and stringifying would need a deep recursion too.
const nested = `${'{"type":"object","properties":{"a":'.repeat(depth)}{"type":"string"}${"}}".repeat(depth)}`;
const tools =
  `[{"name":"deep","description":"nested too deep","inputSchema":{"type":"object","properties":{"a":${nested}}}},` +
  `{"name":"ok","description":"says ok","inputSchema":{"type":"object","properties":{}}}]`;

const reply = (id, result) => process.stdout.write(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${result}}\n`);
for await (const line of createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  const message = JSON.parse(line);
  if (message.id === undefined) continue;
  if (message.method === "initialize") {
    reply(
      message.id,
      JSON.stringify({
        protocolVersion: message.params.protocolVersion,
        capabilities: { tools: {} },
        serverInfo: { name: "deep-schema", version: "1.0.0" },
      }),
    );
  } else if (message.method === "tools/list") {
    reply(message.id, `{"tools":${tools}}`);
  } else if (message.method === "tools/call") {
    reply(message.id, JSON.stringify({ content: [{ type: "text", text: "ok" }] }));
  } else {
    process.stdout.write(
      `${JSON.stringify({ jsonrpc: "2.0", id: message.id, error: { code: -32601, message: "Method not found" } })}\n`,
    );
  }
}
