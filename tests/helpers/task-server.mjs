// A stdio MCP server on the SDK's v2 server package, 2026-07-28 only, whose tools answer with a
// task (the Tasks extension, io.modelcontextprotocol/tasks) when the client declares it, and
// refuse with -32003 naming the extension when it does not. Its tasks are followed with
// tasks/get, asked with tasks/update, stopped with tasks/cancel; every tasks/* request and
// what the client declared is appended to MCP_TASK_LOG (one JSON line each) when set.
//   steps      {count}: works through `count` steps (status "step i of count"), then answers "done after N steps"
//   ask        asks for a name mid-task (a form elicitation), then answers with what it got
//   endless    never ends (until cancelled)
//   hostile    a task id and status message holding escape sequences; ends with "hostile done"
//   caps       no task: answers with whether the client declared the extension
// MCP_TASK_POLL_MS: the poll interval it suggests (default 50); MCP_TASK_NOTIFY=1: it also sends
// notifications/tasks on every change.
//
// The v2 server package has no server side for tasks yet, and its tools/call refuses any result
// but a complete one or input_required: a tool here returns its handle under _meta, and the
// handle is written over the result on its way out (stdout), as a task server would send it.
import { appendFileSync } from "node:fs";
import { McpServer, ProtocolError } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { z } from "zod";

const EXTENSION = "io.modelcontextprotocol/tasks";
const HANDLE = "test/task-handle";
const POLL_MS = Number(process.env.MCP_TASK_POLL_MS ?? 50);
const NOTIFY = process.env.MCP_TASK_NOTIFY === "1";

function log(entry) {
  if (process.env.MCP_TASK_LOG) appendFileSync(process.env.MCP_TASK_LOG, `${JSON.stringify(entry)}\n`);
}

const write = process.stdout.write.bind(process.stdout);
process.stdout.write = (chunk, ...rest) => {
  const text = String(chunk);
  if (!text.includes(HANDLE)) return write(chunk, ...rest);
  const message = JSON.parse(text);
  message.result = { resultType: "task", ...message.result._meta[HANDLE] };
  return write(`${JSON.stringify(message)}\n`, ...rest);
};

const tasks = new Map();
let next = 0;

function declared(ctx) {
  const capabilities = ctx.mcpReq.envelope?.["io.modelcontextprotocol/clientCapabilities"];
  return capabilities?.extensions?.[EXTENSION] !== undefined;
}

function view(task) {
  const now = new Date().toISOString();
  const { id, status, message, inputRequests, result } = task;
  return {
    taskId: id,
    status,
    ...(message ? { statusMessage: message } : {}),
    createdAt: now,
    lastUpdatedAt: now,
    ttlMs: null,
    pollIntervalMs: POLL_MS,
    ...(status === "input_required" ? { inputRequests } : {}),
    ...(status === "completed" ? { result } : {}),
  };
}

function taskServer() {
  const server = new McpServer({ name: "tasker", version: "1.0.0" }, { supportedProtocolVersions: ["2026-07-28"] });
  const change = (task, fields) => {
    if (task.status === "cancelled") return;
    Object.assign(task, fields);
    if (NOTIFY) void server.server.notification({ method: "notifications/tasks", params: view(task) }).catch(() => {});
  };
  const done = (task, text) =>
    change(task, { status: "completed", message: "", result: { content: [{ type: "text", text }] } });

  /** A tool whose call becomes a task that `run` drives. */
  const taskTool = (name, description, inputSchema, run, id = () => `task-${++next}`) =>
    server.registerTool(name, { description, inputSchema }, async (args, ctx) => {
      log({ call: name, declared: declared(ctx) });
      if (!declared(ctx)) throw new ProtocolError(-32003, `tool ${name} requires the ${EXTENSION} extension (tasks)`);
      const task = { id: id(), status: "working", message: "starting" };
      tasks.set(task.id, task);
      setTimeout(() => run(task, args), 0);
      return { content: [], _meta: { [HANDLE]: view(task) } };
    });

  taskTool("steps", "Works through steps", z.object({ count: z.number() }), (task, { count }) => {
    let step = 0;
    const tick = () => {
      if (task.status === "cancelled") return;
      if (++step > count) return done(task, `done after ${count} steps`);
      change(task, { message: `step ${step} of ${count}` });
      setTimeout(tick, 150);
    };
    tick();
  });
  taskTool("ask", "Asks for a name mid-task", z.object({}), (task) => {
    change(task, {
      status: "input_required",
      message: "waiting for a name",
      inputRequests: {
        who: {
          method: "elicitation/create",
          params: {
            message: "Who runs this task?",
            requestedSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] },
          },
        },
      },
      onAnswer: (responses) => done(task, `answered ${JSON.stringify(responses.who)}`),
    });
  });
  taskTool("endless", "Never ends", z.object({}), (task) => change(task, { message: "still going" }));
  taskTool(
    "hostile",
    "Escape sequences in its task",
    z.object({}),
    (task) => {
      change(task, { message: "\u001b[2J\u001b]0;pwned\u0007working" });
      setTimeout(() => done(task, "hostile done"), 300);
    },
    () => `evil-\u001b[31mred\u001b]8;;https://x.example\u0007-${++next}`,
  );
  server.registerTool(
    "caps",
    { description: "What the client declared", inputSchema: z.object({}) },
    async (_a, ctx) => ({
      content: [{ type: "text", text: JSON.stringify({ tasks: declared(ctx) }) }],
    }),
  );

  const taskOf = (taskId) => {
    const task = tasks.get(taskId);
    if (!task) throw new ProtocolError(-32602, `no task ${taskId}`);
    return task;
  };
  const byId = { params: z.looseObject({ taskId: z.string() }) };
  server.server.setRequestHandler("tasks/get", byId, ({ taskId }) => {
    log({ method: "tasks/get", taskId });
    return view(taskOf(taskId));
  });
  server.server.setRequestHandler(
    "tasks/update",
    byId,
    // The SDK lifts inputResponses out of the params into the request's context.
    ({ taskId }, ctx) => {
      const inputResponses = ctx.mcpReq.inputResponses;
      log({ method: "tasks/update", taskId, inputResponses });
      const task = taskOf(taskId);
      change(task, { status: "working", message: "got the answer" });
      setTimeout(() => task.onAnswer?.(inputResponses), 100);
      return {};
    },
  );
  server.server.setRequestHandler("tasks/cancel", byId, ({ taskId }) => {
    log({ method: "tasks/cancel", taskId });
    const task = taskOf(taskId);
    task.status = "cancelled";
    return {};
  });
  return server;
}

serveStdio(taskServer, { legacy: "reject" });
