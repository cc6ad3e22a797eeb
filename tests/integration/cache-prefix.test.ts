// The prompt cache keeps hitting over a whole session: ten turns with tool
// search on, a real MCP server that returns images (twenty in all), and a
// restart of that server half-way. Each request must start with exactly what
// the previous request sent, up to where that one put its conversation
// breakpoint, and carry a breakpoint there itself (the fourth one), so the
// API reads it back from the cache however many blocks a round added.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createRuntime } from "../../src/session/runtime.ts";
import { FakeMessagesApi, type FakeReply } from "../helpers/fake-messages-api.ts";
import { cliRunOptions } from "../helpers/runtime-session.ts";

const TEST_SERVER = resolve(import.meta.dirname, "../helpers/mcp-test-server.mjs");
const dir = mkdtempSync(join(tmpdir(), "mini-cc-cache-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SHOT = "mcp__shots__screenshot";
const reply = (content: unknown[]): FakeReply => ({ kind: "message", message: { content: content as never } });
const call = (id: string, name: string, input: Record<string, unknown> = {}) => ({ type: "tool_use", id, name, input });
const say = (text: string) => ({ type: "text", text });

type Json = Record<string, unknown>;

/** The value without its cache_control markers: they move, the cached content does not. */
function withoutMarkers(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutMarkers);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value as Json)
      .filter(([key]) => key !== "cache_control")
      .map(([key, v]) => [key, withoutMarkers(v)]),
  );
}

function lastUserIndex(messages: Json[]): number {
  return messages.map((m) => m["role"]).lastIndexOf("user");
}

function lastBlockMarked(message: Json | undefined): boolean {
  const content = message?.["content"];
  return Array.isArray(content) && (content.at(-1) as Json | undefined)?.["cache_control"] !== undefined;
}

describe("the cached prefix over a session", () => {
  it("stays byte-identical from request to request across ten turns, tool search, a server restart and twenty images", async () => {
    // Turn 1 loads the tool; turns 2–10 take 2 or 3 screenshots each (20 in all), then answer.
    const shotsPerTurn = [0, 2, 2, 2, 2, 3, 2, 2, 2, 3];
    const replies: FakeReply[] = [];
    let n = 0;
    shotsPerTurn.forEach((shots, turn) => {
      if (turn === 0) replies.push(reply([call("load", "ToolSearch", { query: `select:${SHOT}` })]));
      else replies.push(reply(Array.from({ length: shots }, () => call(`shot${++n}`, SHOT))));
      replies.push(reply([say(`Turn ${turn + 1} done.`)]));
    });
    const api = await FakeMessagesApi.start(replies);
    const shots = { command: process.execPath, args: [TEST_SERVER], env: { MCP_TEST_IMAGE_TOOL: "1" } };
    const options = cliRunOptions({
      print: true,
      permissionMode: "bypassPermissions",
      mcpConfig: [JSON.stringify({ mcpServers: { shots } })],
    });
    const runtime = await createRuntime({
      options,
      cwd: dir,
      env: {
        PATH: process.env.PATH,
        MINI_CC_HOME: join(dir, "home"),
        ANTHROPIC_API_KEY: "sk-ant-test",
        ANTHROPIC_BASE_URL: api.baseURL,
        ENABLE_TOOL_SEARCH: "true",
      },
      interactive: false,
      warn: () => {},
      ask: async () => ({ behavior: "deny" }),
    });
    const connected = () => runtime.manager.getSnapshot().servers.every((s) => s.state.status === "connected");
    try {
      await runtime.startServers();
      for (let turn = 0; turn < 10; turn++) {
        if (turn === 5) {
          await runtime.manager.restart("shots");
          while (!connected()) await new Promise((done) => setTimeout(done, 20));
        }
        for await (const event of runtime.runTurn(`Turn ${turn + 1}`, new AbortController().signal)) {
          if (event.type === "error") throw new Error(event.message);
        }
      }
    } finally {
      await runtime.close();
      await api.close();
    }

    const bodies = api.requests.map((r) => r.body);
    expect(bodies).toHaveLength(20);
    const images = JSON.stringify(bodies.at(-1)).match(/"type":"image"/g) ?? [];
    expect(images).toHaveLength(20);
    for (let i = 1; i < bodies.length; i++) {
      const previous = bodies[i - 1]!;
      const current = bodies[i]!;
      const cut = lastUserIndex(previous["messages"] as Json[]) + 1;
      const prefix = (body: Json) =>
        withoutMarkers({
          tools: body["tools"],
          system: body["system"],
          messages: (body["messages"] as Json[]).slice(0, cut),
        });
      expect(prefix(current), `request ${i + 1} against request ${i}`).toEqual(prefix(previous));
      expect(
        lastBlockMarked((current["messages"] as Json[])[cut - 1]),
        `request ${i + 1} keeps a breakpoint where request ${i} had its last`,
      ).toBe(true);
      expect(JSON.stringify(current).match(/"cache_control"/g)?.length).toBeLessThanOrEqual(4);
    }
  }, 60_000);
});
