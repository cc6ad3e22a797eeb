/**
 * An entry's `headersHelper`: a shell command whose stdout is a JSON object
 * of headers (a short-lived token from a vault, an SSO CLI…). It runs only
 * when the server is about to connect, so after approval; before the first
 * request, and again when the server answers 401 or 403 (the token may have
 * expired). Its output is a secret: it goes into requests only, never into a
 * message, a log or `mcp get`. Its failure is the server's failure reason.
 */
import { spawn } from "node:child_process";
import type { FetchLike } from "@modelcontextprotocol/client";
import { MiniCcError } from "../../errors.ts";
import { formatSeconds } from "../timeouts.ts";
import { headerValueProblem } from "../../config/header-values.ts";

export const HEADERS_HELPER_TIMEOUT_MS = 10_000;
/** A helper printing more than this is not printing headers. */
const MAX_OUTPUT_BYTES = 256 * 1024;

export interface HeadersHelperRun {
  /** The command as written in the entry. */
  readonly command: string;
  readonly cwd: string;
  readonly env: Readonly<Record<string, string>>;
  readonly timeoutMs?: number;
}

const failed = (detail: string) => new MiniCcError("headers-helper-failed", `headersHelper failed: ${detail}`);

/** Runs the helper once; resolves with its headers, rejects with a MiniCcError saying why not. */
export function runHeadersHelper(run: HeadersHelperRun): Promise<Record<string, string>> {
  const timeoutMs = run.timeoutMs ?? HEADERS_HELPER_TIMEOUT_MS;
  return new Promise((resolve, reject) => {
    // Its own process group, so a timeout kills whatever the shell started too.
    const child = spawn("/bin/sh", ["-c", run.command], {
      cwd: run.cwd,
      env: run.env,
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    const stdout: Buffer[] = [];
    let stdoutBytes = 0;
    let stderr = "";
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
    };
    const killGroup = () => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
      } catch {
        // Already gone.
      }
    };
    const timer = setTimeout(() => {
      killGroup();
      finish(() => reject(failed(`timed out after ${formatSeconds(timeoutMs)}`)));
    }, timeoutMs);
    child.stdout.on("data", (chunk: Buffer) => {
      stdoutBytes += chunk.length;
      if (stdoutBytes > MAX_OUTPUT_BYTES) {
        killGroup();
        finish(() => reject(failed(`printed more than ${MAX_OUTPUT_BYTES / 1024} KiB`)));
      } else stdout.push(chunk);
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString("utf8")).slice(-4096);
    });
    child.on("error", (error) => finish(() => reject(failed(error.message))));
    child.on("close", (code, signal) => {
      finish(() => {
        if (code !== 0) {
          const last = stderr.trim().split("\n").at(-1)?.trim();
          return reject(failed(`${signal ? `killed by ${signal}` : `exit status ${code}`}${last ? `: ${last}` : ""}`));
        }
        try {
          resolve(parseHeaders(Buffer.concat(stdout).toString("utf8")));
        } catch (error) {
          reject(error);
        }
      });
    });
  });
}

/** The helper's stdout as headers; what is wrong with it is said without quoting it (it may hold a secret). */
export function parseHeaders(text: string): Record<string, string> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw failed("its output is not JSON (expected an object of header names to string values)");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw failed("its output is not a JSON object of headers");
  const headers: Record<string, string> = {};
  for (const [name, headerValue] of Object.entries(value)) {
    if (typeof headerValue !== "string") throw failed(`header ${JSON.stringify(name)} is not a string`);
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) throw failed(`${JSON.stringify(name)} is not a valid header name`);
    const problem = headerValueProblem(name, headerValue);
    if (problem) throw failed(`its ${problem}`);
    headers[name] = headerValue;
  }
  return headers;
}

/**
 * A fetch for the SDK's transports that adds the helper's headers: run before
 * the first request, and again (once per request) when the server answers 401
 * or 403, then that request is sent again with the new headers.
 */
export function fetchWithHeadersHelper(run: () => Promise<Record<string, string>>, base: FetchLike = fetch): FetchLike {
  let current: Promise<Record<string, string>> | undefined;
  const headersNow = () =>
    (current ??= run().catch((error: unknown) => {
      current = undefined; // a later request tries again
      throw error;
    }));
  const send = async (url: string | URL, init: RequestInit | undefined, extra: Record<string, string>) => {
    const headers = new Headers(init?.headers);
    for (const [name, value] of Object.entries(extra)) headers.set(name, value);
    return base(url, { ...init, headers });
  };
  return async (url, init) => {
    const response = await send(url, init, await headersNow());
    if (response.status !== 401 && response.status !== 403) return response;
    await response.body?.cancel().catch(() => {});
    current = undefined;
    return send(url, init, await headersNow());
  };
}
