/**
 * TaskOutput and TaskList: what the model reads of its background tasks.
 * TaskOutput hands out the output a task wrote since the last read (waiting
 * for the task's end first when `block`, as in Claude Code), capped like every
 * tool result with the rest in the output file; without an id it lists the
 * tasks, as TaskList does, so a task whose id scrolled away or was compacted
 * is never out of reach. `BashOutput` (Claude Code's old name) is accepted.
 */
import { systemClock, type Clock } from "../clock.ts";
import type { BackgroundTasks } from "../background/background-tasks.ts";
import { runtimeText, statusText, type BackgroundTask } from "../background/task-state.ts";
import { sizeText } from "../text/size-text.ts";
import { terminalSafeLine } from "../text/terminal-safe.ts";
import { MAX_TOOL_RESULT_CHARS } from "./output-cap.ts";
import { runSafely, stringField } from "./tool-input.ts";
import { textResult, type Tool, type ToolContext, type ToolResult } from "./tool.ts";

const DEFAULT_WAIT_MS = 30_000;
const MAX_WAIT_MS = 600_000;
const LABEL_CHARS = 80;

/** The id field, under its name and Claude Code's older ones (BashOutput's `bash_id`, KillShell's `shell_id`). */
export function taskIdField(input: Record<string, unknown>): string | undefined {
  return stringField(input, "task_id") ?? stringField(input, "bash_id") ?? stringField(input, "shell_id");
}

/** A task's command (or its tool call, `mcp__srv__tool(arg)`) on one line, cut to fit. */
export function taskLabel(task: BackgroundTask): string {
  const line = terminalSafeLine(task.label);
  const shown = line.length > LABEL_CHARS ? `${line.slice(0, LABEL_CHARS)}…` : line;
  return shown;
}

/** One line per task: id, status, runtime, unread output, command or tool. */
export function taskListText(tasks: BackgroundTasks, now: number): string {
  tasks.catchUp();
  const all = tasks.getSnapshot().tasks;
  if (all.length === 0) return "No background tasks in this session.";
  const lines = all.map((task) => {
    const unread = sizeText(task.bytesWritten - task.bytesRead);
    return `${task.id} · ${statusText(task)} · ${runtimeText(task, now)} · ${unread} unread · ${taskLabel(task)}`;
  });
  const running = all.filter((task) => task.status === "running").length;
  return [`${all.length} background task${all.length === 1 ? "" : "s"}, ${running} running:`, ...lines].join("\n");
}

/** The built-in TaskOutput tool. */
export class TaskOutputTool implements Tool {
  readonly name = "TaskOutput";
  readonly aliases = ["BashOutput"];
  readonly description =
    "Reads a background task's output (a Bash command run with run_in_background, or a tool call moved to the " +
    "background): what it wrote since the last read, with its status and exit code. block (default true) waits " +
    `for the task to end, up to timeout milliseconds (default ${DEFAULT_WAIT_MS}). Without task_id it lists every ` +
    "background task, as TaskList does.";
  readonly inputSchema = {
    type: "object",
    properties: {
      task_id: { type: "string", description: "The task's id (b1, b2, …); leave it out to list every task" },
      block: { type: "boolean", description: "Wait for the task to end first (default true)" },
      timeout: { type: "integer", minimum: 0, maximum: MAX_WAIT_MS, description: "How long to wait, in ms" },
    },
    additionalProperties: false,
  };
  // Reading what the session's own tasks wrote touches nothing: never asked about.
  readonly readOnly = true;
  readonly #tasks: BackgroundTasks;
  readonly #clock: Clock;

  constructor(tasks: BackgroundTasks, clock: Clock = systemClock) {
    this.#tasks = tasks;
    this.#clock = clock;
  }

  summarize(input: Record<string, unknown>): string {
    return taskIdField(input) ?? "all tasks";
  }

  run(input: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult> {
    return runSafely(this.name, input, async (args) => {
      const block = args.optionalBoolean("block") ?? true;
      const timeout = Math.min(args.optionalInteger("timeout", 0) ?? DEFAULT_WAIT_MS, MAX_WAIT_MS);
      const id = taskIdField(input);
      if (id === undefined) return textResult(taskListText(this.#tasks, this.#clock.now()));
      if (!this.#tasks.get(id)) return textResult(this.#tasks.unknownIdMessage(id), true);
      if (block) await this.#tasks.waitForEnd(id, timeout, ctx.signal);
      const read = this.#tasks.read(id, MAX_TOOL_RESULT_CHARS)!;
      return textResult(outputText(read.task, read.text, this.#clock.now()));
    });
  }
}

/** The built-in TaskList tool: TaskOutput's list, under the name the model looks for. */
export class TaskListTool implements Tool {
  readonly name = "TaskList";
  readonly description =
    "Lists every background task of this session with its id, status (exit code or signal), runtime, unread " +
    "output and command or tool.";
  readonly inputSchema = { type: "object", properties: {}, additionalProperties: false };
  readonly readOnly = true;
  readonly #tasks: BackgroundTasks;
  readonly #clock: Clock;

  constructor(tasks: BackgroundTasks, clock: Clock = systemClock) {
    this.#tasks = tasks;
    this.#clock = clock;
  }

  async run(): Promise<ToolResult> {
    return textResult(taskListText(this.#tasks, this.#clock.now()));
  }
}

function outputText(task: BackgroundTask, text: string, now: number): string {
  const head = [
    `${task.id} (${taskLabel(task)}): ${statusText(task)} after ${runtimeText(task, now)}`,
    ...(task.statusMessage ? [`Status: ${task.statusMessage}`] : []),
    `Output file: ${task.outputFile}`,
  ];
  const body = text === "" ? "(no new output)" : text.replace(/\n+$/, "");
  return `${head.join("\n")}\n\n${body}`;
}
