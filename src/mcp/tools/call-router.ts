/**
 * The way from McpManager to a server's live connection, for tool calls and for
 * resource reads and prompts alike: a server offered from the tool cache is
 * connected first (the request waits); a server that is reconnecting, waits
 * for a login or is down answers with why; while a request runs its lazy
 * server is not idle, and its end counts as use; a remote server that
 * restarted under it gets it once more when session-renewal.ts allows (a read
 * always may); its time goes into the usage store. For a tool call, moreover:
 * its progress key is finished, and its outcome (connection/call-outcome.ts)
 * becomes the model's words once, at the end (call-result.ts); a read's or a
 * prompt's outcome is worded by its caller (features/).
 *
 * It only reads the servers' state and sessions (the supervisor's); it
 * changes no server state.
 */
import type { Clock } from "../../clock.ts";
import type { ReadableStore } from "../../store.ts";
import { textResult, type ToolResult } from "../../tools/tool.ts";
import { isRemote, type ServerConfig } from "../../config/types.ts";
import { maxOutputChars } from "./content.ts";
import type { SaveToolOutput } from "./output-files.ts";
import type { ServerConnection } from "../connection/server-connection.ts";
import type { CallOutcome, RequestBounds, Settled, RequestOutcome, RoutedOutcome } from "../connection/call-outcome.ts";
import type { McpSnapshot, McpToolInfo, ServerView } from "../state/server-state.ts";
import { retryVerdict, type CallVerdict } from "../connection/session-renewal.ts";
import { serverView } from "../state/snapshot-views.ts";
import { connectTimeoutMs, toolMaxTotalTimeoutMs, toolTimeoutMs } from "../timeouts.ts";
import type { ToolProgressStore } from "./progress.ts";
import type { ToolUsageStore } from "./usage.ts";
import { untilAborted } from "./until-aborted.ts";
import { callResult, cancelledResult, failedResult } from "./call-result.ts";
import type { Env } from "../../env.ts";
import type { StartedTask } from "../manager-options.ts";

/** What a resource read or a prompt is handed: the live connection and its bounds. */
export type LiveRequest<T> = (connection: ServerConnection, bounds: Settled<"timeoutMs">) => Promise<RequestOutcome<T>>;

/** What the router reads and the few things it asks of the supervisor. */
export interface ToolCallRouterOptions {
  /** The servers' state: read for each call, watched while a restarted server reconnects. */
  servers: ReadableStore<McpSnapshot>;
  /** A server's config with its expanded entry (the store holds it as written). */
  config: (server: string) => ServerConfig | undefined;
  /** The live connections by server name (the supervisor alone adds and removes them). */
  connections: Pick<ReadonlyMap<string, ServerConnection>, "get">;
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
  /** A call was answered with a task (McpManagerOptions.onTaskStarted). */
  onTaskStarted?: ((task: StartedTask) => void) | undefined;
  /** That call's task is no longer followed (it ended, failed, timed out or was cancelled). */
  onTaskEnded?: ((task: StartedTask) => void) | undefined;
}

export class ToolCallRouter {
  readonly #options: ToolCallRouterOptions;
  /** MCP_TOOL_TIMEOUT and MAX_MCP_OUTPUT_TOKENS, read once: the environment is fixed for the manager's life. */
  readonly #timeoutMs: number;
  readonly #maxTotalMs: number;
  readonly #maxChars: number;
  /** The tasks calls became, by progress key, while they are followed. */
  readonly #followed = new Map<string, StartedTask>();

  constructor(options: ToolCallRouterOptions) {
    this.#options = options;
    this.#timeoutMs = toolTimeoutMs(options.env);
    this.#maxTotalMs = toolMaxTotalTimeoutMs(options.env, this.#timeoutMs);
    this.#maxChars = maxOutputChars(options.env);
  }

