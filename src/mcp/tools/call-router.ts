/**
 * The way from McpManager to a server's live session, for tool calls and for
 * resource reads and prompts alike: a server offered from the tool cache is
 * connected first (the call waits); a server that is reconnecting, waits for
 * a login or is down answers with why; while a request runs its lazy server
 * is not idle. For a tool call, moreover: a remote server that restarted
 * under it gets it once more when session-renewal.ts allows, its time goes
 * into the usage store, its progress key is finished, and its outcome
 * (connection/call-outcome.ts) becomes the model's words once, at the end
 * (call-result.ts).
 *
 * It only reads the servers' state and sessions (the supervisor's); it
 * changes no server state.
 */
import type { Clock } from "../../clock.ts";
import type { ReadableStore } from "../../store.ts";
import { textResult, type ToolResult } from "../../tools/tool.ts";
import { isRemote } from "../../config/types.ts";
import { maxOutputChars } from "./content.ts";
import type { SaveToolOutput } from "./output-files.ts";
import type { ServerConnection } from "../connection/server-connection.ts";
import type { CallOutcome } from "../connection/call-outcome.ts";
import type { McpSnapshot, ServerView } from "../state/server-state.ts";
import { retryVerdict, type CallVerdict } from "../connection/session-renewal.ts";
import { serverView } from "../state/snapshot-views.ts";
import { connectTimeoutMs, toolMaxTotalTimeoutMs, toolTimeoutMs } from "../timeouts.ts";
import type { ToolProgressStore } from "./progress.ts";
import type { ToolUsageStore } from "./usage.ts";
import { untilAborted } from "./until-aborted.ts";
import type { CallOptions } from "./mcp-tool.ts";
import { callResult, cancelledResult, failedResult } from "./call-result.ts";
import type { Env } from "../../env.ts";

/** What a resource read or a prompt is handed: the live session and its bounds. */
export type SessionRequest<T> = (session: ServerConnection, options: { signal?: AbortSignal; timeout: number }) => Promise<T>;

