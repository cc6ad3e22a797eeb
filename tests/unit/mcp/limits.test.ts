import { appendFileSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { closeServerLog, lastLogLine, openServerLog, serverLogPath } from "../../../src/mcp/logs/stderr-log.ts";
import { connectTimeoutMs, formatSeconds, toolTimeoutMs } from "../../../src/mcp/timeouts.ts";

describe("timeouts", () => {
  it("takes the entry's timeout over MCP_TIMEOUT over 30 s", () => {
    expect(connectTimeoutMs({ MCP_TIMEOUT: "3000" }, { command: "x", timeout: 500 })).toBe(500);
    expect(connectTimeoutMs({ MCP_TIMEOUT: "3000" }, { command: "x" })).toBe(3000);
    expect(connectTimeoutMs({ MCP_TIMEOUT: "soon" }, { command: "x" })).toBe(30_000);
  });

  it("takes an explicit call timeout over MCP_TOOL_TIMEOUT over 10 minutes", () => {
    expect(toolTimeoutMs({ MCP_TOOL_TIMEOUT: "2000" }, 100)).toBe(100);
    expect(toolTimeoutMs({ MCP_TOOL_TIMEOUT: "2000" })).toBe(2000);
    expect(toolTimeoutMs({})).toBe(600_000);
  });

  it("formats limits in seconds", () => {
    expect([formatSeconds(600_000), formatSeconds(15_000), formatSeconds(500), formatSeconds(1250)]).toEqual([
      "600s",
      "15s",
      "0.5s",
      "1.25s",
    ]);
  });
});

describe("server log", () => {
  it("appends a header line per start to mcp-<name>.log", () => {
    const dir = join(mkdtempSync(join(tmpdir(), "mcp-log-")), "logs");
    for (const when of ["2026-01-02T03:04:05.000Z", "2026-01-03T03:04:05.000Z"]) {
      closeServerLog(openServerLog(dir, "my server", 'node "my server.ts"', new Date(when)));
    }
    expect(serverLogPath(dir, "my server")).toBe(join(dir, "mcp-my_server-b129874b.log"));
    expect(readFileSync(join(dir, "mcp-my_server-b129874b.log"), "utf8")).toBe(
      '--- 2026-01-02T03:04:05.000Z mini-cc started my server: node "my server.ts"\n' +
        '--- 2026-01-03T03:04:05.000Z mini-cc started my server: node "my server.ts"\n',
    );
  });

  it("explains a crash with its error line, not the stack or Node's banner", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mcp-log-"));
    const log = openServerLog(dir, "s", "node s.js", new Date(0));
    closeServerLog(log);
    appendFileSync(
      log.path,
      "file:///s.js:3\nError [ERR_MODULE_NOT_FOUND]: Cannot find package 'zod'\n    at resolve (x:1:1)\n\nNode.js v22.23.3\n",
    );
    expect(await lastLogLine(log.path, log.start)).toBe("Error [ERR_MODULE_NOT_FOUND]: Cannot find package 'zod'");
  });

  it("gives npm's account when npx could not install the server, not the log line npm ends with", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mcp-log-"));
    const said = async (stderr: string) => {
      const log = openServerLog(dir, "s", "npx -y some-pkg", new Date(0));
      closeServerLog(log);
      appendFileSync(log.path, stderr);
      return lastLogLine(log.path, log.start);
    };
    const notFound = [
      "npm error code E404",
      "npm error 404 Not Found - GET https://registry.npmjs.org/some-pkg - Not found",
      "npm error 404",
      "npm error 404  The requested resource 'some-pkg@*' could not be found or you do not have permission to access it.",
      "npm error A complete log of this run can be found in: /root/.npm/_logs/x-debug-0.log",
    ];
    expect(await said(`${notFound.join("\n")}\n`)).toBe(
      "npm error 404 Not Found - GET https://registry.npmjs.org/some-pkg - Not found",
    );
    const offline = [
      "npm ERR! code ENOTFOUND",
      "npm ERR! syscall getaddrinfo",
      "npm ERR! errno ENOTFOUND",
      "npm ERR! network request to https://registry.npmjs.org/x failed, reason: getaddrinfo ENOTFOUND registry.npmjs.org",
      "npm ERR! A complete log of this run can be found in: /x.log",
    ];
    expect(await said(`${offline.join("\n")}\n`)).toBe(
      "npm ERR! network request to https://registry.npmjs.org/x failed, reason: getaddrinfo ENOTFOUND registry.npmjs.org",
    );
  });

  it("falls back to the last line, and to nothing before this start", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mcp-log-"));
    const first = openServerLog(dir, "s", "run", new Date(0));
    closeServerLog(first);
    appendFileSync(first.path, "Error: from an earlier session\n");
    const log = openServerLog(dir, "s", "run", new Date(0));
    closeServerLog(log);
    expect(await lastLogLine(log.path, log.start)).toBe("");
    appendFileSync(log.path, "listening\nport 80 in use\n");
    expect(await lastLogLine(log.path, log.start)).toBe("port 80 in use");
  });
});
