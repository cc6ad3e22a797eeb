import { beforeEach, describe, expect, it } from "vitest";
import { cliForTestFile, markedServerEntry, mcpConfig, modelScript, type CliSandbox } from "../helpers/cli-sandbox.ts";
import { oauthServersForTestFile } from "../helpers/oauth-server-process.ts";
import { join } from "node:path";

// Print mode with a server behind OAuth and no login: it is listed as needs-auth
// in stream-json's init, said on stderr with the command that fixes it, and the
// run goes on with the other servers.

const cli = cliForTestFile();
let box: CliSandbox;
const oauth = oauthServersForTestFile();
beforeEach(async () => {
  box = await cli.sandbox();
});

describe("print mode and a server that needs a login", () => {
  it("lists it as needs-auth, says how to log in, and runs with the others", async () => {
    const server = await oauth.start();
    const script = await box.write("script.json", modelScript([{ type: "text", text: "Hello." }]));
    const config = mcpConfig({ local: markedServerEntry(join(box.root, "local.started")) });
    const withRemote = JSON.stringify({
      mcpServers: { ...JSON.parse(config).mcpServers, notes: { type: "http", url: server.mcpUrl } },
    });
    const run = await box.run([
      "-p",
      "hi",
      "--model-script",
      script,
      "--output-format",
      "stream-json",
      "--mcp-config",
      withRemote,
    ]);
    expect(run.code).toBe(0);
    const init = run.lines[0] as { mcp_servers: Array<{ name: string; status: string }> };
    expect(init.mcp_servers).toEqual([
      { name: "local", status: "connected" },
      { name: "notes", status: "needs-auth" },
    ]);
    expect(run.stderr).toBe("mini-cc: MCP server notes needs authentication — run: mini-cc mcp login notes\n");
  });
});
