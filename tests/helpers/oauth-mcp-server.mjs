// A hosted MCP server as the tests need one, run as a subprocess: the SDK's
// streamable-HTTP server transport at /mcp (and the older SSE transport at
// /sse + /messages), guarded by one of
//   AUTH=oauth  — an OAuth 2.1 authorization server built on the SDK's server
//                 auth pieces (mcpAuthRouter: metadata, /authorize, /token,
//                 /register; requireBearerAuth with RFC 9728's resource_metadata),
//                 which approves every authorization request at once;
//   AUTH=static — a bearer token the test sets through /test/accept?token=…;
//   AUTH=none.
// Other settings (environment): PORT (0: any), UNKNOWN_SESSION (404 or 400: the
// answer to a session it does not know, as after a restart), REGISTRATION
// (on | off | reject), PRECLIENT ("id:secret": a pre-registered client with a
// loopback redirect), TOKEN_TTL (seconds), RESOURCE (origin: the protected
// resource is the whole server, else /mcp), AUTHORIZATION_ENDPOINT (a hostile
// authorization server: its metadata names this as authorization_endpoint),
// ROTATE=1 (each refresh token works once: a refresh answers with a new one, and
// a spent one is refused and counted in refreshReuses), REFRESH_DELAY_MS (how long
// a refresh takes, to let two clients meet there).
// Prints `listening PORT` when ready.
// /test/state reports what happened (registrations, token grants, refreshes,
// the resource parameters seen); /test/expire makes every access token expire.
import { randomUUID } from "node:crypto";
import express from "express";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { SSEServerTransport } from "@modelcontextprotocol/sdk/server/sse.js";
import { mcpAuthRouter, getOAuthProtectedResourceMetadataUrl } from "@modelcontextprotocol/sdk/server/auth/router.js";
import { requireBearerAuth } from "@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js";
import {
  InvalidTokenError,
  InvalidGrantError,
  InvalidClientMetadataError,
} from "@modelcontextprotocol/sdk/server/auth/errors.js";
import { z } from "zod";

const AUTH = process.env.AUTH ?? "oauth";
const UNKNOWN_SESSION = Number(process.env.UNKNOWN_SESSION ?? 404);
const REGISTRATION = process.env.REGISTRATION ?? "on";
const TOKEN_TTL = Number(process.env.TOKEN_TTL ?? 3600);

const state = {
  registrations: 0,
  codeGrants: 0,
  refreshes: 0,
  refreshReuses: 0,
  resources: [],
  clients: [],
  calls: [],
  sessions: 0,
  staticToken: undefined,
  requests: 0,
};

class Clients {
  constructor() {
    this.clients = new Map();
    if (process.env.PRECLIENT) {
      const [id, secret] = process.env.PRECLIENT.split(":");
      this.clients.set(id, {
        client_id: id,
        client_secret: secret,
        redirect_uris: ["http://127.0.0.1:1/callback"],
        token_endpoint_auth_method: "client_secret_post",
        grant_types: ["authorization_code", "refresh_token"],
      });
    }
    if (REGISTRATION !== "off") {
      this.registerClient = async (client) => {
        if (REGISTRATION === "reject") throw new InvalidClientMetadataError("registration is closed for tests");
        state.registrations += 1;
        this.clients.set(client.client_id, client);
        return client;
      };
    }
  }
  async getClient(id) {
    return this.clients.get(id);
  }
}

class Provider {
  clientsStore = new Clients();
  codes = new Map();
  tokens = new Map();
  refresh = new Map();
  spent = new Set();

  async authorize(client, params, res) {
    const code = randomUUID();
    this.codes.set(code, { client, params });
    const target = new URL(params.redirectUri);
    target.searchParams.set("code", code);
    if (params.state !== undefined) target.searchParams.set("state", params.state);
    res.redirect(target.href);
  }
  async challengeForAuthorizationCode(_client, code) {
    const data = this.codes.get(code);
    if (!data) throw new InvalidGrantError("unknown code");
    return data.params.codeChallenge;
  }
  async exchangeAuthorizationCode(client, code, _verifier, _redirect, resource) {
    const data = this.codes.get(code);
    if (!data || data.client.client_id !== client.client_id) throw new InvalidGrantError("unknown code");
    this.codes.delete(code);
    state.codeGrants += 1;
    state.clients.push(client.client_id);
    state.resources.push(resource?.href ?? null);
    return this.#issue(client.client_id, true);
  }
  async exchangeRefreshToken(client, refreshToken, _scopes, resource) {
    await new Promise((resolve) => setTimeout(resolve, Number(process.env.REFRESH_DELAY_MS ?? 0)));
    const owner = this.refresh.get(refreshToken);
    if (owner !== client.client_id) {
      if (this.spent.has(refreshToken)) state.refreshReuses += 1;
      throw new InvalidGrantError("unknown refresh token");
    }
    state.refreshes += 1;
    state.resources.push(resource?.href ?? null);
    if (process.env.ROTATE === "1") {
      this.refresh.delete(refreshToken);
      this.spent.add(refreshToken);
      return this.#issue(client.client_id, true);
    }
    return this.#issue(client.client_id, false, refreshToken);
  }
  async verifyAccessToken(token) {
    const data = this.tokens.get(token);
    if (!data || data.expiresAt < Date.now()) throw new InvalidTokenError("invalid or expired token");
    return { token, clientId: data.clientId, scopes: [], expiresAt: Math.floor(data.expiresAt / 1000) };
  }
  #issue(clientId, newRefresh, refreshToken = randomUUID()) {
    const token = randomUUID();
    this.tokens.set(token, { clientId, expiresAt: Date.now() + TOKEN_TTL * 1000 });
    if (newRefresh) this.refresh.set(refreshToken, clientId);
    return { access_token: token, token_type: "bearer", expires_in: TOKEN_TTL, refresh_token: refreshToken };
  }
}

