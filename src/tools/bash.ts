/**
 * Bash: runs a command with `bash -c` in the working directory. The shell
 * leads its own process group, so a timeout or an abort kills everything it
 * started, not just the shell, and a watchdog ends it if mini-cc dies while
 * it runs (processes/bash-watchdog.ts). In sandbox mode (`--sandbox`, `/sandbox`) the
 * command runs in the session's sandbox (writes: the project; no network)
 * and needs no approval; one the model asks to run outside it
 * (`dangerouslyDisableSandbox`) is approved as usual.
 */
import { spawn } from "node:child_process";
import { releaseGroup, watchGroup } from "../processes/bash-watchdog.ts";
import { ForegroundOutput } from "./foreground-output.ts";
import { fileKind } from "./paths.ts";
import { runSafely, stringField } from "./tool-input.ts";
import { textResult, type Tool, type ToolContext, type ToolResult } from "./tool.ts";
import type { ReadableStore } from "../store.ts";
import type { SandboxHost, SandboxLaunch } from "../sandbox/sandbox-host.ts";
import { errorText } from "../errors.ts";
import { bashEnvironment } from "../sandbox/child-env.ts";
import type { BackgroundTasks } from "../background/background-tasks.ts";
import { startShellTask, type ShellRun } from "../background/shell-task.ts";

const DEFAULT_TIMEOUT_MS = 120_000;
const MAX_TIMEOUT_MS = 600_000;
const MAX_OUTPUT_CHARS = 30_000;
const SUMMARY_CHARS = 60;
// After the shell exits, how long to wait for its pipes to drain. Longer means
// a background job (`server &`) still holds them; we stop reading then.
const EXIT_GRACE_MS = 200;

/** How a command run ended. */
type Ending =
  | { kind: "exit"; code: number | null; signal: NodeJS.Signals | null }
  | { kind: "timeout" }
  | { kind: "abort" }
  | { kind: "spawn-error"; message: string };

/** Where sandbox mode runs commands (`--sandbox`, `/sandbox`): the session's sandbox and whether the mode is on. */
export interface BashSandbox {
  readonly enabled: ReadableStore<boolean>;
  readonly host: Pick<SandboxHost, "launch">;
}

/** What the Bash tool needs from the outside world. */
export interface BashOptions {
  /** mini-cc's environment (default: this process's); commands get it without mini-cc's credentials (child-env.ts). */
  env?: NodeJS.ProcessEnv;
  /** The shell binary (default: `bash` on the PATH). */
  shell?: string;
  /** Sandbox mode; without it every command runs as the user. */
  sandbox?: BashSandbox;
  /** The session's background tasks: `run_in_background` starts one; without it the field is refused. */
  background?: BackgroundTasks;
}

/** The input field that asks to run one command outside the sandbox (Claude Code's name): it then goes through approval. */
export const ESCAPE_FIELD = "dangerouslyDisableSandbox";

/** The built-in Bash tool. */
export class BashTool implements Tool {
  readonly name = "Bash";
  readonly description =
    "Runs a shell command with `bash -c` in the working directory and returns its output (stdout and stderr " +
    `together, in order; cut to ${MAX_OUTPUT_CHARS} characters) and the exit code when it is not 0. ` +
    `timeout is in milliseconds (default ${DEFAULT_TIMEOUT_MS}, at most ${MAX_TIMEOUT_MS}); on timeout the command ` +
    "and everything it started are killed. stdin is empty. Prefer Read, Edit, Glob and Grep for files. " +
    "With run_in_background the call returns at once with a task id (a dev server, a watcher, a long test run): " +
    "read its output with TaskOutput, list tasks with TaskList, stop it with TaskStop; you are told when it ends.";
  readonly inputSchema: Record<string, unknown>;
  readonly readOnly = false;
  readonly #env: NodeJS.ProcessEnv;
  readonly #shell: string;
  readonly #sandbox: BashSandbox | undefined;
  readonly #background: BackgroundTasks | undefined;

  constructor(options: BashOptions = {}) {
    this.#env = options.env ?? process.env;
    this.#shell = options.shell ?? "bash";
    this.#sandbox = options.sandbox;
    this.#background = options.background;
    const escape = options.sandbox
      ? {
          [ESCAPE_FIELD]: {
            type: "boolean",
            description:
              "In sandbox mode: run this command outside the sandbox (it then needs the user's approval). Only when it must reach what the sandbox blocks.",
          },
        }
      : {};
    this.inputSchema = {
      type: "object",
      properties: {
        command: { type: "string", description: "The command to run" },
        timeout: { type: "integer", minimum: 1, maximum: MAX_TIMEOUT_MS, description: "Timeout in milliseconds" },
        description: { type: "string", description: "What the command does, in a few words" },
        run_in_background: {
          type: "boolean",
          description: "Run it in the background and return at once with its task id (no timeout applies)",
        },
        ...escape,
      },
      required: ["command"],
      additionalProperties: false,
    };
  }

