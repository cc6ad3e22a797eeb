/**
 * `mini-cc -p`: one turn, no questions asked, output for scripts. Servers that
 * would need the user (unapproved project servers) stay off, and tools that
 * would ask are denied with a message saying how to allow them.
 */
import { stillStartingText } from "../mcp/state/startup-silence.ts";
import { relative } from "node:path";
import type { RunOptions } from "../session/run-options.ts";
import { usageError } from "../errors.ts";
import type { ServerView } from "../mcp/state/server-state.ts";
import { createRuntime } from "../session/runtime.ts";
import { localCommandTurn } from "../session/local-commands.ts";
import { PrintResultTracker } from "./print-result.ts";
import { initServer } from "./init-server-status.ts";
import { BUILTIN_COMMAND_NAMES } from "../session/builtin-command-names.ts";
import { createPrintWriter } from "./print-writers.ts";
import { terminalSafeLine, terminalSafeText } from "../text/terminal-safe.ts";
import { unattendedHandlers } from "../mcp/requests/server-requests.ts";
import { systemClock } from "../clock.ts";
import { OFFLINE_MODEL_NAME } from "../model/default-model.ts";
import { retryStatusText } from "../model/retry-policy.ts";
import { userMessages, type UserInputBlock } from "./stream-json-input.ts";
import type { Env } from "../env.ts";
import { needsAuthText } from "../mcp/state/status-table.ts";
import { cutReply } from "../agent/streamed-reply.ts";

export interface PrintIo {
  cwd: string;
  env: Env;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Standard input's text when it is not a terminal: the prompt, if none was given. */
  readStdin: () => Promise<string | undefined>;
  /**
   * Standard input is a pipe or a file (`cat log | mini-cc -p "summarise"`): its text
   * goes before the prompt, as claude does. False for a terminal or an inherited socket.
   */
  stdinPiped?: boolean;
  /** Standard input line by line, as it arrives (--input-format stream-json). */
  stdinLines?: () => AsyncIterable<string>;
  /** Aborted on SIGINT. */
  signal: AbortSignal;
  homeDir?: string;
  onExit?: (cleanup: () => void) => void;
}

