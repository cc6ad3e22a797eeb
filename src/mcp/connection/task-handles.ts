/**
 * A tools/call answered with a task handle instead of a result (the Tasks
 * extension, issue 35): on 2026-07-28 a result of `resultType: "task"`
 * carrying the task, on 2025-11-25 `{ task }` without content. The SDK takes
 * neither for a tools/call result, so McpClient reads tools/call answers
 * through taskAwareCodec: a handle becomes a TaskCreated rejection, which
 * ServerConnection follows (task-follower.ts). The shapes are checked with
 * the ext-tasks package's schemas; the texts in them are the server's, untrusted.
 */
import { CreateTaskResultV1Schema } from "@modelcontextprotocol/ext-tasks/core/v1";
import { CreateTaskResultV2Schema } from "@modelcontextprotocol/ext-tasks/core/v2";

/** Which Tasks wire a task speaks: the 2026-07-28 extension, or 2025-11-25's experimental tasks. */
export type TaskWire = "2026" | "2025";

/** A task's state as a handle or tasks/get gives it, the same for both wires. */
export interface TaskSnapshot {
  taskId: string;
  status: string;
  statusMessage?: string;
  /** The server's suggested wait before the next tasks/get (ms), unclamped. */
  pollMs?: number;
  /** 2026-07-28: what an input_required task asks, by key. */
  inputRequests?: Record<string, unknown>;
  /** 2026-07-28: a completed task's result. */
  result?: Record<string, unknown>;
  /** 2026-07-28: a failed task's error. */
  error?: { code: number; message: string };
}

/** The answer to a tools/call was a task to follow, not a result. */
export class TaskCreated extends Error {
  readonly wire: TaskWire;
  readonly task: TaskSnapshot;

  constructor(wire: TaskWire, task: TaskSnapshot) {
    super("the call was answered with a task");
    this.wire = wire;
    this.task = task;
  }
}

/** The part of the SDK's wire codec taskAwareCodec wraps. */
interface Codec {
  decodeResult(method: string, raw: unknown): unknown;
}

/** A 2026-07-28 task as a snapshot (a handle, a tasks/get result or a notifications/tasks' params). */
export function snapshotOf2026(task: Record<string, unknown>): TaskSnapshot {
  const { taskId, status, statusMessage, pollIntervalMs, inputRequests, result, error } = task;
  return {
    taskId: String(taskId),
    status: String(status),
    ...(typeof statusMessage === "string" ? { statusMessage } : {}),
    ...(typeof pollIntervalMs === "number" ? { pollMs: pollIntervalMs } : {}),
    ...(isRecord(inputRequests) ? { inputRequests } : {}),
    ...(isRecord(result) ? { result } : {}),
    ...(isRecord(error) ? { error: error as TaskSnapshot["error"] & object } : {}),
  };
}

/** A 2025-11-25 task (a handle's `task`, a tasks/get result) as a snapshot. */
export function snapshotOf2025(task: Record<string, unknown>): TaskSnapshot {
  const { taskId, status, statusMessage, pollInterval } = task;
  return {
    taskId: String(taskId),
    status: String(status),
    ...(typeof statusMessage === "string" ? { statusMessage } : {}),
    ...(typeof pollInterval === "number" ? { pollMs: pollInterval } : {}),
  };
}

/** The handle in a tools/call answer, or undefined when it is none. */
export function taskHandle(raw: unknown): TaskCreated | undefined {
  if (!isRecord(raw)) return undefined;
  if (raw.resultType === "task") {
    const parsed = CreateTaskResultV2Schema.safeParse(raw);
    return parsed.success ? new TaskCreated("2026", snapshotOf2026(parsed.data)) : undefined;
  }
  if (raw.resultType === undefined && raw.content === undefined && isRecord(raw.task)) {
    const parsed = CreateTaskResultV1Schema.safeParse(raw);
    return parsed.success ? new TaskCreated("2025", snapshotOf2025(parsed.data.task)) : undefined;
  }
  return undefined;
}

/** Made once per codec (the SDK has one per protocol era): a call pays a map lookup, not a new object. */
const wrapped = new WeakMap<Codec, Codec>();

/** `codec`, but a tools/call answered with a task handle rejects with TaskCreated. */
export function taskAwareCodec<C extends Codec>(codec: C): C {
  let aware = wrapped.get(codec);
  if (!aware) {
    const decodeResult = (method: string, raw: unknown) => {
      const created = method === "tools/call" ? taskHandle(raw) : undefined;
      return created ? { kind: "invalid", error: created } : codec.decodeResult(method, raw);
    };
    aware = Object.assign(Object.create(codec) as C, { decodeResult });
    wrapped.set(codec, aware);
  }
  return aware as C;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
