/**
 * Starts tests/helpers/oauth-mcp-server.mjs as a subprocess (a hosted MCP
 * server behind OAuth, a static token, or nothing) and talks to its /test
 * control endpoints. Restart it on the same port to play a server restart.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { endedAfterEachTest } from "./per-test.ts";

const SCRIPT = fileURLToPath(new URL("./oauth-mcp-server.mjs", import.meta.url));
export const BROWSER_SCRIPT = fileURLToPath(new URL("./scripted-browser.mjs", import.meta.url));

/** `$BROWSER` for the scripted browser: node (the one running the tests) with the script. */
export const SCRIPTED_BROWSER = `${JSON.stringify(process.execPath)} ${JSON.stringify(BROWSER_SCRIPT)}`;

export interface FixtureState {
  registrations: number;
  codeGrants: number;
  refreshes: number;
  /** ROTATE=1: refreshes that sent a refresh token already spent. */
  refreshReuses: number;
  resources: (string | null)[];
  clients: string[];
  calls: string[];
  sessions: number;
  /** Requests of any kind but the tests' own. */
  requests: number;
}

export interface OAuthServerProcess {
  readonly port: number;
  /** `http://127.0.0.1:PORT/mcp` */
  readonly mcpUrl: string;
  state(): Promise<FixtureState>;
  /** Every access token issued so far expires now. */
  expireTokens(): Promise<void>;
  /** AUTH=static: the bearer token accepted from now on. */
  accept(token: string): Promise<void>;
  stop(): Promise<void>;
}

export type FixtureSettings = Partial<
  Record<
    | "AUTH"
    | "PORT"
    | "UNKNOWN_SESSION"
    | "REGISTRATION"
    | "PRECLIENT"
    | "TOKEN_TTL"
    | "RESOURCE"
    | "AUTHORIZATION_ENDPOINT"
    | "ROTATE"
    | "REFRESH_DELAY_MS",
    string
  >
>;

/** For one test file: each fixture a test starts is stopped after it. Call at the top level. */
export function oauthServersForTestFile(): { start(settings?: FixtureSettings): Promise<OAuthServerProcess> } {
  return { start: endedAfterEachTest(startOAuthServer, (server) => server.stop()) };
}

export async function startOAuthServer(settings: FixtureSettings = {}): Promise<OAuthServerProcess> {
  const child: ChildProcess = spawn(process.execPath, [SCRIPT], {
    env: { ...process.env, ...settings },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening (\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.once("exit", (code) => reject(new Error(`oauth fixture exited (${code}): ${stderr}`)));
  });
  const base = `http://127.0.0.1:${port}`;
  const post = async (path: string) => void (await fetch(`${base}${path}`, { method: "POST" })).body?.cancel();
  return {
    port,
    mcpUrl: `${base}/mcp`,
    state: async () => (await (await fetch(`${base}/test/state`)).json()) as FixtureState,
    expireTokens: () => post("/test/expire"),
    accept: (token) => post(`/test/accept?token=${encodeURIComponent(token)}`),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGKILL");
      }),
  };
}
