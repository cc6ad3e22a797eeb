/**
 * The way from McpManager.call to a server's live session: a call to a server
 * offered from the tool cache waits for its live connect; a server that is
 * reconnecting, waits for a login or is down answers with an error result; a
 * remote server that restarted under the call gets it once more when
 * session-renewal.ts allows; each call is recorded in the server's history
 * and its progress key is finished.
 *
 * Separate from manager.ts so the store (which state follows which, and the
 * effects of each server's life) reads apart from what one call goes through.
 * It only reads the servers' state and sessions; the one change it makes is
 * the `tool-called` event, through the manager's dispatch.
 */
import type { Clock } from "../../clock.ts";
import type { ReadableStore } from "../../store.ts";
import { textResult, type ToolResult } from "../../tools/tool.ts";
import { isRemote } from "../../config/types.ts";
import { maxOutputChars } from "./content.ts";
import type { LifecycleEvent } from "../state/lifecycle.ts";
import type { SaveToolOutput } from "./output-files.ts";
import type { ServerConnection } from "../connection/server-connection.ts";
import type { McpSnapshot, ServerView } from "../state/server-state.ts";
import type { CallVerdict } from "../connection/session-renewal.ts";
import { serverView } from "../state/snapshot-views.ts";
import { connectTimeoutMs, toolMaxTotalTimeoutMs, toolTimeoutMs } from "../timeouts.ts";
import type { ToolProgressStore } from "./progress.ts";
import { untilAborted } from "./until-aborted.ts";

/** Per-call options: the agent's abort signal and an explicit timeout (ms). */
export interface CallOptions {
  signal?: AbortSignal;
  timeout?: number;
  /** The tool-use id the call's progress is reported under (the `progress` store). */
  progressKey?: string;
}

/** What the router reads and the few things it asks of McpManager. */
export interface ToolCallRouterOptions {
  /** The servers' state: read for each call, watched while a restarted server reconnects. */
  servers: ReadableStore<McpSnapshot>;
  /** The manager's live sessions by server name (it alone adds and removes them). */
  connections: ReadonlyMap<string, ServerConnection>;
  /** Waits for a cached server's live connect (the one under way, or one started now). */
  liveConnect: (server: string) => Promise<void>;
  /** Applies a lifecycle event to a server (here only `tool-called`). */
  dispatch: (server: string, event: LifecycleEvent) => boolean;
  /** Where running calls' progress goes, by progress key. */
  progress: ToolProgressStore;
  /** MCP_TOOL_TIMEOUT, MCP_TIMEOUT, MAX_MCP_OUTPUT_TOKENS. */
  env: Readonly<Record<string, string | undefined>>;
  clock: Clock;
  saveToolOutput?: SaveToolOutput;
}

export class ToolCallRouter {
  readonly #options: ToolCallRouterOptions;

  constructor(options: ToolCallRouterOptions) {
    this.#options = options;
  }

