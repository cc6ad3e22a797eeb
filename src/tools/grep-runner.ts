/**
 * Runs Grep's scans in a worker thread that is kept warm between calls and
 * thrown away when a scan outlives its time limit or its call is aborted:
 * the agent's own thread stays free to answer Esc, Ctrl+C and SIGTERM.
 */
import { Worker } from "node:worker_threads";
import { distAsset } from "../dist-assets.ts";
import type { ScanRequest, ScanResult } from "./grep-scan.ts";
import { MiniCcError } from "../errors.ts";
import { toolAborted } from "./tool-input.ts";

/** `started`: the worker is up and matching; the time limit counts from here, so a slow thread start (a loaded machine) never counts against the pattern. */
type Reply = { started: true } | { ok: true; result: ScanResult } | { ok: false; message: string };

/** One worker, one scan at a time (the agent runs tool calls one after another). */
export class GrepRunner {
  #worker: Worker | undefined;
  #busy: Promise<unknown> = Promise.resolve();

  /** Runs one scan; rejects with MiniCcError "scan-timeout" `timeLimitMs` after it began matching, "tool-aborted" when `signal` aborts. */
  scan(request: ScanRequest, signal: AbortSignal, timeLimitMs: number): Promise<ScanResult> {
    const run = this.#busy.then(() => this.#scanNow(request, signal, timeLimitMs));
    this.#busy = run.catch(() => undefined);
    return run;
  }

  #scanNow(request: ScanRequest, signal: AbortSignal, timeLimitMs: number): Promise<ScanResult> {
    if (signal.aborted) return Promise.reject(toolAborted());
    const worker = this.#warmWorker();
    return new Promise<ScanResult>((resolve, reject) => {
      const finish = (settle: () => void, discard: boolean) => {
        clearTimeout(timer);
        signal.removeEventListener("abort", onAbort);
        worker.off("message", onMessage);
        worker.off("error", onError);
        worker.unref();
        // A worker stuck in a regex cannot be told to stop: it is ended and the next scan gets a new one.
        if (discard) this.#discard(worker);
        settle();
      };
      let timer: NodeJS.Timeout | undefined;
      const onMessage = (reply: Reply) => {
        if ("started" in reply) {
          timer = setTimeout(
            () => finish(() => reject(new MiniCcError("scan-timeout", `timed out after ${timeLimitMs} ms`)), true),
            timeLimitMs,
          );
          return;
        }
        finish(() => (reply.ok ? resolve(reply.result) : reject(new Error(reply.message))), false);
      };
      const onError = (error: Error) => finish(() => reject(error), true);
      const onAbort = () => finish(() => reject(toolAborted()), true);
      signal.addEventListener("abort", onAbort, { once: true });
      worker.on("message", onMessage);
      worker.on("error", onError);
      // Referenced while it works, so a scan in flight keeps the process alive; unreferenced when idle.
      worker.ref();
      worker.postMessage(request);
    });
  }

  /** Starts the worker ahead of a scan (its start-up then overlaps the file walk). */
  warm(): void {
    this.#warmWorker().unref();
  }

  #warmWorker(): Worker {
    this.#worker ??= new Worker(workerUrl());
    return this.#worker;
  }

  #discard(worker: Worker): void {
    if (this.#worker === worker) this.#worker = undefined;
    void worker.terminate();
  }
}

/** The worker's file: dist/grep-worker.js in the bundle, beside this module when run from source. */
function workerUrl(): URL {
  return distAsset("grep-worker.js", import.meta.url) ?? new URL("./grep-worker.ts", import.meta.url);
}
