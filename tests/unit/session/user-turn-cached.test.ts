import { describe, expect, it } from "vitest";
import { cachedServersNamed } from "../../../src/session/user-turn.ts";
import { beginLife } from "../../../src/mcp/state/lifecycle.ts";
import type { ServerState } from "../../../src/mcp/state/server-state.ts";

const view = (name: string, state: ServerState) => ({ name, source: "user" as const, ...beginLife(state) });
const cached: ServerState = { status: "cached", tools: [], instructions: "" };
const snapshot = {
  servers: [
    view("docs.v2", cached),
    view("tracker", cached),
    view("live", { status: "connected", tools: [], instructions: "", connectMs: 1 }),
  ],
};

describe("which cached servers a typed line needs live", () => {
  it("a prompt command or a resource mention of a cached server; nothing for plain text or live servers", () => {
    expect(cachedServersNamed("/mcp__docs_v2__search cats", snapshot)).toEqual(["docs.v2"]);
    expect(cachedServersNamed("  /MCP__TRACKER__triage", snapshot)).toEqual(["tracker"]);
    expect(cachedServersNamed("look at @tracker:issues://BUG-1 and @live:x://y", snapshot)).toEqual(["tracker"]);
    expect(cachedServersNamed("mail tracker@example.com about /mcp__live__p", snapshot)).toEqual([]);
  });
});
