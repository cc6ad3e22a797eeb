// The raw-SDK floor of `mcp login` as a process: `node login-floor.mjs SERVER_URL BROWSER [ARGS…]`
// does what the command does with nothing but the v2 SDK and Node: a loopback callback, the
// SDK's auth() (discovery, dynamic registration, PKCE; the authorization URL handed to the
// browser command), the code redeemed, then a connect with the tokens and a tool list.
// Tokens and client are kept in memory. login-time.ts bundles it the way the CLI is bundled.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import {
  auth,
  StreamableHTTPClientTransport,
  type OAuthClientMetadata,
  type OAuthClientProvider,
  type OAuthDiscoveryState,
  type StoredOAuthClientInformation,
  type StoredOAuthTokens,
} from "@modelcontextprotocol/client";
import { newClients } from "./sdk-floor.ts";

const [serverUrl = "", browser = "", ...browserArgs] = process.argv.slice(2);

/** The callback: resolves with the redirect's code and iss. */
const callback = createServer();
const arrived = new Promise<URL>((resolve) =>
  callback.on("request", (request, response) => {
    response.end("logged in\n");
    resolve(new URL(request.url ?? "/", "http://127.0.0.1"));
  }),
);
await new Promise<void>((resolve) => callback.listen(0, "127.0.0.1", resolve));
const redirectUrl = `http://127.0.0.1:${(callback.address() as AddressInfo).port}/callback`;

class MemoryProvider implements OAuthClientProvider {
  client: StoredOAuthClientInformation | undefined;
  saved: StoredOAuthTokens | undefined;
  verifier = "";
  discovery: OAuthDiscoveryState | undefined;
  readonly redirectUrl = redirectUrl;
  readonly clientMetadata: OAuthClientMetadata = {
    client_name: "bench",
    redirect_uris: [redirectUrl],
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
    token_endpoint_auth_method: "none",
    application_type: "native",
  };
  state = () => randomBytes(16).toString("base64url");
  clientInformation = () => this.client;
  saveClientInformation = (client: StoredOAuthClientInformation) => void (this.client = client);
  tokens = () => this.saved;
  saveTokens = (tokens: StoredOAuthTokens) => void (this.saved = tokens);
  saveCodeVerifier = (verifier: string) => void (this.verifier = verifier);
  codeVerifier = () => this.verifier;
  // Kept so the SDK checks the callback's issuer against discovery's, as mini-cc's provider lets it.
  saveDiscoveryState = (state: OAuthDiscoveryState) => void (this.discovery = state);
  discoveryState = () => this.discovery;
  redirectToAuthorization(url: URL): void {
    spawn(browser, [...browserArgs, url.href], { stdio: "ignore", detached: true }).unref();
  }
}

const provider = new MemoryProvider();
if ((await auth(provider, { serverUrl })) !== "REDIRECT") throw new Error("expected a redirect to log in");
const back = await arrived;
const code = back.searchParams.get("code") ?? "";
const iss = back.searchParams.get("iss") ?? undefined;
if ((await auth(provider, { serverUrl, authorizationCode: code, ...(iss ? { iss } : {}) })) !== "AUTHORIZED")
  throw new Error("the code was not redeemed");
callback.close();

const [client] = newClients(1);
await client!.connect(new StreamableHTTPClientTransport(new URL(serverUrl), { authProvider: provider }));
const { tools } = await client!.listTools();
console.log(`${tools.length} tools`);
await client!.close();
