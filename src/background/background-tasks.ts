/**
 * Every background task of one session, in one store the model's tools
 * (TaskOutput, TaskList, TaskStop), the reminders and the UI all read: a
 * background shell, an MCP call answered with a task handle, a tool call that
 * ran too long. Whoever runs a task's work hands the store a control to stop
 * it and tells it how the work ended (finish); the store keeps the honest
 * status (a stopped task is `killed`, whatever its exit code), the output
 * file and what of it the model has read; the work of each running task is a
 * RunningTask (running-task.ts). At most MAX_RUNNING_TASKS run at once.
 */
import { join } from "node:path";
import type { Clock } from "../clock.ts";
import { Store } from "../store.ts";
import { errorText } from "../errors.ts";
import { OutputFile, type OutputFileLimits } from "./output-file.ts";
import { RunningTask, type TaskControl } from "./running-task.ts";
import { SavedOutput } from "./saved-output.ts";
import {
  endedStatus,
  statusText,
  type BackgroundSnapshot,
  type BackgroundTask,
  type StoppedBy,
  type TaskEnding,
  type TaskKind,
} from "./task-state.ts";

/** Background tasks running at once; the next one is refused. */
export const MAX_RUNNING_TASKS = 200;
/** How often the snapshot catches up with output bytes while tasks print. */
const BYTES_PUBLISH_MS = 250;

/** What a task is, before it starts. */
export interface TaskSpec {
  kind: TaskKind;
  label: string;
  toolName: string;
  /** When its work began, if before now (a call sent to the background ran in the foreground first). */
  startedAt?: number;
}

export type StartOutcome = { ok: true; task: BackgroundTask } | { ok: false; message: string };
export type StopOutcome = { ok: true; task: BackgroundTask } | { ok: false; message: string };

export interface BackgroundTasksOptions {
  /** The session's folder for output files (`<home>/tool-output/<session>/background`). */
  dir: string;
  clock: Clock;
  maxRunning?: number;
  outputLimits?: OutputFileLimits;
}

export class BackgroundTasks extends Store<BackgroundSnapshot> {
  readonly #options: BackgroundTasksOptions;
  readonly #live = new Map<string, RunningTask>();
  /** The output files of an earlier run's tasks (adopt). */
  readonly #saved = new Map<string, SavedOutput>();
  #count = 0;
  #publishPending = false;

  constructor(options: BackgroundTasksOptions) {
    super({ tasks: [] });
    this.#options = options;
  }

  /** The task `id`, or undefined. */
  get(id: string): BackgroundTask | undefined {
    return this.getSnapshot().tasks.find((task) => task.id === id);
  }

  /** How many run now. */
  running(): number {
    return this.getSnapshot().tasks.filter((task) => task.status === "running").length;
  }

