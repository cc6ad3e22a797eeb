/**
 * The loopback end of an OAuth login: an HTTP server on 127.0.0.1 that waits
 * for the authorization server's redirect to `/callback?code=…&state=…`,
 * checks the state, and answers the browser with a short page. The `iss` the
 * redirect carries (RFC 9207) comes with the code, for the SDK to compare.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { MiniCcError } from "../../../errors.ts";
import { formatSeconds } from "../../timeouts.ts";
import { terminalSafeLine } from "../../../text/terminal-safe.ts";

/** The authorization response: its code, and its `iss` when it has one. */
export interface AuthorizationResponse {
  readonly code: string;
  readonly iss?: string;
}

export interface CallbackServer {
  readonly port: number;
  /** The authorization code, once a redirect with `state` arrives; rejects on an error redirect or after `timeoutMs`. */
  waitForCode(state: () => string | undefined, timeoutMs: number): Promise<AuthorizationResponse>;
  /**
   * The redirect URL pasted by hand (`mcp login --no-browser`, when the
   * browser runs on another machine): taken as if it had arrived here.
   * Returns why it is not the answer, or undefined when it was taken.
   */
  answer(redirectUrl: string): string | undefined;
  close(): Promise<void>;
}

type Outcome = AuthorizationResponse | { error: string };

/** Listens on 127.0.0.1:`port` (0: any free port); rejects with the listen error (EADDRINUSE…). */
export async function startCallbackServer(port: number): Promise<CallbackServer> {
  let deliver: ((outcome: Outcome) => void) | undefined;
  let expectedState: () => string | undefined = () => undefined;
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    if (url.pathname !== "/callback") {
      response.writeHead(404).end();
      return;
    }
    const outcome = outcomeOf(url, expectedState());
    if (!outcome) {
      response
        .writeHead(400, { "content-type": "text/plain; charset=utf-8" })
        .end("This is not the answer to mini-cc's login request.\n");
      return;
    }
    const ok = "code" in outcome;
    response
      .writeHead(ok ? 200 : 400, { "content-type": "text/plain; charset=utf-8" })
      .end(
        ok
          ? "mini-cc is logged in. You can close this tab.\n"
          : "mini-cc's login was refused. You can close this tab.\n",
      );
    deliver?.(outcome);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    waitForCode(state, timeoutMs) {
      expectedState = state;
      return new Promise<AuthorizationResponse>((resolve, reject) => {
        const timer = setTimeout(() => {
          reject(
            new Error(`no answer from the browser within ${formatSeconds(timeoutMs)} (open the printed URL to log in)`),
          );
        }, timeoutMs);
        deliver = (outcome) => {
          clearTimeout(timer);
          if ("code" in outcome) resolve(outcome);
          else reject(new MiniCcError("auth-failed", `the authorization server refused: ${outcome.error}`));
        };
      });
    },
    answer(redirectUrl) {
      const url = URL.canParse(redirectUrl.trim()) ? new URL(redirectUrl.trim()) : undefined;
      if (!url || url.pathname !== "/callback") return "not the redirect URL (it has /callback?code=…&state=… in it)";
      const outcome = outcomeOf(url, expectedState());
      if (!outcome) return "not the answer to this login (its state does not match)";
      deliver?.(outcome);
      return undefined;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The code or error a redirect carries; undefined when it lacks our state (another tab, a forged link) or both. */
function outcomeOf(url: URL, expectedState: string | undefined): Outcome | undefined {
  const error = url.searchParams.get("error");
  const code = url.searchParams.get("code");
  if (url.searchParams.get("state") !== expectedState || expectedState === undefined || (!error && !code))
    return undefined;
  const iss = url.searchParams.get("iss");
  if (!error && code) return { code, ...(iss !== null ? { iss } : {}) };
  // The server's own words, made safe and cut short: they are shown on the terminal.
  const description = url.searchParams.get("error_description");
  return { error: terminalSafeLine(`${error}${description ? ` (${description})` : ""}`).slice(0, 300) };
}
