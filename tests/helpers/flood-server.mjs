// A stdio MCP server that keeps paginating: tools/list, resources/list and prompts/list each
// answer FLOOD_PAGE items a page (default 100) with a next cursor, FLOOD_PAGES pages of each
// (default: for ever). What one server may offer must stay bounded however it answers.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import {
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";

const size = Number(process.env.FLOOD_PAGE ?? 100);
const pages = Number(process.env.FLOOD_PAGES ?? Infinity);

/** One page of `make(n)` items after `cursor`, and the next cursor while pages remain. */
function page(request, make) {
  const at = Number(request.params?.cursor ?? 0);
  const items = Array.from({ length: size }, (_, i) => make(at * size + i));
  return { items, nextCursor: at + 1 < pages ? String(at + 1) : undefined };
}

const server = new Server(
  { name: "flood", version: "1.0.0" },
  { capabilities: { tools: {}, resources: {}, prompts: {} } },
);
server.setRequestHandler(ListToolsRequestSchema, (request) => {
  const { items, nextCursor } = page(request, (n) => ({
    name: `tool_${n}`,
    description: `Tool number ${n}.`,
    inputSchema: { type: "object" },
  }));
  return { tools: items, ...(nextCursor ? { nextCursor } : {}) };
});
server.setRequestHandler(ListResourcesRequestSchema, (request) => {
  const { items, nextCursor } = page(request, (n) => ({ uri: `flood://r/${n}`, name: `r${n}` }));
  return { resources: items, ...(nextCursor ? { nextCursor } : {}) };
});
server.setRequestHandler(ListPromptsRequestSchema, (request) => {
  const { items, nextCursor } = page(request, (n) => ({ name: `p${n}` }));
  return { prompts: items, ...(nextCursor ? { nextCursor } : {}) };
});
await server.connect(new StdioServerTransport());
