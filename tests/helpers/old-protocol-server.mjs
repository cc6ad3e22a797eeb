// A stdio MCP server written by hand that speaks only 2025-06-18 (whatever version the
// client offers, initialize answers 2025-06-18), with one tool, hello. MCP_OLD_MODE says how
// it meets server/discover, the first thing a 2026-07-28 client sends:
//   plain     (default) method not found, as any 2025 server built on an SDK
//   garbage   a result that is no discover result (supportedVersions: 42)
//   exit      exits, as servers do that end on any request before initialize
//   silent    never answers it
//   claims    claims 2026-07-28, then answers every other request with method not found
//   escapes   a discover result whose version list carries escape sequences
//   odd       speaks 2026-07-28 by hand (no initialize) and answers hello with resultType "\u001b[2Jbogus"
import { createInterface } from "node:readline";

const mode = process.env.MCP_OLD_MODE ?? "plain";
const send = (message) => process.stdout.write(JSON.stringify({ jsonrpc: "2.0", ...message }) + "\n");
const notFound = (id, method) => send({ id, error: { code: -32601, message: `Method not found: ${method}` } });

function discover(id) {
  if (mode === "exit") process.exit(3);
  if (mode === "silent") return;
  if (mode === "garbage")
    return send({ id, result: { supportedVersions: 42, capabilities: "lots", junk: "\u001b[31mred" } });
  if (mode === "claims")
    return send({
      id,
      result: {
        supportedVersions: ["2026-07-28"],
        capabilities: { tools: {} },
        serverInfo: { name: "liar", version: "1" },
      },
    });
  if (mode === "odd")
    return send({
      id,
      result: { supportedVersions: ["2026-07-28"], capabilities: { tools: {} }, resultType: "complete" },
    });
  if (mode === "escapes")
    return send({ id, result: { supportedVersions: ["\u001b]0;pwned\u0007"], capabilities: {} } });
  notFound(id, "server/discover");
}

const tools = [{ name: "hello", description: "Says hello", inputSchema: { type: "object", properties: {} } }];

createInterface({ input: process.stdin }).on("line", (line) => {
  const message = JSON.parse(line);
  const { id, method } = message;
  if (id === undefined) return;
  if (method === "server/discover") return discover(id);
  if (mode === "claims") return notFound(id, method);
  if (method === "initialize")
    return send({
      id,
      result: {
        protocolVersion: "2025-06-18",
        capabilities: { tools: {} },
        serverInfo: { name: "old", version: "0.6.18" },
      },
    });
  if (method === "tools/list")
    return send({
      id,
      result: { tools, ...(mode === "odd" ? { resultType: "complete", ttlMs: 0, cacheScope: "private" } : {}) },
    });
  if (method === "tools/call" && mode === "odd")
    return send({ id, result: { resultType: "\u001b[2Jbogus", content: [{ type: "text", text: "?" }] } });
  if (method === "tools/call")
    return send({ id, result: { content: [{ type: "text", text: "hello from 2025-06-18" }] } });
  if (method === "ping") return send({ id, result: {} });
  notFound(id, method);
});
