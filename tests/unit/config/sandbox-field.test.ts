import { homedir } from "node:os";
import { describe, expect, it } from "vitest";
import { validateEntry } from "../../../src/config/schema.ts";
import { fingerprint } from "../../../src/mcp/approvals/fingerprint.ts";
import { buildProfile } from "../../../src/sandbox/profile.ts";

const path = ["mcpServers", "srv"];
const error = (sandbox: unknown) => {
  const result = validateEntry({ command: "node", sandbox }, path);
  return result.ok ? undefined : result.error;
};

describe('an entry\'s "sandbox"', () => {
  it("takes true, false and the loosening object", () => {
    expect(error(true)).toBeUndefined();
    expect(error(false)).toBeUndefined();
    expect(
      error({
        allowWrite: ["out", "/tmp/cache"],
        denyRead: ["~/work"],
        allowRead: [".env.test"],
        allowedDomains: ["api.github.com", "*.npmjs.org", "localhost:8080"],
        env: ["GITHUB_TOKEN"],
      }),
    ).toBeUndefined();
  });

  it("names the field of a malformed one", () => {
    expect(error("yes")).toBe("mcpServers.srv.sandbox: expected true, false or an object, got string");
    expect(error({ allowWrite: "out" })).toBe("mcpServers.srv.sandbox.allowWrite: expected array, got string");
    expect(error({ allowWrite: [""] })).toBe("mcpServers.srv.sandbox.allowWrite[0]: must not be empty");
    expect(error({ env: ["GITHUB_TOKEN", "not a name"] })).toBe(
      'mcpServers.srv.sandbox.env[1]: "not a name" is not an environment variable name',
    );
    expect(error({ allowedDomains: ["https://x.com/"] })).toBe(
      'mcpServers.srv.sandbox.allowedDomains[0]: "https://x.com/" is not a host name (example.com, *.example.com, example.com:443)',
    );
    expect(error({ alowWrite: ["out"] })).toBe('mcpServers.srv.sandbox: unknown key "alowWrite"');
  });

  it("refuses a write list that opens / or the home folder", () => {
    expect(error({ allowWrite: ["/"] })).toBe(
      "mcpServers.srv.sandbox.allowWrite[0]: would allow writing everywhere (/)",
    );
    expect(error({ allowWrite: ["out", "~"] })).toBe(
      "mcpServers.srv.sandbox.allowWrite[1]: would allow writing your whole home folder",
    );
    expect(error({ allowWrite: [homedir()] })).toBe(
      "mcpServers.srv.sandbox.allowWrite[0]: would allow writing your whole home folder",
    );
    expect(error({ allowWrite: ["~/.cache/srv"] })).toBeUndefined();
  });

  it("is part of the fingerprint: loosening it asks again, an entry without it keeps its fingerprint", () => {
    const plain = { command: "node", args: ["s.js"] };
    expect(fingerprint(plain)).toBe(fingerprint({ ...plain, args: ["s.js"] }));
    const sandboxed = fingerprint({ ...plain, sandbox: true });
    expect(sandboxed).not.toBe(fingerprint(plain));
    expect(fingerprint({ ...plain, sandbox: { allowWrite: ["out"] } })).not.toBe(sandboxed);
    expect(fingerprint({ ...plain, sandbox: { allowedDomains: ["api.github.com"] } })).not.toBe(sandboxed);
  });
});

