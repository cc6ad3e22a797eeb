import { WebSocketClientTransport } from "@modelcontextprotocol/sdk/client/websocket.js";
import { describe, expect, it } from "vitest";
import type { RemoteEntry } from "../../../src/config/types.ts";
import { createTransport, type TransportContext } from "../../../src/mcp/connection/transports.ts";
import type { ProcessGroups } from "../../../src/processes/process-groups.ts";
import { remoteServer } from "../../helpers/mcp-fixtures.ts";

const context = {
  stderr: "ignore",
  cwd: "/",
  env: {},
  groups: undefined as unknown as ProcessGroups,
} satisfies TransportContext;
const ws = (entry: Omit<RemoteEntry, "type">) =>
  createTransport(remoteServer("live", { type: "ws", ...entry }), context);

describe("createTransport for a ws entry", () => {
  it("is the SDK's WebSocket client for a ws:// or wss:// URL", () => {
    expect(ws({ url: "ws://127.0.0.1:9/mcp" })).toBeInstanceOf(WebSocketClientTransport);
    expect(ws({ url: "wss://example.com/mcp" })).toBeInstanceOf(WebSocketClientTransport);
  });

  it("refuses another scheme, and headers it could not send", () => {
    expect(() => ws({ url: "https://example.com/mcp" })).toThrow(
      'URL must start with ws:// or wss:// (type "ws"), got https://example.com/mcp',
    );
    expect(() => ws({ url: "ws://h/mcp", headers: { Authorization: "Bearer x" } })).toThrow(
      "headers are not supported for ws servers (the WebSocket client cannot send them)",
    );
  });
});
