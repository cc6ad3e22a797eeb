/**
 * How one session ends without us: noticed once and told in one line. A stdio
 * server's exit closes the transport (its exit code and last stderr line say
 * why); a remote server is noticed by keepalive pings (keepalive.ts) and by
 * calls that find the session gone (remote-failure.ts). Once we close the
 * session ourselves, nothing is reported. ServerConnection owns one per session.
 */
import { describeError, isMiniCcError, MiniCcError } from "../../errors.ts";
import { Keepalive, KEEPALIVE_TIMEOUT_MS } from "./keepalive.ts";
import { closedOnDiscover, isSessionExpired, lossReason, probeCause, sessionExpired } from "./remote-failure.ts";
import type { ServerConnectionOptions } from "./server-connection-options.ts";
import { describesExit } from "./stdio-transport.ts";

/** What the loss watch reads of the connection's options. */
type LossOptions = Pick<ServerConnectionOptions, "transport" | "clock" | "stderrReason" | "onLost" | "keepaliveMs">;

export class ConnectionLoss {
  readonly #options: LossOptions;
  #lost = false;
  /** Set before the client closes: some transports report the close synchronously. */
  #closing = false;
  #keepalive: Keepalive | undefined;
  #exitFailureOnce: Promise<MiniCcError> | undefined;

  constructor(options: LossOptions) {
    this.#options = options;
  }

  /** We close the session ourselves: its end is no loss, and the pings stop. */
  closing(): void {
    this.#closing = true;
    this.#keepalive?.stop();
  }

  /** The transport closed under a connected session: lost, with how the server ended. */
  async transportClosed(): Promise<void> {
    if (this.#closing || this.#lost) return;
    this.lose((await this.exitFailure()) ?? new MiniCcError("connection-lost", "connection closed"));
  }

  /** Tells onLost once that the server is gone, unless we are closing it ourselves. */
  lose(failure: MiniCcError): void {
    if (this.#lost || this.#closing) return;
    this.#lost = true;
    this.#keepalive?.stop();
    this.#options.onLost(failure);
  }

  /**
   * Pings a connected remote server on its interval (none when keepaliveMs is 0); a failed or
   * unanswered ping is a loss. `ping` gets its abort signal and its deadline (ms).
   */
  startKeepalive(ping: (signal: AbortSignal, timeoutMs: number) => Promise<unknown>): void {
    const intervalMs = this.#options.keepaliveMs ?? 0;
    if (intervalMs <= 0) return;
    this.#keepalive = new Keepalive({
      clock: this.#options.clock,
      intervalMs,
      timeoutMs: KEEPALIVE_TIMEOUT_MS,
      ping: (signal) => ping(signal, KEEPALIVE_TIMEOUT_MS),
      onFailed: (error) => {
        if (isSessionExpired(error)) return this.lose(sessionExpired(error));
        this.lose(isMiniCcError(error) ? error : new MiniCcError("ping-failed", `ping failed: ${lossReason(error)}`));
      },
    });
    this.#keepalive.start();
  }

  /**
   * A handshake failure in one line: its own MiniCcError; for a server that ended on
   * server/discover, "closed-on-discover" (openConnection starts it again without it);
   * else how the process ended and its last words, or what the SDK said.
   */
  async handshakeFailure(error: unknown): Promise<MiniCcError> {
    const cause = probeCause(error);
    if (isMiniCcError(cause)) return cause;
    const exit = await this.exitFailure();
    if (closedOnDiscover(cause))
      return new MiniCcError("closed-on-discover", `${exit ? exit.message : "connection closed"} on server/discover`);
    return exit ?? new MiniCcError("handshake-failed", describeError(cause));
  }

  /**
   * How a stdio server's connection ended, with its last stderr line when that helps
   * ("server exited (code 7): Error: asked to die"); undefined while it runs, or for remote servers.
   * Computed once: the loss report and a failing call ask together.
   */
  exitFailure(): Promise<MiniCcError | undefined> {
    const transport = this.#options.transport;
    const exit = describesExit(transport) ? transport.describeExit() : undefined;
    if (!exit) return Promise.resolve(undefined);
    this.#exitFailureOnce ??= (async () => {
      const line = exit.stderrExplains ? await this.#options.stderrReason() : "";
      return new MiniCcError(exit.code, line ? `${exit.reason}: ${line}` : exit.reason);
    })();
    return this.#exitFailureOnce;
  }
}
