/**
 * Following a task a tools/call was answered with (the Tasks extension,
 * issue 35) until it ends, so that the model gets its result exactly as a
 * plain call's: `tasks/get` at the server's poll interval (bounded), woken
 * early by the server's task notifications; a 2026-07-28 task's questions
 * answered through `tasks/update` with the same screens as any server's
 * (McpClient.answerInput), a 2025-11-25 task's read with `tasks/result`
 * (the server asks its questions as requests while that call is open);
 * `tasks/cancel` when the call's deadline or the user ends it.
 */
import type { CallToolResult, RequestOptions, Transport } from "@modelcontextprotocol/client";
import { CallToolResultV1Schema, GetTaskResultV1Schema } from "@modelcontextprotocol/ext-tasks/core/v1";
import { DetailedTaskV2Schema } from "@modelcontextprotocol/ext-tasks/core/v2";
import * as z from "zod/v4";
import type { Clock } from "../../clock.ts";
import { MiniCcError } from "../../errors.ts";
import { terminalSafeLine } from "../../text/terminal-safe.ts";
import { MAX_TIMER_MS } from "../timeouts.ts";
import { MAX_INPUT_ROUNDS, type McpClient } from "./mcp-client.ts";
import { snapshotOf2025, snapshotOf2026, type TaskCreated, type TaskSnapshot } from "./task-handles.ts";

/**
 * The wait between two tasks/get, whatever the server suggests: at least 100 ms (a server
 * asking for 0 would have us send requests back to back), at most 5 s (one asking for a day
 * would leave a finished task unread; the call's own deadline says when to give up).
 */
export const MIN_POLL_MS = 100;
export const MAX_POLL_MS = 5_000;
/** The wait when the server suggests none. */
export const DEFAULT_POLL_MS = 1_000;
/** How long tasks/cancel may take once the call has ended (not waited for by the call). */
const CANCEL_TIMEOUT_MS = 5_000;
/** A task id is shown at most this long (the whole id is sent back as it came). */
const SHOWN_ID_CHARS = 60;

export function pollDelayMs(suggested: number | undefined): number {
  if (suggested === undefined || !Number.isFinite(suggested)) return DEFAULT_POLL_MS;
  return Math.min(MAX_POLL_MS, Math.max(MIN_POLL_MS, suggested));
}

/** A task's id as it may be shown: terminal-safe and short. */
export function shownTaskId(taskId: string): string {
  const safe = terminalSafeLine(taskId);
  return safe.length > SHOWN_ID_CHARS ? `${safe.slice(0, SHOWN_ID_CHARS - 1)}…` : safe;
}

/** A running task as a transcript row or the panel shows it; every text terminal-safe. */
export interface TaskStatusView {
  readonly id: string;
  readonly status: string;
  readonly message?: string;
}

/** What following a task needs besides the client. */
export interface FollowOptions {
  server: string;
  clock: Clock;
  /** Aborts when the call's deadline passes or the user cancels. */
  signal: AbortSignal;
  /** The task's state changed (its status or message): shown, and the call's quiet deadline starts again. */
  onStatus?: (task: TaskStatusView) => void;
  /** The call was answered with a task (before the first poll). */
  onCreated?: (taskId: string) => void;
}

const TERMINAL = new Set(["completed", "failed", "cancelled"]);
const AnyResult = z.looseObject({});

/** Routes the servers' task notifications (`notifications/tasks`, 2025's `notifications/tasks/status`) to the followers of those tasks. */
export class TaskNotices {
  readonly #listeners = new Map<string, (task: Record<string, unknown>) => void>();

  /** Wraps the transport's onmessage (after the SDK's connect installed its own). */
  install(transport: Transport): void {
    const sdk = transport.onmessage;
    if (!sdk) return;
    transport.onmessage = (message, extra) => {
      const { method, params } = message as { method?: unknown; params?: { taskId?: unknown } };
      const listener =
        (method === "notifications/tasks" || method === "notifications/tasks/status") &&
        typeof params?.taskId === "string"
          ? this.#listeners.get(params.taskId)
          : undefined;
      if (listener) return listener(params as Record<string, unknown>);
      sdk(message, extra);
    };
  }

  listen(taskId: string, listener: (task: Record<string, unknown>) => void): () => void {
    this.#listeners.set(taskId, listener);
    return () => this.#listeners.delete(taskId);
  }
}

/**
 * Follows `created` to its end and resolves with the tool's result; rejects with a MiniCcError naming
 * the server when the task fails or asks what cannot be answered, and with the abort's reason when
 * `signal` aborts (the task is then cancelled on the server).
 */
