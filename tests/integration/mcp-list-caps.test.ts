import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { cliForTestFile, NODE } from "../helpers/cli-sandbox.ts";

// A server that keeps paginating its lists (a real subprocess) is offered what one server may
// offer, 1,000 of each kind, and mini-cc says how much was left out.
const FLOOD = resolve(import.meta.dirname, "../helpers/flood-server.mjs");
const cli = cliForTestFile();

/** A sandbox whose user scope declares the flood server with `env`. */
async function floodBox(env: Record<string, string>) {
  const box = await cli.sandbox();
  await box.write(`${box.home}/mcp.json`, { mcpServers: { flood: { command: NODE, args: [FLOOD], env } } });
  return box;
}

async function printIn(box: Awaited<ReturnType<typeof floodBox>>) {
  const script = await box.write("s.json", { responses: [{ content: [{ type: "text", text: "ok" }] }] });
  const run = await box.run(["-p", "hi", "--output-format", "stream-json", "--model-script", script]);
  const init = run.lines[0] as { tools: string[]; mcp_servers: unknown[] };
  return { run, init, floodTools: init.tools.filter((tool) => tool.startsWith("mcp__flood__")) };
}

describe("a server's lists are bounded", () => {
  it("offers the first 1,000 tools of one that lists 3,000, and says 2,000 were left out, of its resources and prompts too", async () => {
    const { run, init, floodTools } = await printIn(await floodBox({ FLOOD_PAGE: "300", FLOOD_PAGES: "10" }));
    expect(run.code).toBe(0);
    expect(init.mcp_servers).toEqual([{ name: "flood", status: "connected" }]);
    expect(floodTools.length).toBe(1000);
    expect(floodTools.at(-1)).toBe("mcp__flood__tool_999");
    expect(run.stderr).toBe(
      "mini-cc: MCP server flood offers more than 1,000 tools: the first 1,000 are used, 2,000 left out\n" +
        "mini-cc: MCP server flood offers more than 1,000 resources: the first 1,000 are used, 2,000 left out\n" +
        "mini-cc: MCP server flood offers more than 1,000 prompts: the first 1,000 are used, 2,000 left out\n",
    );
  }, 60_000);

  it("stops reading one that never stops paginating, and mcp get says so", async () => {
    const box = await floodBox({ FLOOD_PAGE: "5" });
    const { run, floodTools } = await printIn(box);
    expect(run.code).toBe(0);
    expect(floodTools.length).toBe(500);
    expect(run.stderr).toContain(
      "mini-cc: MCP server flood offers more than 100 pages of tools: the first 500 are used, the rest not read\n",
    );
    const get = await box.run(["mcp", "get", "flood"]);
    expect(get.stdout).toContain(
      "  Capped: offers more than 100 pages of prompts: the first 500 are used, the rest not read\n",
    );
  }, 60_000);
});