describe("the default profile", () => {
  const context = {
    projectDir: "/work/p",
    home: "/home/me",
    miniCcHome: "/home/me/.mini-cc",
    tempDir: "/tmp/mini-cc-sandbox-1",
    env: { PATH: "/bin", HOME: "/home/me", LANG: "C", LC_ALL: "C", ANTHROPIC_API_KEY: "k", GITHUB_TOKEN: "t" },
  };

  it("denies the secrets, writes the project and its temp folder, reaches no host, keeps the base environment", () => {
    const profile = buildProfile({}, {}, context);
    expect(profile.denyRead).toEqual([
      "/home/me/.ssh",
      "/home/me/.aws",
      "/home/me/.gnupg",
      "/home/me/.config/gcloud",
      "/home/me/.netrc",
      "/home/me/.npmrc",
      "/home/me/.docker/config.json",
      "/home/me/.claude.json",
      "/home/me/.mini-cc",
      "/work/p/.env*",
    ]);
    expect(profile.allowWrite).toEqual(["/work/p", "/tmp/mini-cc-sandbox-1"]);
    expect(profile.denyWrite).toContain("/work/p/.mcp.json");
    expect(profile.denyWrite).toContain("/work/p/.git/hooks");
    expect(profile.denyWrite).toContain("/work/p/.claude");
    expect(profile.allowedDomains).toEqual([]);
    expect(profile.env).toEqual({
      PATH: "/bin",
      HOME: "/home/me",
      LANG: "C",
      LC_ALL: "C",
      TMPDIR: "/tmp/mini-cc-sandbox-1",
      TMP: "/tmp/mini-cc-sandbox-1",
      TEMP: "/tmp/mini-cc-sandbox-1",
    });
  });

  it("takes the entry's additions: relative paths are the project's, ~ is home, env names pass through", () => {
    const profile = buildProfile(
      {
        allowWrite: ["out", "~/.cache/x"],
        allowRead: [".env.test"],
        allowedDomains: ["api.github.com"],
        env: ["GITHUB_TOKEN"],
      },
      { OWN: "1" },
      context,
    );
    expect(profile.allowWrite).toEqual(["/work/p", "/tmp/mini-cc-sandbox-1", "/work/p/out", "/home/me/.cache/x"]);
    expect(profile.allowRead).toEqual(["/work/p/.env.test"]);
    expect(profile.allowedDomains).toEqual(["api.github.com"]);
    expect(profile.env.GITHUB_TOKEN).toBe("t");
    expect(profile.env.OWN).toBe("1");
    expect(profile.env.ANTHROPIC_API_KEY).toBeUndefined();
  });

  it("refuses a relative write path that reaches the home folder", () => {
    expect(() => buildProfile({ allowWrite: ["../../.."] }, {}, { ...context, projectDir: "/home/me/p" })).toThrow(
      'sandbox.allowWrite[0]: "../../.." would allow writing everywhere (/)',
    );
    expect(() => buildProfile({ allowWrite: ["../.."] }, {}, { ...context, projectDir: "/home/me/p" })).toThrow(
      'sandbox.allowWrite[0]: "../.." would allow writing your whole home folder (it holds it)',
    );
    expect(() => buildProfile({ allowWrite: [".."] }, {}, { ...context, projectDir: "/home/me/p" })).toThrow(
      'sandbox.allowWrite[0]: ".." would allow writing your whole home folder',
    );
  });
});

describe("loosening an approved sandbox", () => {
  it("asks again: the approval no longer matches, and the sandboxed choice is kept with the record", async () => {
    const { mkdtempSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    const { ApprovalsFile } = await import("../../../src/mcp/approvals/approvals.ts");
    const file = join(mkdtempSync(join(tmpdir(), "approvals-")), "mcp-approvals.json");
    const { systemClock } = await import("../../../src/clock.ts");
    const approvals = new ApprovalsFile({ file, clock: systemClock, warn: () => {} });
    const config = (sandbox: unknown) => {
      const entry = { command: "node", args: ["s.js"], sandbox } as never;
      return { name: "srv", source: "project" as const, file: ".mcp.json", entry, resolved: entry };
    };
    await approvals.approve("/p", config(true), { sandboxed: true });
    expect(await approvals.status("/p", config(true))).toBe("approved");
    expect(await approvals.status("/p", config({ allowWrite: ["out"] }))).toBe("changed");
    expect(await approvals.status("/p", config(false))).toBe("changed");
    expect((await approvals.previous("/p", "srv"))?.sandboxed).toBe(true);
  });
});