  /**
   * Starts a task: its output file is created, then `launch` starts the work
   * writing into it and returns how to stop it. Refused when MAX_RUNNING_TASKS
   * run already or the file cannot be made; a launch that throws gives a failed task.
   */
  start(spec: TaskSpec, launch: (output: OutputFile, id: string) => TaskControl): StartOutcome {
    const max = this.#options.maxRunning ?? MAX_RUNNING_TASKS;
    if (this.running() >= max) {
      return {
        ok: false,
        message: `${max} background tasks are running already, the most allowed at once: stop one with TaskStop (TaskList lists them) before starting another`,
      };
    }
    const id = `b${++this.#count}`;
    let output: OutputFile;
    try {
      output = new OutputFile(join(this.#options.dir, `${id}.log`), this.#options.outputLimits, () =>
        this.#outputGrew(),
      );
    } catch (error) {
      return { ok: false, message: `could not create the output file for a background task: ${errorText(error)}` };
    }
    const live = new RunningTask(output);
    this.#live.set(id, live);
    const task: BackgroundTask = {
      id,
      ...spec,
      status: "running",
      startedAt: spec.startedAt ?? this.#options.clock.now(),
      outputFile: output.path,
      bytesWritten: 0,
      bytesRead: 0,
      endingReported: false,
    };
    this.update((prev) => ({ tasks: [...prev.tasks, task] }));
    try {
      live.control = launch(output, id);
    } catch (error) {
      this.finish(id, { kind: "error", message: errorText(error) });
    }
    return { ok: true, task: this.get(id)! };
  }

  /** An output file grew: the snapshot's byte counts catch up soon (not on every chunk). */
  #outputGrew(): void {
    if (this.#publishPending) return;
    this.#publishPending = true;
    this.#options.clock.setTimeout(() => {
      this.#publishPending = false;
      this.catchUp();
    }, BYTES_PUBLISH_MS);
  }

  /** A live status line for the task (an MCP task's statusMessage). */
  setStatusMessage(id: string, message: string): void {
    this.#patch(id, (task) =>
      task.status === "running" && task.statusMessage !== message ? { ...task, statusMessage: message } : task,
    );
  }

  /** The task's work is over; a stop asked for makes it `killed`. Later calls for the same task are ignored. */
  finish(id: string, ending: TaskEnding, stoppedSignal?: string): void {
    const live = this.#live.get(id);
    const task = this.get(id);
    if (!live || task?.status !== "running") return;
    live.output.close();
    const endedAt = this.#options.clock.now();
    const bytesWritten = live.output.bytesWritten;
    const signal = stoppedSignal ?? (ending.kind === "exit" ? ending.signal : null);
    const killed = { status: "killed" as const, stoppedBy: live.stoppedBy, ...(signal ? { signal } : {}) };
    const status = live.stoppedBy ? killed : endedStatus(ending);
    this.#patch(id, (prev) => {
      const { statusMessage: _, ...rest } = prev;
      return { ...rest, ...status, endedAt, bytesWritten };
    });
    live.markEnded();
  }

  /** Stops task `id` (its whole process group, or its call); resolves once it ended. */
  async stop(id: string, by: StoppedBy): Promise<StopOutcome> {
    const task = this.get(id);
    const live = this.#live.get(id);
    if (!task || !live) return { ok: false, message: this.unknownIdMessage(id) };
    if (task.status !== "running") return { ok: false, message: `${id} is not running: it ended ${statusText(task)}` };
    const signal = await live.stop(by);
    // A control that ended its work without the runner's own report (a call that ignores its abort) ends it here.
    this.finish(id, { kind: "error", message: "stopped" }, signal);
    // TaskStop's answer tells the model how it ended; a stop by the user is for a reminder to tell.
    if (by === "TaskStop") this.#patch(id, (ended) => ({ ...ended, endingReported: true }));
    return { ok: true, task: this.get(id)! };
  }

  /** Stops every running task; resolves once all ended. */
  async stopAll(by: StoppedBy): Promise<void> {
    const running = this.getSnapshot().tasks.filter((task) => task.status === "running");
    await Promise.all(running.map((task) => this.stop(task.id, by)));
  }

  /** Process exit: every running task ended at once, without the event loop (shells get SIGKILL). */
  stopAllSync(): void {
    for (const task of this.getSnapshot().tasks) {
      if (task.status !== "running") continue;
      this.#live.get(task.id)!.stopSync();
      this.finish(task.id, { kind: "error", message: "stopped" }, "SIGKILL");
    }
  }

  /** Resolves when task `id` ended, or after `timeoutMs` (or at once for an unknown or ended task). */
  async waitForEnd(id: string, timeoutMs: number, signal?: AbortSignal): Promise<void> {
    const live = this.#live.get(id);
    if (!live || this.get(id)?.status !== "running") return;
    await live.waitForEnd(this.#options.clock, timeoutMs, signal);
  }

  /**
   * The output of task `id` the model has not read yet (within `maxBytes`,
   * head and tail past it), now counted as read; reading an ended task tells
   * the model its ending, so no reminder follows.
   */
  read(id: string, maxBytes: number): { task: BackgroundTask; text: string } | undefined {
    const output = this.#outputOf(id);
    const before = this.get(id);
    if (!output || !before) return undefined;
    const { text, to } = output.read(before.bytesRead, maxBytes);
    const ended = before.status !== "running";
    this.#patch(id, (task) => ({
      ...task,
      bytesRead: to,
      bytesWritten: output.bytesWritten,
      ...(ended ? { endingReported: true } : {}),
    }));
    return { task: this.get(id)!, text };
  }

  /** The last `maxBytes` of task `id`'s output, for the user's view: the model's read position does not move. */
  peek(id: string, maxBytes: number): string {
    const output = this.#outputOf(id);
    if (!output) return "";
    return output.read(output.bytesWritten - maxBytes, maxBytes).text;
  }

  /** The last `count` lines of task `id`'s output. */
  lastLines(id: string, count: number): string[] {
    return this.#outputOf(id)?.lastLines(count) ?? [];
  }

  /** A resumed session's tasks from its earlier run (earlier-tasks.ts), listed first; new ids follow theirs. */
  adopt(earlier: readonly BackgroundTask[]): void {
    if (earlier.length === 0) return;
    for (const task of earlier) this.#saved.set(task.id, new SavedOutput(task.outputFile));
    this.#count = Math.max(this.#count, ...earlier.map((task) => Number(task.id.slice(1))));
    this.update((prev) => ({ tasks: [...earlier, ...prev.tasks] }));
  }

  #outputOf(id: string): Pick<OutputFile, "read" | "lastLines" | "bytesWritten"> | undefined {
    return this.#live.get(id)?.output ?? this.#saved.get(id);
  }

  /** The tasks that ended since the model last heard of them, now counted as told (the reminders). */
  takeEndings(): BackgroundTask[] {
    const untold = this.getSnapshot().tasks.filter((task) => task.status !== "running" && !task.endingReported);
    if (untold.length === 0) return [];
    const ids = new Set(untold.map((task) => task.id));
    this.update((prev) => ({
      tasks: prev.tasks.map((task) => (ids.has(task.id) ? { ...task, endingReported: true } : task)),
    }));
    return untold;
  }

  /** The error for an id no task has: it lists the ids there are. */
  unknownIdMessage(id: string): string {
    const ids = this.getSnapshot().tasks.map((task) => task.id);
    const known = ids.length === 0 ? "there are no background tasks" : `the known ids are ${ids.join(", ")}`;
    return `No background task with id ${JSON.stringify(id)}: ${known}`;
  }

  /** Brings the snapshot's output byte counts up to date now (they otherwise follow within BYTES_PUBLISH_MS). */
  catchUp(): void {
    this.update((prev) => {
      let changed = false;
      const tasks = prev.tasks.map((task) => {
        const written = this.#live.get(task.id)?.output.bytesWritten ?? task.bytesWritten;
        if (written === task.bytesWritten) return task;
        changed = true;
        return { ...task, bytesWritten: written };
      });
      return changed ? { tasks } : prev;
    });
  }

  #patch(id: string, recipe: (task: BackgroundTask) => BackgroundTask): void {
    this.update((prev) => {
      const index = prev.tasks.findIndex((task) => task.id === id);
      if (index < 0) return prev;
      const next = recipe(prev.tasks[index]!);
      if (next === prev.tasks[index]) return prev;
      const tasks = [...prev.tasks];
      tasks[index] = next;
      return { tasks };
    });
  }
}
