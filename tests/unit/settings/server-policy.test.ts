import { describe, expect, it } from "vitest";
import type { ManagedPolicy } from "../../../src/settings/managed-policy.ts";
import { serverPolicy } from "../../../src/settings/server-policy.ts";

const base: ManagedPolicy = {
  dir: "/m",
  deniedMcpServers: [],
  allowManagedMcpServersOnly: false,
  mcpFile: "/m/managed-mcp.json",
  problems: [],
};
const remote = (name: string, url: string) => ({ name, source: "user", entry: { type: "http" as const, url } });
const stdio = (name: string, command: string, args: string[] = []) => ({
  name,
  source: "project",
  entry: { command, args },
});

describe("managed policy's server lists", () => {
  it("refuses nothing without lists", () => {
    expect(serverPolicy(base)).toBeUndefined();
  });

  it("denies first, by name or URL with * wildcards, even a server the allowlist names", () => {
    const check = serverPolicy({
      ...base,
      deniedMcpServers: [{ serverName: "evil-*" }, { serverUrl: "https://*.bad.example/*" }],
      allowedMcpServers: [{ serverName: "*" }],
    })!;
    expect(check(stdio("evil-one", "x"))).toBe("blocked by policy (deniedMcpServers)");
    expect(check(remote("r", "https://mcp.bad.example/v1"))).toBe("blocked by policy (deniedMcpServers)");
    expect(check(remote("r", "https://good.example/v1"))).toBeUndefined();
  });

  it("an allowlist admits by command (exactly, with its arguments) or URL; allowManagedMcpServersOnly alone admits only managed-mcp.json's", () => {
    const check = serverPolicy({
      ...base,
      allowedMcpServers: [{ serverCommand: ["npx", "-y", "pkg"] }, { serverUrl: "https://corp.example/*" }],
    })!;
    expect(check(stdio("a", "npx", ["-y", "pkg"]))).toBeUndefined();
    expect(check(stdio("a", "npx", ["-y", "pkg", "--extra"]))).toBe("blocked by policy (not in allowedMcpServers)");
    expect(check(remote("b", "https://corp.example/mcp"))).toBeUndefined();
    const only = serverPolicy({ ...base, allowManagedMcpServersOnly: true })!;
    expect(only({ ...stdio("m", "x"), source: "managed" })).toBeUndefined();
    expect(only(stdio("u", "x"))).toBe(
      "blocked by policy (allowManagedMcpServersOnly: only managed-mcp.json's servers start)",
    );
  });
});