  /** Calls a tool on a server. Never throws: every failure is an error result the model can read. */
  async call(server: string, tool: string, args: Record<string, unknown>, bounds: RequestBounds): Promise<ToolResult> {
    this.#options.busy.started(server);
    try {
      // One async frame for the whole call: each one more costs a call a few hundred bytes and a turn of the queue.
      const view = this.#view(server);
      if (!view) return failedResult(tool, `server ${server} is not connected`);
      const ready = this.#ready(server, view) ?? (await this.#waitIfCached(server, bounds.signal));
      if (typeof ready !== "object") return ready === "cancelled" ? cancelledResult(tool) : failedResult(tool, ready);
      const offered = offeredTool(ready.view, tool);
      if (!offered)
        return textResult(
          `MCP tool ${tool} is no longer offered by server ${server}: its tool list changed, so the tool was removed.`,
          true,
        );
      const { clock } = this.#options;
      const started = clock.now();
      if (offered.runsAsTask) bounds = { ...bounds, asTask: true };
      const first = await this.#callOnce(server, ready.connection, tool, args, bounds);
      const config = this.#options.config(server);
      const verdict =
        config && isRemote(config.resolved) ? retryVerdict(first, offered.annotations.readOnlyHint === true) : "keep";
      const outcome = verdict === "keep" ? first : await this.#afterRestart(server, tool, args, bounds, verdict);
      const worded = typeof outcome === "string" ? textResult(outcome, true) : this.#words(server, tool, outcome);
      const result = worded instanceof Promise ? await worded : worded;
      this.#options.usage.record(server, tool, Math.round(clock.now() - started), result.isError === true);
      return result;
    } finally {
      this.#ended(server, bounds.progressKey);
    }
  }

