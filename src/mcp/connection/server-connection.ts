/**
 * One server's live connection (its MCP session): its handshake under a deadline, its tool
 * list (refreshed on list_changed), tool calls (each ending in one typed
 * outcome, call-outcome.ts), and telling the supervisor when the server goes
 * away on its own (connection-loss.ts). open-connection.ts opens one.
 */
import type { GetPromptResult, ReadResourceResult } from "@modelcontextprotocol/client";
import { inputRequiredFailure, McpClient } from "./mcp-client.ts";
import type { ServerFeatures } from "../state/server-state.ts";
import { announceRootChanges, installFeatureHandlers } from "./feature-lists.ts";
import { ConnectionLoss } from "./connection-loss.ts";
import { describesExit } from "./stdio-transport.ts";
import { MAX_TIMER_MS } from "../timeouts.ts";
import { describeError, isMiniCcError, MiniCcError } from "../../errors.ts";
import { ProgressRouter } from "./progress-router.ts";
import { installServerRequestHandlers } from "../requests/handlers.ts";
import { guardDeepSchemas, listTools } from "./tool-list.ts";
import { readSession, type ConnectedServer } from "./connected-server.ts";
import { isConnectionClosed, isSessionExpired, lossReason, remoteLoss, sessionExpired } from "./remote-failure.ts";
import { CallDeadline, connectDeadline } from "./call-deadline.ts";
import type { ServerConnectionOptions } from "./server-connection-options.ts";
import { TaskNotices } from "./task-follower.ts";
import { callFollowingTasks, taskReports, taskTimedOut } from "./task-call.ts";

export type { ServerConnectionOptions } from "./server-connection-options.ts";
import type { CallOutcome, RequestFailure, RequestOutcome, Settled } from "./call-outcome.ts";

/** The SDK's own request deadline sits just past ours, so ours always decides. */
const SDK_DEADLINE_SLACK_MS = 1000;

/** The SDK's timeout for a request under our deadline of `ms`. */
function sdkTimeout(ms: number): number {
  return Math.min(ms + SDK_DEADLINE_SLACK_MS, MAX_TIMER_MS);
}

/** A client bound to one transport for the whole session. */
export class ServerConnection {
  readonly #client: McpClient;
  readonly #options: ServerConnectionOptions;
  #connected = false;
  #closing: Promise<void> | undefined;
  /** Noticing, once, that the server went away without us, and why. */
  readonly #loss: ConnectionLoss;
  #stopRoots = () => {};
  /** A 2026-07-28 session's subscriptions/listen stream (McpClient.listenForChanges). */
  #listening: Promise<{ close(): Promise<void> } | undefined> = Promise.resolve(undefined);
  readonly #progress = new ProgressRouter();
  readonly #taskNotices = new TaskNotices();