/** What the router reads and the few things it asks of the supervisor. */
export interface ToolCallRouterOptions {
  /** The servers' state: read for each call, watched while a restarted server reconnects. */
  servers: ReadableStore<McpSnapshot>;
  /** The live sessions by server name (the supervisor alone adds and removes them). */
  connections: ReadonlyMap<string, ServerConnection>;
  /** Waits for a cached server's live connect (the one under way, or one started now). */
  liveConnect: (server: string) => Promise<void>;
  /** A request to the server began / ended: a lazy server is not idle while one runs. */
  busy: { started(server: string): void; ended(server: string): void };
  /** Where running calls' progress goes, by progress key. */
  progress: ToolProgressStore;
  /** Where each finished call's time goes. */
  usage: ToolUsageStore;
  /** MCP_TOOL_TIMEOUT, MCP_TIMEOUT, MAX_MCP_OUTPUT_TOKENS. */
  env: Env;
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
    const { busy, progress } = this.#options;
    busy.started(server);
    try {
      return await this.#call(server, tool, args, options);
    } finally {
      busy.ended(server);
      if (options.progressKey !== undefined) progress.finish(options.progressKey);
    }
  }

  /**
   * Runs a resource read or prompts/get on the server's live session (a cached
   * server is connected first); resolves with why not when there is none.
   * `run` may reject: its caller words the failure.
   */
  async request<T>(server: string, run: SessionRequest<T>, signal?: AbortSignal): Promise<T | string> {
    const { busy, env } = this.#options;
    busy.started(server);
    try {
      const ready = await this.#ready(server, signal);
      if (typeof ready === "string") return ready;
      return await run(ready.connection, { ...(signal ? { signal } : {}), timeout: toolTimeoutMs(env) });
    } finally {
      busy.ended(server);
    }
  }

  async #call(server: string, tool: string, args: Record<string, unknown>, options: CallOptions): Promise<ToolResult> {
    if (!this.#view(server)) return failedResult(tool, `server ${server} is not connected`);
    const ready = await this.#ready(server, options.signal);
    if (ready === "cancelled") return cancelledResult(tool);
    if (typeof ready === "string") return failedResult(tool, ready);
    const offered = ready.view.state.status === "connected" ? ready.view.state.tools.find((info) => info.name === tool) : undefined;
    if (!offered) return textResult(`MCP tool ${tool} is no longer offered by server ${server}: its tool list changed, so the tool was removed.`, true);
    const { clock, env, saveToolOutput } = this.#options;
    const started = clock.now();
    const first = await this.#callOnce(ready.connection, tool, args, options);
    const verdict = isRemoteServer(ready.view) ? retryVerdict(first, offered.annotations.readOnlyHint === true) : "keep";
    const outcome = verdict === "keep" ? first : await this.#afterRestart(server, tool, args, options, verdict);
    const result =
      typeof outcome === "string"
        ? textResult(outcome, true)
        : await callResult(tool, outcome, { maxChars: maxOutputChars(env), ...(saveToolOutput ? { saveOutput: (text: string) => saveToolOutput(server, tool, text) } : {}) });
    this.#options.usage.record(server, tool, Math.round(clock.now() - started), result.isError === true);
    return result;
  }

  /** The server's live session and view, or why there is none ("cancelled" when the caller gave up waiting). */
  async #ready(server: string, signal: AbortSignal | undefined): Promise<{ connection: ServerConnection; view: ServerView } | string> {
    if (this.#view(server)?.state.status === "cached") {
      // Offered from the cache: the request waits for the live connect (bounded by the connect timeout).
      if (await untilAborted(this.#options.liveConnect(server), signal)) return "cancelled";
    }
    const view = this.#view(server);
    const state = view?.state;
    const connection = this.#options.connections.get(server);
    if (!view || !state) return `no MCP server named ${server}`;
    if (state.status === "reconnecting") return `server ${server} is reconnecting (attempt ${state.attempt})`;
    if (state.status === "needs-auth") return `server ${server} needs authentication (${state.reason}); the user can run: mini-cc mcp login ${server}`;
    if (!connection || state.status !== "connected") return `server ${server} is not connected (${state.status === "failed" ? state.error : state.status})`;
    return { connection, view };
  }

  /** One call on one connection, bounded by MCP_TOOL_TIMEOUT and MCP_TOOL_MAX_TOTAL_TIMEOUT. */
  #callOnce(connection: ServerConnection, tool: string, args: Record<string, unknown>, options: CallOptions): Promise<CallOutcome> {
    const { env, progress } = this.#options;
    const key = options.progressKey;
    const timeoutMs = toolTimeoutMs(env, options.timeout);
    return connection.callTool(tool, args, {
      ...(options.signal ? { signal: options.signal } : {}),
      timeoutMs,
      maxTotalTimeoutMs: toolMaxTotalTimeoutMs(env, timeoutMs),
      ...(key === undefined ? {} : { onProgress: ({ progress: done, total, message }) => progress.report(key, { progress: done, total, message }) }),
    });
  }

  /**
   * The server restarted under a call (the call's loss report has started a
   * reconnect): waits for the new session, then sends the call once more when
   * `verdict` allows, or says that the server restarted.
   */
  async #afterRestart(server: string, tool: string, args: Record<string, unknown>, options: CallOptions, verdict: Exclude<CallVerdict, "keep">): Promise<CallOutcome | string> {
    const config = this.#view(server)?.config;
    const settled = config ? await this.#settled(server, connectTimeoutMs(this.#options.env, config.resolved) + 1000) : "gone";
    const connection = this.#options.connections.get(server);
    if (verdict === "retry" && settled === "connected" && connection && !options.signal?.aborted) return this.#callOnce(connection, tool, args, options);
    const why = verdict === "retry" ? `it did not come back (${settled})` : `${tool} may have run and may change something, so it was not sent again`;
    return `MCP tool ${tool} failed: server ${server} restarted during the call; ${why}.`;
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
