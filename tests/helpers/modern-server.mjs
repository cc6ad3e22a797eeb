// A stdio MCP server on the SDK's v2 server package that speaks only 2026-07-28
// (MCP_MODERN_VERSIONS, comma-separated, widens it). Its tools ask for input the
// 2026-07-28 way, with an input_required result, and return what they got as JSON text
// (also written to MCP_ASK_RESULT_FILE when set):
//   echo      {text}: the text back
//   ask_form  a form elicitation (a name), then the answer
//   ask_url   a URL-mode elicitation, then the answer
//   ask_sample a sampling request, then the answer
//   ask_roots a roots request, then the roots
//   state     asks once with a requestState (MCP_MODERN_STATE, default "s1 ✓ \"quoted\""), then returns the state it got back
//   ask_forever asks again on every retry
//   big_state  asks once with a requestState of MCP_MODERN_STATE_BYTES bytes (default 10 MB)
//   add_tool  {name}: registers a tool of that name (answering "added"): a tools/list_changed
// MCP_MODERN_LIST_TTL_MS / MCP_MODERN_LIST_SCOPE: the ttlMs and cacheScope its tools/list carries
// (default: the SDK's 0 and "private"). MCP_MODERN_PID_DIR: each start leaves a file named by its pid.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { acceptedContent, inputRequired, inputResponse, McpServer } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { z } from "zod";

const versions = (process.env.MCP_MODERN_VERSIONS ?? "2026-07-28").split(",");
if (process.env.MCP_MODERN_PID_DIR) writeFileSync(join(process.env.MCP_MODERN_PID_DIR, String(process.pid)), "");
const ttl = process.env.MCP_MODERN_LIST_TTL_MS;
const cacheHints =
  ttl === undefined
    ? undefined
    : { "tools/list": { ttlMs: Number(ttl), cacheScope: process.env.MCP_MODERN_LIST_SCOPE ?? "private" } };

function answer(value) {
  const text = JSON.stringify(value);
  if (process.env.MCP_ASK_RESULT_FILE) writeFileSync(process.env.MCP_ASK_RESULT_FILE, text);
  return { content: [{ type: "text", text }] };
}

/** Asks with `request` under the key "q" until the retry carries an answer, then returns it. */
function asking(request) {
  return async (_args, ctx) => {
    const got = inputResponse(ctx.mcpReq.inputResponses, "q");
    if (got.kind === "missing") return inputRequired({ inputRequests: { q: request() } });
    return answer(ctx.mcpReq.inputResponses.q);
  };
}

/** One server per connection, as serveStdio wants; the era is the connection's. */
function modernServer() {
  const server = new McpServer(
    { name: "modern", version: "2.0.0" },
    {
      supportedProtocolVersions: versions,
      ...(cacheHints ? { cacheHints } : {}),
    },
  );
  server.registerTool(
    "echo",
    { description: "Echoes the text", inputSchema: z.object({ text: z.string() }) },
    async ({ text }) => ({
      content: [{ type: "text", text }],
    }),
  );

  const nameSchema = {
    type: "object",
    properties: { name: { type: "string", title: "Your name" } },
    required: ["name"],
  };
  server.registerTool(
    "ask_form",
    { description: "Asks for a name", inputSchema: z.object({}) },
    asking(() => inputRequired.elicit({ message: "Who are you?", requestedSchema: nameSchema })),
  );
  server.registerTool(
    "ask_url",
    { description: "Asks the user to visit a URL", inputSchema: z.object({}) },
    asking(() => inputRequired.elicitUrl({ message: "Sign in", url: "https://example.com/consent" })),
  );
  server.registerTool(
    "ask_sample",
    { description: "Asks the client's model", inputSchema: z.object({}) },
    asking(() =>
      inputRequired.createMessage({
        messages: [{ role: "user", content: { type: "text", text: "Say hi" } }],
        maxTokens: 50,
      }),
    ),
  );
  server.registerTool(
    "ask_roots",
    { description: "Asks for the client's roots", inputSchema: z.object({}) },
    asking(() => inputRequired.listRoots()),
  );

  const STATE = process.env.MCP_MODERN_STATE ?? 's1 ✓ "quoted"';
  server.registerTool(
    "state",
    { description: "Round-trips a requestState", inputSchema: z.object({}) },
    async (_args, ctx) => {
      const got = ctx.mcpReq.requestState();
      if (got === undefined)
        return inputRequired({
          inputRequests: {
            q: inputRequired.elicit({ message: "Go on?", requestedSchema: { type: "object", properties: {} } }),
          },
          requestState: STATE,
        });
      return answer({
        state: got,
        same: got === STATE,
        answered: acceptedContent(ctx.mcpReq.inputResponses, "q") !== undefined,
      });
    },
  );

  let rounds = 0;
  server.registerTool("ask_forever", { description: "Never satisfied", inputSchema: z.object({}) }, async () => {
    rounds++;
    if (process.env.MCP_ASK_RESULT_FILE) writeFileSync(process.env.MCP_ASK_RESULT_FILE, String(rounds));
    return inputRequired({ inputRequests: { q: inputRequired.listRoots() }, requestState: String(rounds) });
  });

  server.registerTool(
    "big_state",
    { description: "A huge requestState", inputSchema: z.object({}) },
    async (_args, ctx) => {
      if (ctx.mcpReq.requestState() !== undefined) return answer({ back: true });
      const bytes = Number(process.env.MCP_MODERN_STATE_BYTES ?? 10 * 1024 * 1024);
      return inputRequired({ inputRequests: { q: inputRequired.listRoots() }, requestState: "x".repeat(bytes) });
    },
  );
  server.registerTool(
    "add_tool",
    { description: "Adds a tool", inputSchema: z.object({ name: z.string() }) },
    async ({ name }) => {
      server.registerTool(name, { description: "Added later", inputSchema: z.object({}) }, async () => ({
        content: [{ type: "text", text: "added" }],
      }));
      return { content: [{ type: "text", text: `added ${name}` }] };
    },
  );
  return server;
}

// A 2025 client's initialize is refused: this server is reached only on 2026-07-28 (MCP_MODERN_LEGACY=serve allows both).
serveStdio(modernServer, { legacy: process.env.MCP_MODERN_LEGACY === "serve" ? "serve" : "reject" });
