import { ProtocolError, ProtocolErrorCode, SdkError, SdkErrorCode } from "@modelcontextprotocol/client";
import { describe, expect, it } from "vitest";
import { parseHeaders } from "../../../src/mcp/connection/headers-helper.ts";
import type { CallOutcome } from "../../../src/mcp/connection/call-outcome.ts";
import { remoteLoss, type LossKind } from "../../../src/mcp/connection/remote-failure.ts";
import { retryVerdict } from "../../../src/mcp/connection/session-renewal.ts";
import { httpError } from "../../helpers/mcp-fixtures.ts";

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe("reading a remote failure", () => {
  it("a forgotten session (404, or 400 naming the session) is expired; a 500 or another 400 is the server's answer", () => {
    expect(remoteLoss(httpError(404, "Error POSTing to endpoint: Session not found"))).toBe("expired");
    expect(remoteLoss(httpError(400, "Error POSTing to endpoint: Bad Request: No valid session ID provided"))).toBe(
      "expired",
    );
    expect(remoteLoss(httpError(400, "Error POSTing to endpoint: Bad Request: invalid params"))).toBeUndefined();
    expect(remoteLoss(httpError(500, "Error POSTing to endpoint: boom"))).toBeUndefined();
  });

  it("a refused connection is down; a reset, a closed session or fetch failing is broken", () => {
    expect(remoteLoss(new TypeError("fetch failed", { cause: withCode("connect ECONNREFUSED", "ECONNREFUSED") }))).toBe(
      "down",
    );
    expect(remoteLoss(new TypeError("fetch failed", { cause: withCode("other side closed", "UND_ERR_SOCKET") }))).toBe(
      "broken",
    );
    expect(remoteLoss(new SdkError(SdkErrorCode.ConnectionClosed, "Connection closed"))).toBe("broken");
    expect(remoteLoss(new Error("Error POSTing to endpoint (HTTP 404): Session not found"))).toBe("broken");
    expect(remoteLoss(new TypeError("fetch failed"))).toBe("broken");
  });

  it("a server's own error, a timeout or a non-error is no loss", () => {
    expect(
      [
        new ProtocolError(ProtocolErrorCode.InvalidParams, "Tool missing not found"),
        new SdkError(SdkErrorCode.RequestTimeout, "Request timed out"),
        "fetch failed",
      ].map(remoteLoss),
    ).toEqual([undefined, undefined, undefined]);
  });
});

describe("sending a call again after the server restarted", () => {
  const lost = (how: LossKind): CallOutcome => ({ kind: "lost", how, error: "x" });

  it("a forgotten session refused the call unread: sent again, read-only or not", () => {
    expect([retryVerdict(lost("expired"), true), retryVerdict(lost("expired"), false)]).toEqual(["retry", "retry"]);
  });

  it("a server that is down: its error stands (the reconnect series brings it back for the next call)", () => {
    expect(retryVerdict(lost("down"), true)).toBe("keep");
  });

  it("a connection that broke under the call: only a read-only tool is sent again; others say the server restarted", () => {
    expect([retryVerdict(lost("broken"), true), retryVerdict(lost("broken"), false)]).toEqual(["retry", "report"]);
  });

  it("an answer, a refusal, a timeout or a cancel stands", () => {
    const outcomes: CallOutcome[] = [
      { kind: "result", result: { content: [] } },
      { kind: "failed", error: "login expired" },
      { kind: "timeout", afterMs: 1, capped: false },
      { kind: "cancelled" },
    ];
    expect(outcomes.map((o) => retryVerdict(o, true))).toEqual(["keep", "keep", "keep", "keep"]);
  });
});

describe("a headersHelper's output", () => {
  it("is a JSON object of string headers", () => {
    expect(parseHeaders('{"Authorization":"Bearer t","X-Team":"core"}')).toEqual({
      Authorization: "Bearer t",
      "X-Team": "core",
    });
  });

  it("anything else fails without quoting the output (it may hold a secret)", () => {
    expect(() => parseHeaders("Bearer secret-value")).toThrow(
      "headersHelper failed: its output is not JSON (expected an object of header names to string values)",
    );
    expect(() => parseHeaders('["secret-value"]')).toThrow(
      "headersHelper failed: its output is not a JSON object of headers",
    );
    expect(() => parseHeaders('{"Authorization": 42}')).toThrow(
      'headersHelper failed: header "Authorization" is not a string',
    );
    expect(() => parseHeaders('{"Bad Name": "secret-value"}')).toThrow(
      'headersHelper failed: "Bad Name" is not a valid header name',
    );
  });
});
