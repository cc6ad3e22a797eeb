import { describe, expect, it } from "vitest";
import { resolveHome } from "../../../src/home.ts";
import { serverLogPath } from "../../../src/mcp/logs/stderr-log.ts";

describe("resolveHome", () => {
  it("uses ~/.mini-cc when MINI_CC_HOME is unset", () => {
    expect(resolveHome({}, "/home/ann")).toEqual({
      root: "/home/ann/.mini-cc",
      userConfig: "/home/ann/.mini-cc/mcp.json",
      approvals: "/home/ann/.mini-cc/mcp-approvals.json",
      localConfig: "/home/ann/.mini-cc/local-mcp.json",
      logs: "/home/ann/.mini-cc/logs",
      oauth: "/home/ann/.mini-cc/mcp-oauth.json",
      toolCache: "/home/ann/.mini-cc/tool-cache",
      disabled: "/home/ann/.mini-cc/mcp-disabled.json",
      toolOutput: "/home/ann/.mini-cc/tool-output",
      codeCache: "/home/ann/.mini-cc/code-cache",
      settings: "/home/ann/.mini-cc/settings.json",
      settingsApprovals: "/home/ann/.mini-cc/settings-approvals.json",
      projects: "/home/ann/.mini-cc/projects",
    });
  });

  it("uses MINI_CC_HOME when set", () => {
    const home = resolveHome({ MINI_CC_HOME: "/tmp/mc" }, "/home/ann");
    expect([home.root, home.userConfig, home.approvals]).toEqual([
      "/tmp/mc",
      "/tmp/mc/mcp.json",
      "/tmp/mc/mcp-approvals.json",
    ]);
  });

  it("ignores an empty MINI_CC_HOME", () => {
    expect(resolveHome({ MINI_CC_HOME: "" }, "/home/ann").root).toBe("/home/ann/.mini-cc");
  });
});

describe("serverLogPath", () => {
  it("names the log after the server and keeps odd names inside logs/", () => {
    const home = resolveHome({ MINI_CC_HOME: "/tmp/mc" }, "/home/ann");
    expect(serverLogPath(home.logs, "tracker")).toBe("/tmp/mc/logs/mcp-tracker.log");
    expect(serverLogPath(home.logs, "../x/y")).toBe("/tmp/mc/logs/mcp-.._x_y-c938fbea.log");
  });

  it("gives names that only differ in replaced characters separate logs", () => {
    expect(serverLogPath("/l", "a/b")).toBe("/l/mcp-a_b-c14cddc0.log");
    expect(serverLogPath("/l", "a:b")).toBe("/l/mcp-a_b-6783a31e.log");
    expect(serverLogPath("/l", "a_b")).toBe("/l/mcp-a_b.log");
  });

  it("keeps letters of any script, so two non-Latin server names get two logs", () => {
    expect(serverLogPath("/tmp/mc/logs", "日本")).toBe("/tmp/mc/logs/mcp-日本.log");
    expect(serverLogPath("/tmp/mc/logs", "中国")).toBe("/tmp/mc/logs/mcp-中国.log");
  });
});