  constructor(options: ServerConnectionOptions) {
    this.#options = options;
    this.#loss = new ConnectionLoss(options);
    this.#client = new McpClient({ tasks: options.tasks ?? true });
    this.#client.onclose = () => {
      if (this.#connected) void this.#loss.transportClosed();
    };
    installFeatureHandlers(this.#client, {
      roots: options.roots,
      onListsChanged: (lists) => options.onListsChanged?.(lists),
      onLogMessage: (message) => options.messageLog?.add(message),
    });
    if (options.serverRequests)
      installServerRequestHandlers(this.#client, options.serverRequests.server, options.serverRequests.handlers);
    this.#client.setNotificationHandler("notifications/tools/list_changed", async () => {
      try {
        this.#options.onToolsChanged(await listTools(this.#client));
      } catch {
        // A failed refresh keeps the list we have; a dead server is reported by onclose.
      }
    });
  }

  /** Handshake and tool list within `timeoutMs`; on any failure the transport is closed (and its processes killed). */
  async open(timeoutMs: number): Promise<ConnectedServer> {
    const controller = new AbortController();
    const deadline = connectDeadline(this.#options.clock, timeoutMs, controller);
    const options = { signal: controller.signal, timeout: sdkTimeout(timeoutMs) };
    const { transport, legacyOnly = false, probeTimeoutMs } = this.#options;
    const handshake = (async () => {
      // The probe's silence rule only on our stdio transports (those that describe their exit).
      await this.#client.connectNegotiated(transport, options, {
        legacyOnly,
        ...(describesExit(transport) ? { probeTimeoutMs } : {}),
      });
      this.#progress.install(transport);
      this.#taskNotices.install(transport);
      guardDeepSchemas(transport);
      return readSession(this.#client, options);
    })();
    try {
      const server = await Promise.race([handshake, deadline.passed]);
      this.#connected = true;
      this.#loss.startKeepalive((signal, ms) => this.#client.ping({ signal, timeout: sdkTimeout(ms) }));
      this.#stopRoots = announceRootChanges(this.#client, this.#options.roots);
      this.#listening = this.#client.listenForChanges(server.features.capabilities);
      this.#setLogLevel(server.features);
      return server;
    } catch (error) {
      const failure = await this.#loss.handshakeFailure(error);
      await this.close();
      throw failure;
    } finally {
      deadline.cancel();
    }
  }

  /** Asks for the level we want, without waiting: a server that ignores it still serves. */
  #setLogLevel(features: ServerFeatures): void {
    const level = this.#options.logLevel;
    if (!level || !features.capabilities?.logging) return;
    void this.#client.setLoggingLevel(level).catch(() => {});
  }

  /**
   * Calls a tool under one deadline (call-deadline.ts) and the caller's
   * abort; never rejects: how it ended is the outcome. A remote server
   * unreachable at the connection level is also reported lost, so the
   * reconnect series gives the next call a chance.
   */
  async callTool(
    name: string,
    args: Record<string, unknown>,
    limits: Settled<"timeoutMs" | "maxTotalTimeoutMs">,
  ): Promise<CallOutcome> {
    const { timeoutMs, onProgress } = limits;
    const maxTotalMs = Math.max(timeoutMs, limits.maxTotalTimeoutMs);
    const deadline = new CallDeadline(this.#options.clock, timeoutMs, maxTotalMs, limits.signal);
    if (deadline.ended === "cancelled") return { kind: "cancelled" };
    // Our own progress token, its notifications routed past the SDK (progress-router.ts): the
    // SDK keeps no deadline of its own that could fire first.
    let task: string | undefined;
    const progressToken = this.#progress.register((p) => {
      deadline.progressed();
      onProgress?.(p);
    });
    try {
      const request = { name, arguments: args, _meta: { progressToken }, asTask: limits.asTask };
      const server = this.#options.serverRequests?.server ?? "";
      const result = await callFollowingTasks(
        this.#client,
        this.#taskNotices,
        request,
        { signal: deadline.signal, timeout: MAX_TIMER_MS },
        {
          server,
          clock: this.#options.clock,
          signal: deadline.signal,
          ...taskReports(limits, deadline, (id) => (task = id)),
        },
      );
      return { kind: "result", result };
    } catch (error) {
      if (task !== undefined && deadline.ended === "timeout")
        return taskTimedOut(this.#options.serverRequests?.server, task, deadline.capped ? maxTotalMs : timeoutMs);
      if (deadline.ended === "timeout")
        return { kind: "timeout", afterMs: deadline.capped ? maxTotalMs : timeoutMs, capped: deadline.capped };
      if (deadline.ended === "cancelled") return { kind: "cancelled" };
      return await this.#callFailed(error);
    } finally {
      this.#progress.unregister(progressToken);
      deadline.stop();
    }
  }

  /** What a call's rejection means: the server refused it, or the session went under it. */
  async #callFailed(error: unknown): Promise<RequestFailure> {
    const refused = inputRequiredFailure(this.#options.serverRequests?.server ?? "", error);
    if (refused) return { kind: "failed", error: refused.message };
    // A token that stopped working mid-session (refresh rejected): the server waits for a login.
    if (isMiniCcError(error, "needs-auth")) {
      this.#loss.lose(error);
      return { kind: "failed", error: describeError(error) };
    }
    if (isConnectionClosed(error)) {
      // The SDK's "Connection closed" says nothing; how the server ended does.
      return { kind: "lost", how: "broken", error: describeError((await this.#loss.exitFailure()) ?? error) };
    }
    const how = this.#options.remote && this.#connected ? remoteLoss(error) : undefined;
    if (how === undefined) return { kind: "failed", error: describeError(error) };
    // Refused unread: the supervisor opens a new session and the router may send the call again.
    const failure = isSessionExpired(error)
      ? sessionExpired(error)
      : new MiniCcError("connection-lost", lossReason(error));
    this.#loss.lose(failure);
    return { kind: "lost", how, error: describeError(how === "expired" ? failure : error) };
  }

  /** resources/read; never rejects: how it ended is the outcome, classified as a call's. */
  readResource(uri: string, limits: Settled<"timeoutMs">): Promise<RequestOutcome<ReadResourceResult>> {
    return this.#request((options) => this.#client.readResource({ uri }, options), limits);
  }

  /** prompts/get with the arguments as typed; never rejects. */
  getPrompt(
    name: string,
    args: Record<string, string>,
    limits: Settled<"timeoutMs">,
  ): Promise<RequestOutcome<GetPromptResult>> {
    return this.#request((options) => this.#client.getPrompt({ name, arguments: args }, options), limits);
  }

  /** A request bounded by the SDK's own timeout (these report no progress); a remote session lost under it is reported, as for a call. */
  async #request<T>(
    send: (options: { signal?: AbortSignal; timeout: number }) => Promise<T>,
    limits: Settled<"timeoutMs">,
  ): Promise<RequestOutcome<T>> {
    if (limits.signal?.aborted) return { kind: "cancelled" };
    try {
      return {
        kind: "result",
        result: await send({ ...(limits.signal ? { signal: limits.signal } : {}), timeout: limits.timeoutMs }),
      };
    } catch (error) {
      if (limits.signal?.aborted) return { kind: "cancelled" };
      return await this.#callFailed(error);
    }
  }

  /**
   * For a server still starting when the run ends: a stdio server is left to finish on
   * its own (its stdin ended, not killed; killed if still there `graceMs` after its start:
   * see StdioProcessTransport.release); any other closes.
   */
  async release(graceMs: number): Promise<void> {
    const transport = this.#options.transport as Partial<{ release: (graceMs: number) => Promise<void> }>;
    if (typeof transport.release === "function") {
      this.#loss.closing();
      await transport.release.call(this.#options.transport, graceMs);
    }
    return this.close();
  }

  /** Closes the session and stops its keepalive; for stdio this kills the server's process group. */
  close(): Promise<void> {
    this.#loss.closing();
    this.#stopRoots();
    this.#options.messageLog?.close();
    // The transport too: while the SDK probes with server/discover, the client does not hold it yet.
    this.#closing ??= (async () => {
      await (await this.#listening)?.close().catch(() => {});
      await Promise.all([this.#client.close().catch(() => {}), this.#options.transport.close().catch(() => {})]);
    })();
    return this.#closing;
  }
}
