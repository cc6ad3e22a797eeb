import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  ErrorCode,
  JSONRPCNotificationSchema,
  McpError,
  ProgressNotificationSchema,
  ProgressTokenSchema,
  type JSONRPCMessage,
  type Progress,
} from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it, vi } from "vitest";
import { isProgressNotification, ProgressRouter } from "../../../src/mcp/connection/progress-router.ts";

const progress = (params: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  jsonrpc: "2.0",
  method: "notifications/progress",
  params,
  ...extra,
});

/** What the SDK accepts as a progress notification: the strict JSON-RPC shape, then the progress schema. */
const sdkAccepts = (value: unknown) =>
  JSONRPCNotificationSchema.safeParse(value).success && ProgressNotificationSchema.safeParse(value).success;

describe("the progress notification shape check", () => {
  const accepted = [
    progress({ progressToken: 1, progress: 3 }),
    progress({ progressToken: "mini-cc-1", progress: 3, total: 10, message: "Step 3" }),
    progress({ progressToken: "t", progress: 0.5, _meta: { note: "x" } }),
  ];
  const refused = [
    progress({ progressToken: 1, progress: 3 }, { id: 4 }),
    progress({ progressToken: 1, progress: 3, extra: true }),
    progress({ progressToken: 1.5, progress: 3 }),
    progress({ progressToken: null, progress: 3 }),
    progress({ progressToken: 1, progress: "3" }),
    progress({ progressToken: 1, progress: 3, total: "10" }),
    progress({ progressToken: 1, progress: 3, message: 7 }),
    progress({ progressToken: 1, progress: 3, _meta: [] }),
    progress({ progressToken: 1, progress: 3, _meta: { progressToken: {} } }),
    { ...progress({ progressToken: 1, progress: 3 }), jsonrpc: "1.0" },
    { jsonrpc: "2.0", method: "notifications/message", params: { level: "info", data: "x" } },
    { jsonrpc: "2.0", method: "notifications/progress" },
    [progress({ progressToken: 1, progress: 3 })],
    null,
  ];

  it("accepts exactly valid progress notifications, each also valid for the SDK", () => {
    for (const value of accepted) {
      expect(isProgressNotification(value), JSON.stringify(value)).toBe(true);
      expect(sdkAccepts(value), JSON.stringify(value)).toBe(true);
    }
  });

  it("leaves anything else to the SDK", () => {
    for (const value of refused) expect(isProgressNotification(value), JSON.stringify(value)).toBe(false);
  });
});

describe("the progress router", () => {
  function connected() {
    const toSdk: JSONRPCMessage[] = [];
    const transport = { onmessage: (message: JSONRPCMessage) => void toSdk.push(message) } as unknown as Transport;
    const router = new ProgressRouter();
    router.install(transport);
    return { transport, router, toSdk, deliver: (message: unknown) => transport.onmessage!(message as JSONRPCMessage) };
  }

  it("hands a registered token's progress to its handler, and everything else to the SDK", () => {
    const { router, toSdk, deliver } = connected();
    const seen: Progress[] = [];
    const token = router.register((p) => seen.push(p));
    deliver(progress({ progressToken: token, progress: 1, total: 2, message: "half" }));
    const unknown = progress({ progressToken: "other", progress: 1 });
    const odd = progress({ progressToken: token, progress: 2, extra: 1 });
    const result = { jsonrpc: "2.0", id: 1, result: {} };
    for (const message of [unknown, odd, result]) deliver(message);
    router.unregister(token);
    const late = progress({ progressToken: token, progress: 2 });
    deliver(late);
    expect(seen).toMatchObject([{ progress: 1, total: 2, message: "half" }]);
    expect(toSdk).toEqual([unknown, odd, result, late]);
  });

  it("keeps routing the other calls' progress when one call in the middle ends", () => {
    const { router, deliver } = connected();
    const seen: string[] = [];
    const tokens = ["a", "b", "c"].map((name) => router.register(() => seen.push(name)));
    router.unregister(tokens[1]!);
    for (const token of tokens) deliver(progress({ progressToken: token, progress: 1 }));
    router.unregister(tokens[0]!);
    for (const token of tokens) deliver(progress({ progressToken: token, progress: 2 }));
    expect(seen).toEqual(["a", "c", "c"]);
  });

  it("gives each call its own token", () => {
    const router = new ProgressRouter();
    expect(router.register(() => {})).not.toEqual(router.register(() => {}));
  });

  it("makes tokens a v1 server accepts at its first try (a string: a number fails its first check, building an issue each parse)", () => {
    const [first] = ProgressTokenSchema.options;
    expect(first.safeParse(new ProgressRouter().register(() => {})).success).toBe(true);
  });
});
