import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyBuiltCli, ROOT, type BuiltCli } from "../helpers/cli-sandbox.ts";
import { problems, runScenario, type Check } from "../helpers/conformance-run.ts";

// The MCP conformance suite 0.1.16's own client auth scenarios (@modelcontextprotocol/conformance):
// it starts each scenario's MCP server and authorization server, runs mini-cc against
// them through tests/helpers/conformance-client.mjs (mcp add, mcp login with a scripted
// browser, then -p calling the server's tool), and checks what mini-cc sent. Offline.
// mcp-oauth-conformance-next.test.ts runs 0.2.0-alpha.12's. Not run here:
// auth/cross-app-access-complete-flow, an extension (io.modelcontextprotocol/enterprise-managed-
// authorization) for clients an enterprise identity provider logs in: a client may omit it.

const SUITE = join(ROOT, "node_modules/@modelcontextprotocol/conformance/dist/index.js");
const CLIENT = join(ROOT, "tests/helpers/conformance-client.mjs");

let built: BuiltCli;
let out: string;
beforeAll(async () => {
  built = await copyBuiltCli();
  out = await mkdtemp(join(tmpdir(), "mini-cc-conformance-results-"));
});
afterAll(async () => {
  await built?.dispose();
  if (out) await rm(out, { recursive: true, force: true });
});

const run = (name: string) => runScenario({ suite: SUITE, client: CLIENT, cli: built.cli, out }, name);
const scenario = async (name: string): Promise<Check[]> => (await run(name)).checks;

const statusOf = (checks: Check[], id: string) => checks.find((check) => check.id === id)?.status;

/** Every auth scenario of 0.1.16 but the extension above, each with nothing failed or warned. */
const ALL = [
  "auth/metadata-default",
  "auth/metadata-var1",
  "auth/metadata-var2",
  "auth/metadata-var3",
  "auth/scope-from-www-authenticate",
  "auth/scope-from-scopes-supported",
  "auth/scope-omitted-when-undefined",
  "auth/token-endpoint-auth-basic",
  "auth/token-endpoint-auth-post",
  "auth/token-endpoint-auth-none",
  "auth/pre-registration",
  "auth/2025-03-26-oauth-endpoint-fallback",
  "auth/offline-access-scope",
  "auth/offline-access-not-supported",
  "auth/client-credentials-jwt",
];

describe("OAuth as the MCP conformance suite 0.1.16 checks it", () => {
  it.each(ALL)("%s passes", { timeout: 90_000 }, async (name) => {
    const checks = await scenario(name);
    expect(problems(checks)).toEqual([]);
    expect(checks.some((check) => check.status === "SUCCESS")).toBe(true);
  });

  it("auth/scope-step-up: a 403 insufficient_scope asks for a new login with the old and the required scopes", {
    timeout: 90_000,
  }, async () => {
    const checks = await scenario("auth/scope-step-up");
    expect(problems(checks)).toEqual([]);
    expect(statusOf(checks, "scope-step-up-initial")).toBe("SUCCESS");
    expect(statusOf(checks, "scope-step-up-escalation")).toBe("SUCCESS");
  });

  it("auth/scope-retry-limit: a scope the login already has is not asked for again and again", {
    timeout: 90_000,
  }, async () => {
    const checks = await scenario("auth/scope-retry-limit");
    expect(problems(checks)).toEqual([]);
    expect(checks.filter((check) => check.id === "scope-retry-auth-attempt")).toHaveLength(1);
  });

  it("auth/basic-cimd: the entry's client ID metadata document is the client_id, with no registration", {
    timeout: 90_000,
  }, async () => {
    const checks = await scenario("auth/basic-cimd");
    expect(problems(checks)).toEqual([]);
    expect(statusOf(checks, "cimd-client-id-used")).toBe("SUCCESS");
    expect(statusOf(checks, "client-registration")).toBeUndefined();
  });

  it("auth/client-credentials-basic: a machine client gets its token with its ID and secret, no browser", {
    timeout: 90_000,
  }, async () => {
    const checks = await scenario("auth/client-credentials-basic");
    expect(problems(checks)).toEqual([]);
    expect(statusOf(checks, "client-credentials-basic-auth")).toBe("SUCCESS");
    expect(statusOf(checks, "authorization-request")).toBeUndefined();
  });

  // 0.1.16's fixture serves metadata naming another issuer than where it is fetched from; MCP 2026-07-28
  // (RFC 8414 §3.3) makes refusing it a MUST, and 0.2.0-alpha.12's version of the scenario fixes the issuer.
  it("auth/2025-03-26-oauth-metadata-backcompat: metadata naming another issuer is refused, naming the field", {
    timeout: 90_000,
  }, async () => {
    const { checks, stderr } = await run("auth/2025-03-26-oauth-metadata-backcompat");
    expect(stderr).toContain(
      'mini-cc mcp login: conf: discovery failed: the authorization server metadata\'s "issuer" is not',
    );
    expect(statusOf(checks, "authorization-request")).not.toBe("SUCCESS");
    expect(statusOf(checks, "token-request")).not.toBe("SUCCESS");
  });

  it("auth/resource-mismatch: protected-resource metadata for another resource gets no authorization request", {
    timeout: 90_000,
  }, async () => {
    const checks = await scenario("auth/resource-mismatch");
    expect(problems(checks)).toEqual([]);
  });
});
