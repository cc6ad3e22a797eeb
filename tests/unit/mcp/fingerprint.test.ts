import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadMcpConfig } from "../../../src/config/load.ts";
import { isInvalid, type ServerEntry } from "../../../src/config/types.ts";
import { resolveHome } from "../../../src/home.ts";
import { canonicalJson, fingerprint } from "../../../src/mcp/approvals/fingerprint.ts";

const base: ServerEntry = { command: "node", args: ["t.ts"], env: { A: "1", B: "${TOKEN}" } };

describe("fingerprint", () => {
  it("is 16 hex digits over the canonical JSON of type, command, args, env, url and headers", () => {
    expect(canonicalJson({ b: [1, { d: 2, c: "x" }], a: null })).toBe('{"a":null,"b":[1,{"c":"x","d":2}]}');
    expect(fingerprint({ command: "x" })).toMatch(/^[0-9a-f]{16}$/);
  });

  it("is the same for entries that differ only in absent fields, key order or extra fields", () => {
    const plain = fingerprint({ command: "x" });
    expect(fingerprint({ type: "stdio", command: "x", args: [] })).toBe(plain);
    expect(fingerprint({ command: "x", env: {}, timeout: 5000 })).toBe(plain);
    expect(fingerprint({ env: { B: "${TOKEN}", A: "1" }, args: ["t.ts"], command: "node" })).toBe(fingerprint(base));
  });

  it('is the same with or without "scope": "agents" (who is offered the tools, not what runs)', () => {
    expect(fingerprint({ ...base, scope: "agents" })).toBe(fingerprint(base));
  });

  it("changes when command, args, env, url or headers change", () => {
    const remote: ServerEntry = { type: "http", url: "http://a", headers: { X: "1" } };
    const prints = [
      fingerprint(base),
      fingerprint({ ...base, command: "sh" }),
      fingerprint({ ...base, args: ["t.ts", "--evil"] }),
      fingerprint({ ...base, env: { A: "2", B: "${TOKEN}" } }),
      fingerprint(remote),
      fingerprint({ ...remote, type: "sse" }),
      fingerprint({ ...remote, url: "http://b" }),
      fingerprint({ ...remote, headers: { X: "2" } }),
    ];
    expect(new Set(prints).size).toBe(prints.length);
  });

  it("changes when the oauth client changes (a secret sent on every connect by client_credentials asks again); unchanged without one", () => {
    const remote: ServerEntry = { type: "http", url: "http://a" };
    const client: ServerEntry = { ...remote, oauth: { clientId: "app", clientSecret: "${SECRET}" } };
    const machine: ServerEntry = {
      ...remote,
      oauth: { clientId: "app", clientSecret: "${SECRET}", grantType: "client_credentials" as const },
    };
    const prints = [
      fingerprint(remote),
      fingerprint(client),
      fingerprint(machine),
      fingerprint({ ...remote, oauth: { clientId: "app", clientSecret: "${OTHER}" } }),
    ];
    expect(new Set(prints).size).toBe(prints.length);
    expect(fingerprint({ ...remote, headers: {} })).toBe(fingerprint(remote));
  });

  it("does not change when only the value of an expanded environment variable changes", async () => {
    const dir = await mkdtemp(join(tmpdir(), "mini-cc-fp-"));
    try {
      await writeFile(join(dir, ".mcp.json"), JSON.stringify({ mcpServers: { t: base } }));
      const home = resolveHome({ MINI_CC_HOME: join(dir, "home") }, "/nowhere");
      const load = async (token: string) => {
        const [server] = (await loadMcpConfig({ cwd: dir, home, env: { TOKEN: token } })).servers;
        if (!server || isInvalid(server)) throw new Error("expected a valid server");
        return server;
      };
      const [before, after] = [await load("old-secret"), await load("new-secret")];
      expect([before.resolved, after.resolved].map((e) => ("env" in e ? e.env?.B : undefined))).toEqual([
        "old-secret",
        "new-secret",
      ]);
      expect(fingerprint(after.entry)).toBe(fingerprint(before.entry));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