export async function followTask(
  client: McpClient,
  notices: TaskNotices,
  created: TaskCreated,
  options: FollowOptions,
): Promise<CallToolResult> {
  const { wire } = created;
  const taskId = created.task.taskId;
  const requestOptions: RequestOptions = { signal: options.signal, timeout: MAX_TIMER_MS };
  const said = (what: string) =>
    new MiniCcError("task-failed", `server ${options.server}'s task ${shownTaskId(taskId)} ${what}`);
  let noticed: TaskSnapshot | undefined;
  let wake = () => {};
  const stopListening = notices.listen(taskId, (params) => {
    noticed = wire === "2026" ? snapshotOf2026(params) : snapshotOf2025(params);
    wake();
  });
  let shown = "";
  const show = (task: TaskSnapshot) => {
    const view: TaskStatusView = {
      id: shownTaskId(taskId),
      status: terminalSafeLine(task.status),
      ...(task.statusMessage ? { message: terminalSafeLine(task.statusMessage) } : {}),
    };
    const key = `${view.status}\n${view.message ?? ""}`;
    if (key !== shown) options.onStatus?.(view);
    shown = key;
  };
  const poll = async (): Promise<TaskSnapshot> => {
    const params = { taskId };
    if (wire === "2025")
      return snapshotOf2025(
        await client.request({ method: "tasks/get", params }, GetTaskResultV1Schema, requestOptions),
      );
    const got = await client.request({ method: "tasks/get", params }, DetailedTaskV2Schema, requestOptions);
    return snapshotOf2026(got as Record<string, unknown>);
  };
  const answered = new Set<string>();
  let rounds = 0;
  try {
    options.onCreated?.(taskId);
    let task = created.task;
    show(task);
    while (!TERMINAL.has(task.status)) {
      if (task.status === "input_required") {
        // 2025-11-25: the server asks with requests of its own while tasks/result is open.
        if (wire === "2025") return await taskResult(client, taskId, requestOptions);
        const questions = Object.entries(task.inputRequests ?? {}).filter(([key]) => !answered.has(key));
        if (questions.length > 0) {
          if (++rounds > MAX_INPUT_ROUNDS)
            throw said(`still asked for input after ${MAX_INPUT_ROUNDS} rounds; gave up`);
          const inputResponses: Record<string, unknown> = {};
          for (const [key, request] of questions) {
            inputResponses[key] = await client.answerInput(key, request, options.signal);
            answered.add(key);
          }
          await client.request(
            { method: "tasks/update", params: { taskId, inputResponses } },
            AnyResult,
            requestOptions,
          );
        }
      }
      await waitFor(pollDelayMs(task.pollMs), options, (resolve) => {
        wake = resolve;
      });
      options.signal.throwIfAborted();
      task = noticed ?? (await poll());
      noticed = undefined;
      show(task);
    }
    if (task.status === "cancelled") throw said("was cancelled on the server");
    if (wire === "2025") {
      if (task.status === "failed")
        throw said(`failed${task.statusMessage ? `: ${terminalSafeLine(task.statusMessage)}` : ""}`);
      return await taskResult(client, taskId, requestOptions);
    }
    // A notification may leave out what the task ended with: tasks/get says it.
    if (task.status === "completed" && !task.result) task = await poll();
    if (task.status === "failed") throw said(`failed: ${terminalSafeLine(task.error?.message ?? "no reason given")}`);
    const result = CallToolResultV1Schema.safeParse(task.result);
    if (!result.success) throw said("completed without a tool result");
    return result.data as CallToolResult;
  } catch (error) {
    if (options.signal.aborted) cancelTask(client, taskId);
    throw error;
  } finally {
    stopListening();
  }
}

/** A 2025-11-25 task's result: tasks/result answers once the task has ended. */
async function taskResult(client: McpClient, taskId: string, options: RequestOptions): Promise<CallToolResult> {
  const got = await client.request({ method: "tasks/result", params: { taskId } }, CallToolResultV1Schema, options);
  return got as CallToolResult;
}

/** Asks the server to stop the task; not waited for, and a refusal changes nothing (the call has ended already). */
function cancelTask(client: McpClient, taskId: string): void {
  void client
    .request({ method: "tasks/cancel", params: { taskId } }, AnyResult, { timeout: CANCEL_TIMEOUT_MS })
    .catch(() => {});
}

/** Waits `ms` on the clock, or until woken (a notification came) or aborted. */
function waitFor(ms: number, options: FollowOptions, setWake: (wake: () => void) => void): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      cancel();
      options.signal.removeEventListener("abort", done);
      resolve();
    };
    const cancel = options.clock.setTimeout(done, ms);
    setWake(done);
    options.signal.addEventListener("abort", done);
  });
}
