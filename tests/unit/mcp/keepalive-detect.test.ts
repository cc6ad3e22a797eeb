import { ProtocolError, ProtocolErrorCode, SdkError, SdkErrorCode } from "@modelcontextprotocol/client";
import { describe, expect, it } from "vitest";
import { isConnectionLoss } from "../../../src/mcp/connection/remote-failure.ts";
import { DEFAULT_KEEPALIVE_MS, keepaliveIntervalMs } from "../../../src/mcp/timeouts.ts";
import { fetchRefused, httpError } from "../../helpers/mcp-fixtures.ts";

describe("keepaliveIntervalMs", () => {
  it("is 30 s when MCP_KEEPALIVE_MS is unset, empty or not a positive number", () => {
    expect(
      [{}, { MCP_KEEPALIVE_MS: "" }, { MCP_KEEPALIVE_MS: "soon" }, { MCP_KEEPALIVE_MS: "-5" }].map(keepaliveIntervalMs),
    ).toEqual([DEFAULT_KEEPALIVE_MS, 30_000, 30_000, 30_000]);
  });

  it("takes MCP_KEEPALIVE_MS in ms, and 0 turns the keepalive off", () => {
    expect([keepaliveIntervalMs({ MCP_KEEPALIVE_MS: "100" }), keepaliveIntervalMs({ MCP_KEEPALIVE_MS: "0" })]).toEqual([
      100, 0,
    ]);
  });
});

describe("isConnectionLoss", () => {
  it("counts fetch failing, a reset socket and a forgotten session (404) as the server gone", () => {
    const reset = new TypeError("fetch failed", {
      cause: Object.assign(new Error("other side closed"), { code: "UND_ERR_SOCKET" }),
    });
    const sse404 = new Error("Error POSTing to endpoint (HTTP 404): Session not found");
    const errors = [fetchRefused(), reset, httpError(404, "Error POSTing to endpoint: "), sse404];
    expect(errors.map(isConnectionLoss)).toEqual([true, true, true, true]);
  });

  it("does not count a server's own error answer, a 500, a timeout or a non-error", () => {
    const errors = [
      new ProtocolError(ProtocolErrorCode.InvalidParams, "Tool missing not found"),
      httpError(500, "Error POSTing to endpoint: boom"),
      new SdkError(SdkErrorCode.RequestTimeout, "Request timed out"),
      "fetch failed",
    ];
    expect(errors.map(isConnectionLoss)).toEqual([false, false, false, false]);
  });
});