  /** Calls a tool on a server. Never throws: every failure is an error result the model can read. */
  async call(server: string, tool: string, args: Record<string, unknown>, options: CallOptions): Promise<ToolResult> {
    if (this.#view(server)?.state.status === "cached") {
      // Offered from the cache: the call waits for the live connect (bounded by the connect timeout).
      const cancelled = await untilAborted(this.#options.liveConnect(server), options.signal);
      if (cancelled) return textResult(`MCP tool ${tool} was cancelled.`, true);
    }
    const connection = this.#options.connections.get(server);
    const state = this.#view(server)?.state;
    if (state?.status === "reconnecting") {
      return textResult(`MCP tool ${tool} failed: server ${server} is reconnecting (attempt ${state.attempt})`, true);
    }
    if (state?.status === "needs-auth") {
      return textResult(`MCP tool ${tool} failed: server ${server} needs authentication (${state.reason}); the user can run: mini-cc mcp login ${server}`, true);
    }
    if (!connection || state?.status !== "connected") {
      const detail = state?.status === "failed" ? ` (${state.error})` : state ? ` (${state.status})` : "";
      return textResult(`MCP tool ${tool} failed: server ${server} is not connected${detail}`, true);
    }
    if (!state.tools.some((offered) => offered.name === tool)) {
      return textResult(`MCP tool ${tool} is no longer offered by server ${server}: its tool list changed, so the tool was removed.`, true);
    }
    const readOnly = state.tools.find((info) => info.name === tool)?.annotations.readOnlyHint === true;
    const { progressKey: key } = options;
    const { clock } = this.#options;
    const started = clock.now();
    try {
      let outcome = await this.#callOnce(connection, server, tool, args, options);
      if (outcome.met !== undefined && isRemoteServer(this.#view(server))) {
        // Loaded with the SDK, which the first frame does without.
        const { retryVerdict } = await import("../connection/session-renewal.ts");
        const verdict = retryVerdict(outcome.met, readOnly);
        if (verdict !== "keep") outcome = await this.#afterRestart(server, tool, args, options, verdict, outcome);
      }
      const { result } = outcome;
      this.#options.dispatch(server, { type: "tool-called", tool, ms: Math.round(clock.now() - started), isError: result.isError === true });
      return result;
    } finally {
      if (key !== undefined) this.#options.progress.finish(key);
    }
  }

  /** One call on one connection; `met`: the connection-level error behind a failed result, for deciding on a retry. */
  async #callOnce(connection: ServerConnection, server: string, tool: string, args: Record<string, unknown>, options: CallOptions): Promise<{ result: ToolResult; met?: unknown }> {
    const { runToolCall } = await import("./call.ts");
    const { env, clock, saveToolOutput } = this.#options;
    const { progressKey: key } = options;
    const timeoutMs = toolTimeoutMs(env, options.timeout);
    let met: unknown;
    const probe = {
      callTool: (...call: Parameters<ServerConnection["callTool"]>) =>
        connection.callTool(...call).catch((error: unknown) => {
          met = error;
          throw error;
        }),
    };
    const result = await runToolCall(probe, tool, args, {
      signal: options.signal,
      timeoutMs,
      maxTotalTimeoutMs: toolMaxTotalTimeoutMs(env, timeoutMs),
      maxChars: maxOutputChars(env),
      clock,
      saveOutput: saveToolOutput && ((text: string) => saveToolOutput(server, tool, text)),
      onProgress: key === undefined ? undefined : ({ progress, total, message }) => this.#options.progress.report(key, { progress, total, message }),
    });
    return result.isError ? { result, met } : { result };
  }

  /**
   * The server restarted under a call (the call's loss report has started a
   * reconnect): waits for the new session, then sends the call once more when
   * `verdict` allows, or says that the server restarted.
   */
  async #afterRestart(
    server: string,
    tool: string,
    args: Record<string, unknown>,
    options: CallOptions,
    verdict: Exclude<CallVerdict, "keep">,
    first: { result: ToolResult },
  ): Promise<{ result: ToolResult }> {
    const config = this.#view(server)?.config;
    if (!config) return first;
    const settled = await this.#settled(server, connectTimeoutMs(this.#options.env, config.resolved) + 1000);
    const connection = this.#options.connections.get(server);
    if (verdict === "retry" && settled === "connected" && connection && !options.signal?.aborted) return this.#callOnce(connection, server, tool, args, options);
    const why = verdict === "retry" ? `it did not come back (${settled})` : `${tool} may have run and may change something, so it was not sent again`;
    return { result: textResult(`MCP tool ${tool} failed: server ${server} restarted during the call; ${why}.`, true) };
  }

  /** Resolves with the server's status once it is no longer connecting (or after `timeoutMs`). */
  #settled(name: string, timeoutMs: number): Promise<string> {
    const busy = (status: string | undefined) => status === "pending" || status === "reconnecting";
    return new Promise((resolve) => {
      const now = this.#view(name)?.state.status;
      if (!busy(now)) return resolve(now ?? "gone");
      let cancel = () => {};
      const unsubscribe = this.#options.servers.subscribe(() => {
        const status = this.#view(name)?.state.status;
        if (busy(status)) return;
        unsubscribe();
        cancel();
        resolve(status ?? "gone");
      });
      cancel = this.#options.clock.setTimeout(() => {
        unsubscribe();
        resolve("still reconnecting");
      }, timeoutMs);
    });
  }

  #view(name: string): ServerView | undefined {
    return serverView(this.#options.servers.getSnapshot(), name);
  }
}

function isRemoteServer(view: ServerView | undefined): boolean {
  return view?.config !== undefined && isRemote(view.config.resolved);
}
