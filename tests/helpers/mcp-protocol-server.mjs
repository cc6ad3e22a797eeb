// An SDK-built stdio MCP server for the protocol edge cases (issue 11), in
// plain JavaScript so it starts fast. Tools:
//   work {count, progress: bool, durationMs}  sends `count` progress notifications (when
//                                 asked and a token came) during one call, spread over
//                                 durationMs (at once when 0), then answers
//   flood_log {count, level}      sends `count` notifications/message lines
//   add_resource {uri}            adds a resource, announces resources/list_changed
//   add_prompt {name}             adds a prompt, announces prompts/list_changed
//   task_only                     execution.taskSupport "required" (offered: mini-cc calls it as a task);
//                                 as a task it works 300 ms, then answers "task done"
//   on_demand                     not marked, but refuses a plain call with -32003 naming tasks; as a task, as task_only
// Resources: note://text (text), note://png (a PNG blob), note://zip (a zip blob); note://huge
// (unlisted) reads as 11 MB of text, past the client's line limit.
// note://slow/MS (unlisted) answers after MS milliseconds.
// PROTOCOL_DELAY_MS: waits that long before it answers anything (a slow start).
// Prompt: greet {name required, style optional}: a user and an assistant message.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import {
  CallToolRequestSchema,
  GetPromptRequestSchema,
  GetTaskPayloadRequestSchema,
  GetTaskRequestSchema,
  McpError,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  SetLevelRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";

const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
const resources = [
  { uri: "note://text", name: "text note", mimeType: "text/plain" },
  { uri: "note://png", name: "dot", mimeType: "image/png" },
  { uri: "note://zip", name: "archive", mimeType: "application/zip" },
];
const prompts = [
  { name: "greet", description: "Greets someone", arguments: [{ name: "name", required: true }, { name: "style" }] },
];
const object = (properties = {}) => ({ type: "object", properties });
const tools = [
  {
    name: "work",
    description: "Works in steps",
    inputSchema: object({ count: { type: "number" }, progress: { type: "boolean" }, durationMs: { type: "number" } }),
  },
  {
    name: "flood_log",
    description: "Logs a lot",
    inputSchema: object({ count: { type: "number" }, level: { type: "string" } }),
  },
  { name: "add_resource", description: "Adds a resource", inputSchema: object({ uri: { type: "string" } }) },
  { name: "add_prompt", description: "Adds a prompt", inputSchema: object({ name: { type: "string" } }) },
  {
    name: "task_only",
    description: "Runs only as a task",
    inputSchema: object(),
    execution: { taskSupport: "required" },
  },
  { name: "on_demand", description: "Refuses a plain call", inputSchema: object() },
];

const server = new Server(
  { name: "protocol-fixture", version: "1.0.0" },
  {
    capabilities: {
      tools: {},
      resources: { listChanged: true },
      prompts: { listChanged: true },
      logging: {},
      tasks: { requests: { tools: { call: {} } } },
    },
  },
);

// 2025-11-25 tasks, by hand: a task works 300 ms, then holds its result.
const tasks = new Map();
function startTask() {
  const now = new Date().toISOString();
  const task = {
    taskId: `t-${tasks.size + 1}`,
    status: "working",
    createdAt: now,
    lastUpdatedAt: now,
    ttl: null,
    pollInterval: 100,
  };
  tasks.set(task.taskId, task);
  setTimeout(() => Object.assign(task, { status: "completed", statusMessage: "finished" }), 300);
  return { task };
}
server.setRequestHandler(GetTaskRequestSchema, async (request) => tasks.get(request.params.taskId));
server.setRequestHandler(GetTaskPayloadRequestSchema, async () => ({ content: [{ type: "text", text: "task done" }] }));
let level = "debug";
const LEVELS = ["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"];
server.setRequestHandler(SetLevelRequestSchema, async (request) => {
  level = request.params.level;
  return {};
});
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));
server.setRequestHandler(ListResourcesRequestSchema, async () => ({ resources }));
server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => ({
  resourceTemplates: [{ uriTemplate: "note://{id}", name: "any note" }],
}));
server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
  const { uri } = request.params;
  if (uri === "note://png") return { contents: [{ uri, mimeType: "image/png", blob: PNG }] };
  if (uri === "note://huge") return { contents: [{ uri, mimeType: "text/plain", text: "x".repeat(11 * 1024 * 1024) }] };
  if (uri.startsWith("note://slow/"))
    await new Promise((resolve) => setTimeout(resolve, Number(uri.slice("note://slow/".length))));
  if (uri === "note://zip")
    return { contents: [{ uri, mimeType: "application/zip", blob: Buffer.alloc(300).toString("base64") }] };
  return { contents: [{ uri, mimeType: "text/plain", text: `contents of ${uri}` }] };
});
server.setRequestHandler(ListPromptsRequestSchema, async () => ({ prompts }));
server.setRequestHandler(GetPromptRequestSchema, async (request) => {
  const { name: who = "", style = "plain" } = request.params.arguments ?? {};
  return {
    messages: [
      { role: "user", content: { type: "text", text: `Greet ${who} in a ${style} style.` } },
      { role: "assistant", content: { type: "text", text: "Sure." } },
    ],
  };
});
server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
  const args = request.params.arguments ?? {};
  const token = request.params._meta?.progressToken;
  switch (request.params.name) {
    case "task_only":
    case "on_demand":
      if (request.params.task) return startTask();
      throw new McpError(-32003, `${request.params.name} runs only as a task (tasks capability)`);
    case "work": {
      const count = Number(args.count ?? 0);
      const durationMs = Number(args.durationMs ?? 0);
      const send = args.progress === true && token !== undefined;
      let sent = 0;
      // Notifications are written in order before the result, as a flooding server would.
      const sendUpTo = (due) => {
        for (; send && sent < due; sent++) {
          void extra.sendNotification({
            method: "notifications/progress",
            params: { progressToken: token, progress: sent + 1, total: count },
          });
        }
      };
      const started = Date.now();
      while (Date.now() - started < durationMs) {
        sendUpTo(Math.ceil((count * (Date.now() - started)) / durationMs));
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      sendUpTo(count);
      return {
        content: [{ type: "text", text: `worked ${count}; token ${token === undefined ? "absent" : "present"}` }],
      };
    }
    case "flood_log": {
      const at = String(args.level ?? "info");
      if (LEVELS.indexOf(at) >= LEVELS.indexOf(level)) {
        for (let i = 1; i <= Number(args.count ?? 0); i++)
          void server.sendLoggingMessage({ level: at, logger: "flood", data: `message ${i}` });
      }
      return { content: [{ type: "text", text: "logged" }] };
    }
    case "add_resource":
      resources.push({ uri: String(args.uri), name: String(args.uri) });
      await server.sendResourceListChanged();
      return { content: [{ type: "text", text: "added" }] };
    case "add_prompt":
      prompts.push({ name: String(args.name), description: "added later", arguments: [] });
      await server.sendPromptListChanged();
      return { content: [{ type: "text", text: "added" }] };
    default:
      return { content: [{ type: "text", text: `no tool ${request.params.name}` }], isError: true };
  }
});
if (process.env.PROTOCOL_DELAY_MS)
  await new Promise((resolve) => setTimeout(resolve, Number(process.env.PROTOCOL_DELAY_MS)));
await server.connect(new StdioServerTransport());
