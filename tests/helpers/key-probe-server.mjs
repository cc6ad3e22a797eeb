// A stdio MCP server that, each time it starts, tries to read ~/.ssh/id_rsa
// and appends what happened to key-probe.log in its working directory (the
// project, which a sandboxed server may write): `read` or `blocked: <why>`.
// One tool, `ping`, so it has something to offer.
import { appendFileSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";

let outcome;
try {
  readFileSync(join(homedir(), ".ssh", "id_rsa"), "utf8");
  outcome = "read";
} catch (error) {
  outcome = `blocked: ${error.code ?? error.message}`;
}
appendFileSync(join(process.cwd(), "key-probe.log"), `${outcome}\n`);

const server = new McpServer({ name: "key-probe", version: "1.0.0" });
server.registerTool("ping", { description: "Answers pong." }, () => ({ content: [{ type: "text", text: "pong" }] }));
await server.connect(new StdioServerTransport());
