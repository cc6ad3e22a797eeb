import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cliForTestFile, initOf, markedServerEntry, scriptedStreamRun, trackerEntry } from "../helpers/cli-sandbox.ts";

// A `"scope": "agents"` server seen from the command line: the real CLI, the tracker and the marker-writing test server.
const cli = cliForTestFile();

describe('a "scope": "agents" server from the command line', () => {
  it("mcp list and mcp get say scope: agents and start nothing; print mode offers none of its tools", async () => {
    const box = await cli.sandbox();
    const marker = join(box.root, "helper-ran");
    await box.write(`${box.home}/mcp.json`, {
      mcpServers: { tracker: trackerEntry, helper: { ...markedServerEntry(marker), scope: "agents" } },
    });

    const list = await box.run(["mcp", "list"]);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(
      /^helper: sh .* \(user, scope: agents\) - ◇ standby: not started for the main conversation; starts when an agent that names it runs$/m,
    );
    expect(list.stdout).toMatch(/^tracker: .* - ✔ connected · 3 tools$/m);
    const json = JSON.parse((await box.run(["mcp", "list", "--json"])).stdout) as { name: string }[];
    expect(json.find((row) => row.name === "helper")).toMatchObject({ status: "standby", offeredTo: "agents" });

    const get = await box.run(["mcp", "get", "helper", "--strict"]);
    expect(get.code).toBe(0);
    expect(get.stdout).toContain("  Offered to: agents only (scope: agents), started when an agent that names it runs");

    const run = await scriptedStreamRun(box, [[{ type: "text", text: "done" }]], []);
    const init = initOf(run.lines);
    expect(init?.tools).toContain("mcp__tracker__list_issues");
    expect(init?.tools.filter((tool: string) => tool.startsWith("mcp__helper__"))).toEqual([]);
    expect(init?.mcp_servers).toContainEqual({ name: "helper", status: "standby" });
    expect(existsSync(marker)).toBe(false);
  }, 60_000);

  it("a project one: mcp approve approves it ahead of its agent, and nothing starts", async () => {
    const box = await cli.sandbox();
    const marker = join(box.root, "helper-ran");
    await box.write(`${box.project}/.mcp.json`, {
      mcpServers: { helper: { ...markedServerEntry(marker), scope: "agents" } },
    });
    const approve = await box.run(["mcp", "approve", "helper"]);
    expect(approve.code).toBe(0);
    expect(approve.stdout).toMatch(/^Approved project server helper \(fingerprint [0-9a-f]{16}\)$/m);
    const list = await box.run(["mcp", "list"]);
    expect(list.stdout).toMatch(/^helper: sh .* \(project, scope: agents\) - ◇ standby: /m);
    expect(existsSync(marker)).toBe(false);
  }, 60_000);
});
