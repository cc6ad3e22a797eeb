import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyBuiltCli, ROOT, type BuiltCli } from "../helpers/cli-sandbox.ts";
import { problems, runScenario, type Check } from "../helpers/conformance-run.ts";

// The MCP conformance suite's own client scenarios (@modelcontextprotocol/conformance):
// it starts each scenario's MCP server and authorization server, runs mini-cc against
// them through tests/helpers/conformance-client.mjs (mcp login with a scripted browser,
// then -p calling the server's tool), and checks what mini-cc sent. Offline.

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

async function scenario(name: string): Promise<Check[]> {
  return (await runScenario({ suite: SUITE, client: CLIENT, cli: built.cli, out }, name)).checks;
}

const statusOf = (checks: Check[], id: string) => checks.find((check) => check.id === id)?.status;

describe("OAuth as the MCP conformance suite checks it", () => {
  it("auth/scope-step-up: a 403 insufficient_scope asks for a new login with the old and the required scopes", async () => {
    const checks = await scenario("auth/scope-step-up");
    expect(problems(checks)).toEqual([]);
    expect(statusOf(checks, "scope-step-up-initial")).toBe("SUCCESS");
    expect(statusOf(checks, "scope-step-up-escalation")).toBe("SUCCESS");
  });

  it("auth/scope-retry-limit: a scope the login already has is not asked for again and again", async () => {
    const checks = await scenario("auth/scope-retry-limit");
    expect(problems(checks)).toEqual([]);
    expect(checks.filter((check) => check.id === "scope-retry-auth-attempt")).toHaveLength(1);
  });

  it("auth/basic-cimd: the entry's client ID metadata document is the client_id, with no registration", async () => {
    const checks = await scenario("auth/basic-cimd");
    expect(problems(checks)).toEqual([]);
    expect(statusOf(checks, "cimd-client-id-used")).toBe("SUCCESS");
    expect(statusOf(checks, "client-registration")).toBeUndefined();
  });

  it("auth/client-credentials-basic: a machine client gets its token with its ID and secret, no browser", async () => {
    const checks = await scenario("auth/client-credentials-basic");
    expect(problems(checks)).toEqual([]);
    expect(statusOf(checks, "client-credentials-basic-auth")).toBe("SUCCESS");
    expect(statusOf(checks, "authorization-request")).toBeUndefined();
  });

  it("auth/pre-registration and auth/metadata-default: a pre-registered client, and discovery through RFC 9728", async () => {
    expect(problems(await scenario("auth/pre-registration"))).toEqual([]);
    expect(problems(await scenario("auth/metadata-default"))).toEqual([]);
  });

  it("auth/resource-mismatch: protected-resource metadata for another resource gets no authorization request", async () => {
    const checks = await scenario("auth/resource-mismatch");
    expect(problems(checks)).toEqual([]);
  });
});