function notesServer() {
  const server = new McpServer({ name: "notes", version: "1.0.0" });
  server.registerTool("whoami", { description: "Who you are", annotations: { readOnlyHint: true } }, (extra) => {
    state.calls.push("whoami");
    return { content: [{ type: "text", text: `client: ${extra.authInfo?.clientId ?? "anonymous"}` }] };
  });
  server.registerTool("add_note", { description: "Adds a note", inputSchema: { text: z.string() } }, ({ text }) => {
    state.calls.push(`add_note:${text}`);
    return { content: [{ type: "text", text: `noted: ${text}` }] };
  });
  // Slow tools, for a server that dies while a call is under way.
  const slow = (name, readOnlyHint) =>
    server.registerTool(
      name,
      { description: `${name}, slowly`, inputSchema: { ms: z.number() }, annotations: { readOnlyHint } },
      async ({ ms }) => {
        state.calls.push(name);
        await new Promise((resolve) => setTimeout(resolve, ms));
        return { content: [{ type: "text", text: `${name} done` }] };
      },
    );
  slow("slow_read", true);
  slow("slow_write", false);
  // A resource and a prompt, for reads that meet a restarted server.
  server.registerResource("readme", "notes://readme", { mimeType: "text/plain" }, (uri) => {
    state.calls.push(`read:${uri.href}`);
    return { contents: [{ uri: uri.href, mimeType: "text/plain", text: "the notes server" }] };
  });
  server.registerPrompt("summarize", { description: "Summarize the notes" }, () => {
    state.calls.push("prompt:summarize");
    return { messages: [{ role: "user", content: { type: "text", text: "Summarize the notes." } }] };
  });
  return server;
}

const app = express();
const provider = new Provider();
let base;
const guard = [];

// Every request but the tests' own: what a client contacted at all.
app.use((req, _res, next) => {
  if (!req.path.startsWith("/test/")) state.requests += 1;
  next();
});
app.get("/test/state", (_req, res) => res.json(state));
app.post("/test/expire", (_req, res) => {
  for (const data of provider.tokens.values()) data.expiresAt = 0;
  res.json({ ok: true });
});
app.post("/test/accept", (req, res) => {
  state.staticToken = new URL(req.url, "http://x").searchParams.get("token") ?? undefined;
  res.json({ ok: true });
});

const sessions = new Map();
async function handleMcp(req, res) {
  const id = req.headers["mcp-session-id"];
  const known = typeof id === "string" ? sessions.get(id) : undefined;
  if (known) return known.handleRequest(req, res, req.body);
  if (id !== undefined || req.method !== "POST") {
    // What a restarted server says about a session from before the restart.
    if (UNKNOWN_SESSION === 400)
      return res.status(400).json({
        jsonrpc: "2.0",
        error: { code: -32000, message: "Bad Request: No valid session ID provided" },
        id: null,
      });
    return res.status(404).json({ jsonrpc: "2.0", error: { code: -32001, message: "Session not found" }, id: null });
  }
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    onsessioninitialized: (sessionId) => {
      state.sessions += 1;
      sessions.set(sessionId, transport);
    },
  });
  await notesServer().connect(transport);
  return transport.handleRequest(req, res, req.body);
}

const staticGuard = (req, res, next) => {
  if (state.staticToken !== undefined && req.headers.authorization === `Bearer ${state.staticToken}`) return next();
  res.status(401).json({ error: "unauthorized" });
};

const listener = app.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
  const port = listener.address().port;
  base = new URL(`http://127.0.0.1:${port}`);
  const mcpUrl = new URL("/mcp", base);
  // RESOURCE=origin: one protected resource for the whole server (/mcp and /sse alike).
  const resource = process.env.RESOURCE === "origin" ? base : mcpUrl;
  if (AUTH === "oauth") {
    if (process.env.AUTHORIZATION_ENDPOINT) {
      app.use("/.well-known/oauth-authorization-server", (_req, res, next) => {
        const json = res.json.bind(res);
        res.json = (body) => json({ ...body, authorization_endpoint: process.env.AUTHORIZATION_ENDPOINT });
        next();
      });
    }
    app.use(
      mcpAuthRouter({
        provider,
        issuerUrl: base,
        resourceServerUrl: resource,
        scopesSupported: ["mcp:tools"],
        authorizationOptions: { rateLimit: false },
        tokenOptions: { rateLimit: false },
        clientRegistrationOptions: { rateLimit: false },
        revocationOptions: { rateLimit: false },
      }),
    );
    guard.push(
      requireBearerAuth({ verifier: provider, resourceMetadataUrl: getOAuthProtectedResourceMetadataUrl(resource) }),
    );
  } else if (AUTH === "static") guard.push(staticGuard);
  app.all("/mcp", express.json(), ...guard, (req, res) => void handleMcp(req, res));
  const sse = new Map();
  app.get("/sse", ...guard, (_req, res) => {
    const transport = new SSEServerTransport("/messages", res);
    sse.set(transport.sessionId, transport);
    void notesServer().connect(transport);
  });
  app.post("/messages", ...guard, (req, res) => {
    const transport = sse.get(String(req.query.sessionId));
    if (transport) void transport.handlePostMessage(req, res);
    else res.status(404).end();
  });
  process.stdout.write(`listening ${port}\n`);
});