export async function runPrint(options: RunOptions, io: PrintIo): Promise<number> {
  const streamInput = options.inputFormat === "stream-json";
  const prompt = streamInput ? "" : await promptOf(options, io);
  if (!streamInput && !prompt) throw usageError("no prompt: give one after -p, or on standard input");
  // Everything on stderr may quote a config, a server or the model: shown, never obeyed by the terminal.
  const stderr = (text: string) => io.stderr(terminalSafeText(text, { keepTabs: true }));

  const runtime = await createRuntime({
    options,
    cwd: io.cwd,
    env: io.env,
    homeDir: io.homeDir,
    onExit: io.onExit,
    interactive: false,
    reservedCommands: BUILTIN_COMMAND_NAMES,
    warn: (message) => stderr(`mini-cc: ${message}\n`),
    ask: () => Promise.reject(new Error("print mode cannot ask")),
    // Nobody to ask: elicitation is declined, sampling runs only with --allow-sampling; either way stderr says so.
    serverRequests: ({ model }) =>
      unattendedHandlers({ model, allowSampling: options.allowSampling, say: (line) => stderr(`mini-cc: ${line}\n`) }),
  });
  try {
    // Cached servers are offered at once; their processes start once the first request is out.
    await runtime.startServers({ holdBackground: true });
    const servers = runtime.manager.getSnapshot().servers;
    const files = new Map(runtime.config.servers.map((declared) => [declared.name, declared.file]));
    for (const server of servers) {
      for (const line of serverProblem(server, files.get(server.name), io.cwd)) stderr(`mini-cc: ${line}\n`);
    }

    if (runtime.model.name === OFFLINE_MODEL_NAME) {
      stderr("mini-cc: no ANTHROPIC_API_KEY and no --model-script: the built-in offline model answers\n");
    }
    const { sessionId } = runtime;
    // The TUI marks it in the resumed transcript; here it is said once (only the last turn is read for it).
    if (runtime.sessions.restored && cutReply(runtime.sessions.restored.recentEntries(1)) !== undefined) {
      stderr(
        `mini-cc: session ${sessionId}: mini-cc was killed while its last reply came in; it goes on from what had arrived, and the model is told the reply was cut\n`,
      );
    }
    const writer = createPrintWriter(options.outputFormat, io.stdout, stderr, options.includePartialMessages ?? false);
    const offered = runtime.agent.offeredTools();
    writer.start({
      cwd: io.cwd,
      session_id: sessionId,
      model: runtime.model.name,
      permissionMode: options.permissionMode,
      tools: offered.tools,
      ...(offered.deferred.length > 0 ? { deferred_tools: offered.deferred } : {}),
      mcp_servers: servers.map(initServer),
    });
    const turn = async (line: string | readonly UserInputBlock[]): Promise<boolean> => {
      const tracker = new PrintResultTracker(sessionId, systemClock, runtime.model.name);
      // `/cost` and `/context` are answered here, as the TUI answers them; anything else is a turn.
      const events =
        typeof line !== "string"
          ? runtime.agent.runTurn(line, io.signal)
          : (localCommandTurn(line, runtime.sessions) ?? runtime.runTurn(line, io.signal));
      for await (const event of events) {
        tracker.observe(event);
        writer.event(event);
        // A long wait should not look like a hang.
        if (event.type === "hook_note") stderr(`mini-cc: ${event.text}\n`);
        if (event.type === "retry")
          stderr(`mini-cc: ${retryStatusText(event.retry, event.retry.delayMs)}: ${event.retry.message}\n`);
        // What the instruction files could not give is said, as the TUI says it (never the files' content).
        if (event.type === "system_note" && event.warning)
          stderr(`mini-cc: ${event.label}: ${terminalSafeLine(event.text)}\n`);
        // A mention that attached nothing is said, as the TUI says it.
        if (event.type === "attachment" && !event.attached)
          stderr(`mini-cc: @${terminalSafeLine(event.mention)}: ${event.detail}\n`);
      }
      const result = tracker.result();
      writer.end(result);
      return !result.is_error;
    };
    if (!streamInput) return (await turn(prompt ?? "")) ? 0 : 1;
    // One turn per user message on stdin, each closed by its result; the exit status says whether all succeeded.
    let ok = true;
    for await (const message of userMessages(io.stdinLines?.() ?? noLines())) {
      if (io.signal.aborted) break;
      ok = (await turn(message)) && ok;
    }
    return ok ? 0 : 1;
  } finally {
    await runtime.close();
  }
}

/** The -p prompt, with piped standard input before it (claude's order); standard input alone when no prompt was given. */
async function promptOf(options: RunOptions, io: PrintIo): Promise<string | undefined> {
  if (options.prompt === undefined) return (await io.readStdin())?.trim();
  if (!io.stdinPiped) return options.prompt;
  const piped = ((await io.readStdin()) ?? "").trimEnd();
  return piped === "" ? options.prompt : `${piped}\n\n${options.prompt}`;
}

async function* noLines(): AsyncGenerator<string> {}

/** A server that will not serve this run (or not all it offers), each problem in one line (an invalid entry with its file, as `mcp list`); none when it is fine. */
function serverProblem(server: ServerView, file: string | undefined, cwd: string): string[] {
  const { state } = server;
  if (state.status === "failed" && state.code === "invalid-entry" && file)
    return [`MCP server ${server.name} failed: ${file}: ${state.error}`];
  if (state.status === "failed") return [`MCP server ${server.name} failed: ${state.error}`];
  if (state.status === "pending" && state.stillStarting) {
    return [`MCP server ${server.name}: ${stillStartingText(state.silence)}; its tools are not in this run`];
  }
  // "not logged in" goes without saying; a step-up's reason names the scope the server asks for.
  if (state.status === "needs-auth")
    return [
      `MCP server ${server.name} ${needsAuthText(`mini-cc mcp login ${server.name}`, state.reason === "not logged in" ? undefined : state.reason)}`,
    ];
  if (state.status === "disabled" && state.cause === "not-approved") {
    const config = file ? relative(cwd, file) || file : ".mcp.json";
    return [
      `MCP server ${server.name} (project) is not started: ${state.reason}; ` +
        `or pass --mcp-config ${config} to trust that file for this run`,
    ];
  }
  if (state.status === "disabled") return [`MCP server ${server.name} (${server.source}) is off: ${state.reason}`];
  // It serves, but not all it offers.
  if (state.status === "connected" && state.listCuts)
    return state.listCuts.map((cut) => `MCP server ${server.name} ${cut}`);
  return [];
}