  /** The model's words for a call's outcome, within the output cap (its whole text saved when the cap cuts it). */
  #words(server: string, tool: string, outcome: CallOutcome): ToolResult | Promise<ToolResult> {
    const save = this.#options.saveToolOutput;
    return callResult(tool, outcome, {
      maxChars: this.#maxChars,
      ...(save ? { saveOutput: (text: string) => save(server, tool, text) } : {}),
    });
  }

  /** A call ended: its server may go idle, its progress row stops, a task it became is no longer followed. */
  #ended(server: string, key: string | undefined): void {
    this.#options.busy.ended(server);
    if (key === undefined) return;
    this.#options.progress.finish(key);
    const task = this.#followed.get(key);
    if (task) {
      this.#followed.delete(key);
      this.#options.onTaskEnded?.(task);
    }
  }

  /**
   * Runs a resource read or prompts/get (`method`, its name in the usage store)
   * on the server's live connection, as a call goes; never rejects: resolves
   * with the outcome, or why no session could take it.
   */
  async request<T>(
    server: string,
    method: string,
    run: LiveRequest<T>,
    signal?: AbortSignal,
  ): Promise<RoutedOutcome<T>> {
    const { busy, clock } = this.#options;
    busy.started(server);
    try {
      const ready = this.#ready(server) ?? (await this.#waitIfCached(server, signal));
      if (ready === "cancelled") return { kind: "cancelled" };
      if (typeof ready === "string") return { kind: "unavailable", why: ready };
      const limits: Settled<"timeoutMs"> = { ...(signal ? { signal } : {}), timeoutMs: this.#timeoutMs };
      const started = clock.now();
      let outcome = await run(ready.connection, limits);
      const config = this.#options.config(server);
      // A read changes nothing: sent again once the new session is up, whatever took the old one.
      if (config && isRemote(config.resolved) && retryVerdict(outcome, true) === "retry") {
        const settled = await this.#settled(server, connectTimeoutMs(this.#options.env, config.resolved) + 1000);
        const connection = this.#options.connections.get(server);
        if (settled === "connected" && connection && !signal?.aborted) outcome = await run(connection, limits);
      }
      this.#options.usage.record(server, method, Math.round(clock.now() - started), outcome.kind !== "result");
      return outcome;
    } finally {
      busy.ended(server);
    }
  }

  /** #ready, after waiting for the live connect of a server offered from the cache ("cancelled" when the caller gave up waiting). */
  async #waitIfCached(server: string, signal: AbortSignal | undefined): Promise<Ready | string> {
    // Offered from the cache: the request waits for the live connect (bounded by the connect timeout).
    if (
      this.#view(server)?.state.status === "cached" &&
      (await untilAborted(this.#options.liveConnect(server), signal))
    )
      return "cancelled";
    return this.#ready(server) ?? `server ${server} is not connected (cached)`;
  }

  /** The server's live connection and view, or why there is none; undefined while it is offered from the cache. */
  #ready(server: string, view = this.#view(server)): Ready | string | undefined {
    const state = view?.state;
    const connection = this.#options.connections.get(server);
    if (!view || !state) return `no MCP server named ${server}`;
    if (state.status === "cached") return undefined;
    if (state.status === "reconnecting") return `server ${server} is reconnecting (attempt ${state.attempt})`;
    if (state.status === "needs-auth")
      return `server ${server} needs authentication (${state.reason}); the user can run: mini-cc mcp login ${server}`;
    if (!connection || state.status !== "connected")
      return `server ${server} is not connected (${state.status === "failed" ? state.error : state.status})`;
    return { connection, view };
  }

  /** One call on one connection, bounded by MCP_TOOL_TIMEOUT and MCP_TOOL_MAX_TOTAL_TIMEOUT. */
  #callOnce(
    server: string,
    connection: ServerConnection,
    tool: string,
    args: Record<string, unknown>,
    bounds: RequestBounds,
  ): Promise<CallOutcome> {
    const { env, progress } = this.#options;
    const key = bounds.progressKey;
    const limits: Settled<"timeoutMs" | "maxTotalTimeoutMs"> =
      bounds.timeoutMs === undefined
        ? { timeoutMs: this.#timeoutMs, maxTotalTimeoutMs: this.#maxTotalMs }
        : explicitLimits(env, bounds.timeoutMs);
    if (bounds.signal) limits.signal = bounds.signal;
    if (bounds.asTask) limits.asTask = true;
    limits.onTaskCreated = (taskId) => {
      if (key !== undefined) {
        const task = { toolUseId: key, server, taskId };
        this.#followed.set(key, task);
        this.#options.onTaskStarted?.(task);
      }
      bounds.moveToBackground?.(`MCP task ${taskId}`);
    };
    if (key !== undefined) {
      limits.onProgress = ({ progress: done, total, message }) =>
        progress.report(key, { progress: done, total, message });
      limits.onTask = (task) => progress.reportTask(key, { ...task, server });
    }
    return connection.callTool(tool, args, limits);
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
    bounds: RequestBounds,
    verdict: Exclude<CallVerdict, "keep">,
  ): Promise<CallOutcome | string> {
    const config = this.#options.config(server);
    const settled = config
      ? await this.#settled(server, connectTimeoutMs(this.#options.env, config.resolved) + 1000)
      : "gone";
    const connection = this.#options.connections.get(server);
    if (verdict === "retry" && settled === "connected" && connection && !bounds.signal?.aborted)
      return this.#callOnce(server, connection, tool, args, bounds);
    const why =
      verdict === "retry"
        ? `it did not come back (${settled})`
        : `${tool} may have run and may change something, so it was not sent again`;
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

/** The tool as the server's live list offers it; undefined when the list no longer has it. */
function offeredTool(view: ServerView, tool: string): McpToolInfo | undefined {
  return view.state.status === "connected" ? view.state.tools.find((info) => info.name === tool) : undefined;
}

/** A live server's connection and view. */
interface Ready {
  connection: ServerConnection;
  view: ServerView;
}

/** The limits of a call given its own timeout (between notifications). */
function explicitLimits(env: Env, timeout: number): Settled<"timeoutMs" | "maxTotalTimeoutMs"> {
  const timeoutMs = toolTimeoutMs(env, timeout);
  return { timeoutMs, maxTotalTimeoutMs: toolMaxTotalTimeoutMs(env, timeoutMs) };
}
