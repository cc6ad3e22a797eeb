/**
 * A prompt given on the command line, on a real pseudo-terminal with the built
 * CLI: the first frame lists the project's server (approved earlier with
 * `mini-cc mcp approve`), the prompt waits under the prompt box while that
 * server is slow to start, and the model's first request already carries the
 * server's tool: the script's first response calls it.
 */
import { describe, expect, it } from "vitest";
import { NODE, TEST_SERVER } from "../helpers/cli-sandbox.ts";
import { ptyAppsForTestFile } from "../helpers/pty-app.ts";

const apps = ptyAppsForTestFile({ sandbox: true });

/** The first response calls the project server's tool: it fails as an unknown tool if the prompt went out before the server connected. */
const SCRIPT = {
  responses: [
    { content: [{ type: "tool_use", name: "mcp__slow__echo", input: { text: "hello from the slow server" } }] },
    { content: [{ type: "text", text: "The slow server answered." }] },
  ],
};

describe("a prompt on the command line", () => {
  it("waits for a project server approved earlier, and its first request carries that server's tools", async () => {
    const slow = { command: NODE, args: [TEST_SERVER], env: { MCP_TEST_START_DELAY_MS: "1500" } };
    const box = apps.box;
    await box.write("project/.mcp.json", { mcpServers: { slow } });
    const script = await box.write("script.json", SCRIPT);
    const approved = await box.run(["mcp", "approve"]);
    expect(approved.stdout).toContain("Approved project server slow");

    const app = apps.launch(["--model-script", script, "--allowedTools", "mcp__slow__echo", "say hello"], {
      cols: 120,
      rows: 30,
      cwd: box.project,
      env: { ...box.env, ANTHROPIC_API_KEY: "" },
    });
    await app.waitFor("↳ queued: say hello");
    await app.waitFor("waiting for 1 MCP server… (esc to send now)");
    const first = await app.firstScreenWith("Ask anything, or /help");
    expect(first).toContain("◌ slow ");
    expect(first).not.toContain("none configured");

    await app.waitFor("✔ mcp__slow__echo -> hello from the slow server", 20_000);
    await app.waitFor("● The slow server answered.");
    expect(app.text()).toContain("❯ say hello");
    expect(app.text()).not.toContain("waiting for");
    app.write("/exit\r");
    expect(await app.exited).toBe(0);
  }, 60_000);
});