  /** In sandbox mode a command runs confined, so it needs no approval; one that asks to leave it goes through approval. */
  runsConfined(input: Record<string, unknown>): boolean {
    return this.#sandbox !== undefined && this.#sandbox.enabled.getSnapshot() && input[ESCAPE_FIELD] !== true;
  }

  leavesSandbox(input: Record<string, unknown>): boolean {
    return this.#sandbox !== undefined && this.#sandbox.enabled.getSnapshot() && input[ESCAPE_FIELD] === true;
  }

  summarize(input: Record<string, unknown>): string {
    const command = (stringField(input, "command") ?? "").trim();
    const lines = command.split("\n");
    const first = lines[0] ?? "";
    if (first.length > SUMMARY_CHARS) return `${first.slice(0, SUMMARY_CHARS)}…`;
    return lines.length > 1 ? `${first} …` : first;
  }

  run(input: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult> {
    return runSafely(this.name, input, async (args) => {
      const command = args.string("command");
      const timeout = Math.min(args.optionalInteger("timeout", 1) ?? DEFAULT_TIMEOUT_MS, MAX_TIMEOUT_MS);
      args.optionalString("description");
      const background = args.optionalBoolean("run_in_background") === true;
      if (this.#sandbox && input[ESCAPE_FIELD] !== undefined && typeof input[ESCAPE_FIELD] !== "boolean") {
        return textResult(`Bash: ${ESCAPE_FIELD} must be true or false`, true);
      }
      if (command.trim() === "") return textResult("Bash: command must not be empty", true);
      if (ctx.signal.aborted) return textResult("Command was aborted", true);
      if ((await fileKind(ctx.cwd)) !== "directory") {
        return textResult(`Working directory does not exist: ${ctx.cwd}`, true);
      }
      const output = new ForegroundOutput(MAX_OUTPUT_CHARS);
      const argv = [this.#shell, "-c", 'exec "$0" -c "$1" 2>&1', this.#shell, command];
      // Read at each run: approved settings may add variables during the session.
      const env = bashEnvironment(this.#env);
      if (background && !this.#background) return textResult("Bash: run_in_background is not available here", true);
      if (!this.runsConfined(input)) {
        if (background)
          return this.#startInBackground(command, { command: argv[0]!, args: argv.slice(1), env, cwd: ctx.cwd });
        const ending = await this.#execute({ command: argv[0]!, args: argv.slice(1), env }, ctx, timeout, output);
        return output.moved
          ? movedEnding(ending, output, "")
          : describeEnding(ending, output.text().replace(/\n+$/, ""), timeout);
      }
      let launch: SandboxLaunch;
      try {
        launch = await this.#sandbox!.host.launch("Bash", { command: argv[0]!, args: argv.slice(1) }, {}, { env });
      } catch (error) {
        // Never unconfined: the model may ask to leave the sandbox, and the user then decides.
        return textResult(
          `Bash: ${errorText(error)}; to run it outside the sandbox, set ${ESCAPE_FIELD} (the user is asked)`,
          true,
        );
      }
      if (background) {
        const run = { command: launch.command, args: launch.args, env: launch.env, cwd: ctx.cwd };
        const trailer = () =>
          launch.blocked.length > 0 ? `\n<sandbox>\n${launch.blocked.join("\n")}\n</sandbox>\n` : "";
        return this.#startInBackground(command, { ...run, dispose: () => launch.dispose(), trailer });
      }
      try {
        const ending = await this.#execute(
          { command: launch.command, args: launch.args, env: launch.env },
          ctx,
          timeout,
          output,
        );
        const blocked = launch.blocked.length > 0 ? `\n<sandbox>\n${launch.blocked.join("\n")}\n</sandbox>` : "";
        if (output.moved) return movedEnding(ending, output, blocked);
        return describeEnding(ending, `${output.text().replace(/\n+$/, "")}${blocked}`, timeout);
      } finally {
        launch.dispose();
      }
    });
  }

  /** Starts the command as a background task and says where its output goes; it is not waited for. */
  #startInBackground(command: string, run: ShellRun): ToolResult {
    const outcome = startShellTask(this.#background!, command, run);
    if (!outcome.ok) return textResult(`Bash: ${outcome.message}`, true);
    const { id, outputFile } = outcome.task;
    return textResult(
      `Command running in the background with ID: ${id}. Output is being written to: ${outputFile}\n` +
        `Read it with TaskOutput("${id}"), stop it with TaskStop("${id}"); you will be told when it ends.`,
    );
  }

  #execute(
    run: { command: string; args: readonly string[]; env: NodeJS.ProcessEnv | Readonly<Record<string, string>> },
    ctx: ToolContext,
    timeoutMs: number,
    output: ForegroundOutput,
  ): Promise<Ending> {
    return new Promise((resolve) => {
      // The outer shell replaces itself (same pid, so still the group leader)
      // with one whose stderr is its stdout: the two streams then come out in
      // the order they were written, and error messages read as for `bash -c`.
      // Sandboxed, the sandbox's own wrapper leads the group.
      const child = spawn(run.command, [...run.args], {
        cwd: ctx.cwd,
        env: run.env,
        detached: true,
        stdio: ["ignore", "pipe", "pipe"],
      });
      const pgid = child.pid;
      if (pgid !== undefined) watchGroup(pgid);
      let stopping: Ending | undefined;
      let exited: Ending | undefined;
      let graceTimer: NodeJS.Timeout | undefined;
      let done = false;

      const finish = (ending: Ending) => {
        if (done) return;
        done = true;
        output.end();
        if (pgid !== undefined) releaseGroup(pgid);
        clearTimeout(timeoutTimer);
        clearTimeout(graceTimer);
        ctx.signal.removeEventListener("abort", onAbort);
        child.stdout.destroy();
        child.stderr.destroy();
        child.unref();
        resolve(stopping ?? ending);
      };
      const killGroup = (reason: Ending) => {
        stopping ??= reason;
        try {
          if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
        } catch {
          // The group is already gone.
        }
      };
      const onAbort = () => killGroup({ kind: "abort" });
      const timeoutTimer = setTimeout(() => killGroup({ kind: "timeout" }), timeoutMs);
      // Sent to the background (Ctrl+B): its output goes to the task's file, and it runs until it ends or is stopped.
      ctx.onMovedToBackground?.((file) => {
        if (output.moveTo(file)) clearTimeout(timeoutTimer);
      });
      ctx.signal.addEventListener("abort", onAbort, { once: true });

      for (const stream of [child.stdout, child.stderr]) {
        stream.setEncoding("utf8");
        stream.on("data", (chunk: string) => output.append(chunk));
      }
      child.on("error", (err) => finish({ kind: "spawn-error", message: err.message }));
      child.on("exit", (code, signal) => {
        exited = { kind: "exit", code, signal };
        graceTimer = setTimeout(() => finish(exited!), EXIT_GRACE_MS);
      });
      child.on("close", (code, signal) => finish(exited ?? { kind: "exit", code, signal }));
    });
  }
}

/** The end of a call sent to the background: its output is in the task's file already, so only how it ended is added. */
function movedEnding(ending: Ending, output: ForegroundOutput, blocked: string): ToolResult {
  const said = ending.kind === "exit" && ending.code === 0 ? "" : String(describeEnding(ending, "", 0).content);
  const text = `${said}${blocked}`.replace(/^\n+/, "");
  const result = textResult(text === "" ? "" : `${output.lineBreak()}${text}\n`, said !== "");
  // A stop (TaskStop, the user) aborts the call, which kills the group with SIGKILL.
  if (ending.kind === "abort") return { ...result, exit: { code: null, signal: "SIGKILL" } };
  return ending.kind === "exit" ? { ...result, exit: { code: ending.code, signal: ending.signal } } : result;
}

function describeEnding(ending: Ending, output: string, timeoutMs: number): ToolResult {
  const withOutput = (head: string) => (output === "" ? head : `${head}\n${output}`);
  switch (ending.kind) {
    case "spawn-error":
      return textResult(`Could not run bash: ${ending.message}`, true);
    case "abort":
      return textResult(withOutput("Command was aborted"), true);
    case "timeout":
      return textResult(withOutput(`Command timed out after ${timeoutMs / 1000}s`), true);
    case "exit": {
      if (ending.code === 0) return textResult(output === "" ? "(no output)" : output);
      const status = ending.code === null ? `Killed by signal ${ending.signal}` : `Exit code ${ending.code}`;
      return textResult(output === "" ? status : `${output}\n${status}`, true);
    }
  }
}
