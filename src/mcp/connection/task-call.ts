/**
 * A tool call that may become a task (the Tasks extension, issue 35): sent as
 * a task when the tool runs only so, or sent again so when a 2025-11-25 server
 * refuses the plain call with -32003 naming tasks; a task it is answered with
 * is followed (task-follower.ts) and its status reported to the call's limits.
 */
import {
  ProtocolError,
  type CallToolRequestParams,
  type CallToolResult,
  type RequestOptions,
} from "@modelcontextprotocol/client";
import { MiniCcError } from "../../errors.ts";
import { terminalSafeLine } from "../../text/terminal-safe.ts";
import { formatSeconds } from "../timeouts.ts";
import type { RequestFailure, Settled } from "./call-outcome.ts";
import type { McpClient } from "./mcp-client.ts";
import { followTask, shownTaskId, type FollowOptions, type TaskNotices } from "./task-follower.ts";
import { TaskCreated } from "./task-handles.ts";

/** What a 2025-11-25 server answers a plain call of a tool it runs only as a task with. */
const TASK_REQUIRED_CODE = -32003;

function requiresTask(error: unknown): boolean {
  if (!(error instanceof ProtocolError) || error.code !== TASK_REQUIRED_CODE) return false;
  return /task/i.test(`${error.message} ${JSON.stringify(error.data ?? "")}`);
}

/**
 * Calls a tool, as a task when `asTask` (a 2025-11-25 tool whose execution.taskSupport is
 * "required") or when the server refuses the plain call with -32003 naming tasks, and follows
 * the task the call is answered with (a 2026-07-28 server answers so on its own).
 */
export function callFollowingTasks(
  client: McpClient,
  notices: TaskNotices,
  request: Pick<CallToolRequestParams, "name" | "arguments" | "_meta"> & { asTask?: boolean },
  callOptions: RequestOptions,
  follow: FollowOptions,
): Promise<CallToolResult> {
  const asTask = request.asTask === true;
  // Copied only to drop asTask: rest destructuring would copy every call through a runtime call.
  const params: CallToolRequestParams = { name: request.name, arguments: request.arguments, _meta: request._meta };
  // 2026-07-28 has no per-call request for a task: declaring the extension is enough.
  const legacy = client.getProtocolEra() !== "modern";
  const send = (task: boolean) =>
    client.callTool(task && legacy ? { ...params, task: {} } : params, callOptions) as Promise<CallToolResult>;
  const followIfTask = (error: unknown) => {
    if (error instanceof TaskCreated && client.tasks) return followTask(client, notices, error, follow);
    throw error;
  };
  // Not an async function: a plain call's answer passes through without a frame of ours around it.
  return send(asTask && client.tasks).catch((error: unknown) => {
    if (error instanceof TaskCreated || asTask || !requiresTask(error)) return followIfTask(error);
    if (!client.tasks)
      throw new MiniCcError(
        "task-failed",
        `server ${follow.server} runs tool ${terminalSafeLine(params.name)} only as a task, and MINI_CC_DISABLE_MCP_TASKS=1 turns MCP tasks off`,
      );
    if (!legacy) throw error;
    return send(true).catch(followIfTask);
  });
}

/**
 * The follower's reports wired to one call: the status goes to `limits.onTask`, and a change of it
 * counts as progress (the quiet deadline starts again, within the total); `created` keeps the id.
 */
export function taskReports(
  limits: Settled<"timeoutMs" | "maxTotalTimeoutMs">,
  deadline: { progressed(): void },
  created: (taskId: string) => void,
): Pick<FollowOptions, "onStatus" | "onCreated"> {
  return {
    onCreated: (taskId) => {
      created(taskId);
      limits.onTaskCreated?.(shownTaskId(taskId));
    },
    onStatus: (task) => {
      deadline.progressed();
      limits.onTask?.(task);
    },
  };
}

/** A followed task past the call's deadline, said with the server and the task (tasks/cancel was sent). */
export function taskTimedOut(server: string | undefined, taskId: string, afterMs: number): RequestFailure {
  return {
    kind: "failed",
    error: `server ${server ?? "?"}'s task ${shownTaskId(taskId)} did not end within ${formatSeconds(afterMs)} (MCP_TOOL_TIMEOUT); mini-cc cancelled it`,
  };
}
