import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyBuiltCli, ROOT, type BuiltCli } from "../helpers/cli-sandbox.ts";
import { problems, runScenario, type Check } from "../helpers/conformance-run.ts";

// The conformance suite's newest release (conformance-next: 0.2.0-alpha.12) runs its client
// auth scenarios against mini-cc, driven as a user would (tests/helpers/conformance-client.mjs:
// mcp add, mcp login with a scripted browser, -p). Offline. Not run: the extensions a client
// may omit (MCP's extensions are opt-in, negotiated; none is required of a client):
// auth/enterprise-managed-authorization and auth/wif-jwt-bearer (an enterprise identity
// provider's or a workload's identity instead of a user's login), auth/dpop and
// auth/dpop-nonce (SEP-1932 sender-constrained tokens: a client may use bearer tokens).

const SUITE = join(ROOT, "node_modules/conformance-next/dist/index.js");
const CLIENT = join(ROOT, "tests/helpers/conformance-client.mjs");

let built: BuiltCli;
let out: string;
beforeAll(async () => {
  built = await copyBuiltCli();
  out = await mkdtemp(join(tmpdir(), "mini-cc-conformance-next-auth-"));
});
afterAll(async () => {
  await built?.dispose();
  if (out) await rm(out, { recursive: true, force: true });
});

async function scenario(name: string): Promise<Check[]> {
  return (await runScenario({ suite: SUITE, client: CLIENT, cli: built.cli, out }, name)).checks;
}

const statusOf = (checks: Check[], id: string) => checks.find((check) => check.id === id)?.status;

/** The scenarios MCP 2026-07-28 and the older ones share, and the client-credentials extension. */
const SHARED = [
  "auth/metadata-default",
  "auth/metadata-var1",
  "auth/metadata-var2",
  "auth/metadata-var3",
  "auth/basic-cimd",
  "auth/scope-from-www-authenticate",
  "auth/scope-from-scopes-supported",
  "auth/scope-omitted-when-undefined",
  "auth/scope-step-up",
  "auth/scope-retry-limit",
  "auth/token-endpoint-auth-basic",
  "auth/token-endpoint-auth-post",
  "auth/token-endpoint-auth-none",
  "auth/pre-registration",
  "auth/2025-03-26-oauth-metadata-backcompat",
  "auth/2025-03-26-oauth-endpoint-fallback",
  "auth/resource-mismatch",
  "auth/offline-access-scope",
  "auth/offline-access-not-supported",
  "auth/client-credentials-basic",
];

/** 2026-07-28's: each with the check that says the client did the right thing. */
const NEW: [string, string][] = [
  ["auth/iss-supported", "sep-2468-client-compare-iss-supported"],
  ["auth/iss-not-advertised", "sep-2468-client-proceed-no-iss"],
  ["auth/iss-supported-missing", "sep-2468-client-reject-missing-iss"],
  ["auth/iss-wrong-issuer", "sep-2468-client-compare-iss-supported"],
  ["auth/iss-unexpected", "sep-2468-client-compare-iss-unadvertised"],
  ["auth/iss-normalized", "sep-2468-client-no-normalization"],
  ["auth/metadata-issuer-mismatch", "sep-2468-client-validate-metadata-issuer"],
  ["auth/authorization-server-migration", "sep-2352-reregister-on-as-change"],
  ["auth/client-credentials-jwt", "client-credentials-jwt-verified"],
];

describe("OAuth as the conformance suite 0.2.0-alpha.12 checks it", () => {
  it.each(SHARED)("%s passes", { timeout: 90_000 }, async (name) => {
    const checks = await scenario(name);
    expect(problems(checks)).toEqual([]);
    expect(checks.some((check) => check.status === "SUCCESS")).toBe(true);
  });

  it.each(NEW)("%s passes: %s", { timeout: 90_000 }, async (name, id) => {
    const checks = await scenario(name);
    expect(problems(checks)).toEqual([]);
    expect(statusOf(checks, id)).toBe("SUCCESS");
  });

  it("a dynamic registration says application_type native (SEP-837)", { timeout: 90_000 }, async () => {
    const checks = await scenario("auth/offline-access-scope");
    expect(statusOf(checks, "sep-837-application-type-present")).toBe("SUCCESS");
  });
});
