import { describe, expect, it } from "vitest";
import { DEFAULT_RETRY_POLICY, retryAfterMs, retryDelayMs, retryStatusText } from "../../../src/model/retry-policy.ts";
import { createModel } from "../../../src/model/default-model.ts";

const headers = (values: Record<string, string>) => ({ get: (name: string) => values[name] ?? null });

describe("the retry policy", () => {
  it("doubles from 0.5 s for a 500 and from 1 s for an overloaded API, capped at 32 s and 60 s", () => {
    const waits = (reason: "server-error" | "overloaded") =>
      Array.from({ length: 10 }, (_, i) => retryDelayMs({ reason }, i + 1, DEFAULT_RETRY_POLICY, () => 0));
    expect(waits("server-error")).toEqual([500, 1000, 2000, 4000, 8000, 16000, 32000, 32000, 32000, 32000]);
    expect(waits("overloaded")).toEqual([1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000, 60000]);
    expect(retryDelayMs({ reason: "overloaded" }, 11, DEFAULT_RETRY_POLICY, () => 0)).toBeUndefined();
  });

  it("takes up to a quarter off as jitter", () => {
    expect(retryDelayMs({ reason: "server-error" }, 3, DEFAULT_RETRY_POLICY, () => 0.999)).toBe(1501);
  });

  it("honours retry-after, but not one longer than five minutes", () => {
    expect(retryDelayMs({ reason: "rate-limit", retryAfterMs: 7000 }, 1, DEFAULT_RETRY_POLICY, () => 0.5)).toBe(7000);
    expect(
      retryDelayMs({ reason: "rate-limit", retryAfterMs: 10 * 60_000 }, 1, DEFAULT_RETRY_POLICY, () => 0),
    ).toBeUndefined();
  });

  it("reads retry-after-ms, retry-after in seconds and as a date", () => {
    const now = Date.parse("2026-12-03T12:00:00Z");
    expect(retryAfterMs(headers({ "retry-after-ms": "250" }), now)).toBe(250);
    expect(retryAfterMs(headers({ "retry-after": "3" }), now)).toBe(3000);
    expect(retryAfterMs(headers({ "retry-after": "Thu, 03 Dec 2026 12:00:09 GMT" }), now)).toBe(9000);
    expect(retryAfterMs(headers({}), now)).toBeUndefined();
  });

  it("says what the working line shows", () => {
    expect(retryStatusText({ reason: "overloaded", retry: 3, maxRetries: 10 }, 7200)).toBe(
      "API overloaded · retry 3/10 in 8 s",
    );
    expect(retryStatusText({ reason: "stalled", retry: 1, maxRetries: 10 }, 0)).toBe("Response stalled · retry 1/10");
  });

  it("names a bad MAX_THINKING_TOKENS or MINI_CC_STREAM_IDLE_MS", async () => {
    const env = { ANTHROPIC_API_KEY: "sk-ant-test" };
    await expect(createModel({ env: { ...env, MAX_THINKING_TOKENS: "lots" } })).rejects.toThrow(
      'MAX_THINKING_TOKENS takes a whole number, not "lots"',
    );
    await expect(createModel({ env: { ...env, MINI_CC_STREAM_IDLE_MS: "-1" } })).rejects.toThrow(
      'MINI_CC_STREAM_IDLE_MS takes a whole number, not "-1"',
    );
  });
});
