import { describe, expect, it } from "vitest";
import {
  DEFAULT_RECONNECT_POLICY,
  gaveUpReason,
  NO_RECONNECT,
  reconnectAttempts,
  reconnectDelayMs,
} from "../../../src/mcp/state/reconnect-policy.ts";

describe("reconnect policy", () => {
  it("gives stdio servers three attempts and remote servers five", () => {
    expect([
      reconnectAttempts(DEFAULT_RECONNECT_POLICY, { command: "node" }),
      reconnectAttempts(DEFAULT_RECONNECT_POLICY, { type: "stdio", command: "node" }),
      reconnectAttempts(DEFAULT_RECONNECT_POLICY, { type: "http", url: "http://x" }),
      reconnectAttempts(DEFAULT_RECONNECT_POLICY, { type: "sse", url: "http://x" }),
      reconnectAttempts(NO_RECONNECT, { type: "http", url: "http://x" }),
    ]).toEqual([3, 3, 5, 5, 0]);
  });

  it("doubles the wait from 1 s up to 16 s", () => {
    expect([1, 2, 3, 4, 5, 6].map((attempt) => reconnectDelayMs(DEFAULT_RECONNECT_POLICY, attempt))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 16_000,
    ]);
  });

  it("says it gave up after the attempts, and keeps the bare reason when reconnection is off", () => {
    expect([
      gaveUpReason("server exited (code 7): Error: asked to die", 3),
      gaveUpReason("connection closed", 1),
      gaveUpReason("connection closed", 0),
    ]).toEqual([
      "server exited (code 7): Error: asked to die — gave up after 3 reconnect attempts",
      "connection closed — gave up after 1 reconnect attempt",
      "connection closed",
    ]);
  });
});
