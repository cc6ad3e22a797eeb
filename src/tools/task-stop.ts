/**
 * TaskStop: ends a background task — a shell's whole process group
 * (children, grandchildren, and a daemon that left the group, found by its
 * marker), or a tool call (its abort reaches the MCP server as a
 * cancellation). `KillShell` (Claude Code's old name) is accepted.
 */
import type { BackgroundTasks } from "../background/background-tasks.ts";
import { statusText } from "../background/task-state.ts";
import { taskIdField, taskLabel } from "./task-output.ts";
import { runSafely } from "./tool-input.ts";
import { textResult, type Tool, type ToolResult } from "./tool.ts";

/** The built-in TaskStop tool. */
export class TaskStopTool implements Tool {
  readonly name = "TaskStop";
  readonly aliases = ["KillShell"];
  readonly description =
    "Stops a running background task by id: a command and everything it started, or a tool call (cancelled).";
  readonly inputSchema = {
    type: "object",
    properties: { task_id: { type: "string", description: "The task's id (b1, b2, …)" } },
    required: ["task_id"],
    additionalProperties: false,
  };
  // Not asked about, as Claude Code never asks about KillShell: it can only end what this session started in
  // the background, each already approved when it started, and stopping is what a user wants done at once.
  // Deny rules still apply (`TaskStop`, or `KillShell` by its old name).
  readonly readOnly = true;
  readonly #tasks: BackgroundTasks;

  constructor(tasks: BackgroundTasks) {
    this.#tasks = tasks;
  }

  summarize(input: Record<string, unknown>): string {
    return taskIdField(input) ?? "";
  }

  run(input: Record<string, unknown>): Promise<ToolResult> {
    return runSafely(this.name, input, async () => {
      const id = taskIdField(input);
      if (id === undefined) return textResult("TaskStop: task_id must be a string", true);
      const stopped = await this.#tasks.stop(id, "TaskStop");
      if (!stopped.ok) return textResult(stopped.message, true);
      return textResult(`Stopped ${id} (${taskLabel(stopped.task)}): ${statusText(stopped.task)}`);
    });
  }
}
