/**
 * One connect attempt of a server run (server-run.ts), for the supervisor: it
 * loads the SDK, the transports and the sandbox choice, opens the connection
 * (connection/open-connection.ts), and says when a stdio start goes on past its
 * connect timeout. A result the run superseded meanwhile is dropped here: its
 * connection is closed and the supervisor hears "superseded".
 */
import { isRemote, type ServerConfig } from "../config/types.ts";
import { describeError, isMiniCcError, MiniCcError } from "../errors.ts";
import { sandboxLaunchFor } from "../sandbox/run-mode.ts";
import type { ConnectedServer } from "./connection/connected-server.ts";
import type { ProcessGroups } from "../processes/process-groups.ts";
import type { ServerConnection } from "./connection/server-connection.ts";
import type { ToolList } from "./connection/tool-list.ts";
import type { TransportFactory } from "./connection/transports.ts";
import { requestedLogLevel } from "./logs/message-log.ts";
import type { ServerRun } from "./server-run.ts";
import type { LifecycleEvent } from "./state/lifecycle.ts";
import type { ServerFeatures } from "./state/server-state.ts";
import { startupSilence } from "./state/startup-silence.ts";
import type { SupervisorOptions } from "./supervisor-options.ts";
import { connectTimeoutMs, startupGraceMs } from "./timeouts.ts";

/** What the attempt reports: its connect (at once, while still current), and later what its connection says. */
export interface AttemptEvents {
  /** Connected after `connectMs`; called in the same step as the check that the attempt is still current. */
  onConnected: (server: ConnectedServer, connectMs: number) => void;
  onLost: (failure: MiniCcError) => void;
  onToolsChanged: (list: ToolList) => void;
  onFeaturesChanged: (features: ServerFeatures) => void;
}

/** One attempt: `run`'s connection under `attempt`, whose abort (stop, restart, close()) drops its result. */
export interface ConnectAttempt {
  run: ServerRun;
  config: ServerConfig;
  attempt: AbortSignal;
  /** Ends the log's header line, e.g. "reconnect attempt 2". */
  note?: string;
  events: AttemptEvents;
}

/**
 * Opens `run`'s connection once: resolves with the failure, or undefined once connected or
 * superseded. The connection is the run's from before its handshake, so close() meanwhile kills it.
 */
export async function connectAttempt(
  options: SupervisorOptions,
  groups: ProcessGroups,
  { run, config, attempt, note, events }: ConnectAttempt,
): Promise<MiniCcError | undefined> {
  const { name } = config;
  const { dispatch, clock } = options;
  dispatch(name, { type: "spawned" });
  const started = clock.now();
  let connection: ServerConnection | undefined;
  // A stdio server whose start may outlast its connect timeout goes on in the background (still-starting.ts).
  const connectMs = connectTimeoutMs(options.env, config.resolved);
  const mayGoOn = !isRemote(config.resolved) && startupGraceMs(options.env, config.resolved) > connectMs;
  const settled = run.stillStarting.watch(
    mayGoOn ? connectMs : undefined,
    () =>
      !attempt.aborted &&
      dispatch(name, { type: "still-starting", silence: startupSilence(config.resolved, connectMs, options.env) }),
  );
  try {
    // The SDK client loads here, on first connect, not before the UI's first frame (about 90 ms).
    const [{ openConnection }, factory, sandbox] = await Promise.all([
      import("./connection/open-connection.ts"),
      transportsOf(options),
      sandboxFor(options, config),
    ]);
    if (attempt.aborted) return undefined; // closed or restarted while loading
    const { projectDir, env, oauth } = options;
    const opened = await openConnection({
      config,
      note,
      factory,
      context: { cwd: projectDir, env, groups, ...(oauth ? { oauth } : {}), ...(sandbox ? { sandbox } : {}) },
      logDir: options.logDir,
      clock,
      onLost: events.onLost,
      onToolsChanged: events.onToolsChanged,
      onFeaturesChanged: events.onFeaturesChanged,
      roots: options.roots,
      logLevel: requestedLogLevel(env),
      serverRequests: options.serverRequests,
      onCreated: (created) => {
        connection = created;
        // A connection made for a superseded attempt never becomes the run's: it is closed below.
        if (!attempt.aborted) run.connection = created;
      },
    });
    if (attempt.aborted) {
      if (run.connection === connection) run.connection = undefined;
      await opened.connection.close();
      return undefined;
    }
    events.onConnected(opened.server, Math.round(clock.now() - started));
    return undefined;
  } catch (error) {
    if (connection && run.connection === connection) run.connection = undefined;
    return isMiniCcError(error) ? error : new MiniCcError("connect-failed", describeError(error));
  } finally {
    settled();
  }
}

/** Whether this server runs sandboxed (its entry, else its approval's choice), and in which sandbox. */
async function sandboxFor(options: SupervisorOptions, config: ServerConfig) {
  const approved = (await options.approvedSandboxed?.(config).catch(() => false)) ?? false;
  return sandboxLaunchFor(config, approved, options.sandbox);
}

async function transportsOf(options: SupervisorOptions): Promise<TransportFactory> {
  return options.transportFactory ?? (await import("./connection/transports.ts")).createTransport;
}

/** How a failed attempt is reported: a server that wants a login waits in needs-auth, anything else failed. */
export function failedEvent(failure: MiniCcError): LifecycleEvent {
  return failure.code === "needs-auth"
    ? { type: "needs-auth", reason: failure.message }
    : { type: "failed", error: failure.message, code: failure.code };
}
