import { StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { MiniCcError } from "../../../src/errors.ts";
import { parseHeaders } from "../../../src/mcp/connection/headers-helper.ts";
import { isSessionExpired } from "../../../src/mcp/connection/server-connection.ts";
import { retryVerdict } from "../../../src/mcp/connection/session-renewal.ts";

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe("sending a call again after the server restarted", () => {
  it("a forgotten session refused the call unread: sent again, read-only or not", () => {
    const expired = new MiniCcError("session-expired", "the server restarted and no longer knows this session (HTTP 404)");
    expect(retryVerdict(expired, false)).toBe("retry");
  });

  it("a refused connection: the server is down, its error stands (the reconnect series brings it back for the next call)", () => {
    expect(retryVerdict(new TypeError("fetch failed", { cause: withCode("connect ECONNREFUSED", "ECONNREFUSED") }), true)).toBe("keep");
  });

  it("a connection that broke under the call: only a read-only tool is sent again; others say the server restarted", () => {
    const reset = new TypeError("fetch failed", { cause: withCode("other side closed", "UND_ERR_SOCKET") });
    expect(retryVerdict(reset, true)).toBe("retry");
    expect(retryVerdict(reset, false)).toBe("report");
  });

  it("a session closed under the call (its loss noticed meanwhile): the same as a broken connection", () => {
    const closed = new McpError(ErrorCode.ConnectionClosed, "Connection closed");
    expect([retryVerdict(closed, true), retryVerdict(closed, false)]).toEqual(["retry", "report"]);
  });

  it("a server's own error is its answer: kept", () => {
    expect(retryVerdict(new StreamableHTTPError(500, "Error POSTing to endpoint: boom"), true)).toBe("keep");
    expect(retryVerdict(new MiniCcError("needs-auth", "login expired"), true)).toBe("keep");
  });

  it("knows a forgotten session by 404, or by 400 naming the session", () => {
    expect(isSessionExpired(new StreamableHTTPError(404, "Error POSTing to endpoint: Session not found"))).toBe(true);
    expect(isSessionExpired(new StreamableHTTPError(400, "Error POSTing to endpoint: Bad Request: No valid session ID provided"))).toBe(true);
    expect(isSessionExpired(new StreamableHTTPError(400, "Error POSTing to endpoint: Bad Request: invalid params"))).toBe(false);
  });
});

describe("a headersHelper's output", () => {
  it("is a JSON object of string headers", () => {
    expect(parseHeaders('{"Authorization":"Bearer t","X-Team":"core"}')).toEqual({ Authorization: "Bearer t", "X-Team": "core" });
  });

  it("anything else fails without quoting the output (it may hold a secret)", () => {
    expect(() => parseHeaders("Bearer secret-value")).toThrow("headersHelper failed: its output is not JSON (expected an object of header names to string values)");
    expect(() => parseHeaders('["secret-value"]')).toThrow("headersHelper failed: its output is not a JSON object of headers");
    expect(() => parseHeaders('{"Authorization": 42}')).toThrow('headersHelper failed: header "Authorization" is not a string');
    expect(() => parseHeaders('{"Bad Name": "secret-value"}')).toThrow('headersHelper failed: "Bad Name" is not a valid header name');
  });
});
