import { chmodSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { cliForTestFile, modelScript, type CliSandbox } from "../helpers/cli-sandbox.ts";
import { oauthServersForTestFile } from "../helpers/oauth-server-process.ts";

// A header value with a line break (from `headers`, from ${VAR} expansion, from a headersHelper)
// is refused, and what says so names the header and never holds its value (a secret), in
// `mcp list`, `mcp get` and on -p's stderr.

const SECRET = "sk-live-0123456789abcdef";
const cli = cliForTestFile();
let box: CliSandbox;
const oauth = oauthServersForTestFile();
beforeEach(async () => {
  box = await cli.sandbox();
});

async function helperPrinting(headers: Record<string, string>): Promise<string> {
  const path = await box.write("helper.sh", `#!/bin/sh\nprintf '%s' '${JSON.stringify(headers)}'\n`);
  chmodSync(path, 0o755);
  return path;
}

describe("header values with CR or LF", () => {
  it("are refused from headers, ${VAR} expansion and headersHelper, naming the header, never showing the value", async () => {
    const server = await oauth.start({ AUTH: "static" });
    const url = server.mcpUrl;
    const helper = await helperPrinting({ "X-Api-Key": `${SECRET}\r\nX-Injected: 1` });
    const servers = {
      literal: { type: "http", url, headers: { "X-Team": `${SECRET}\nX-Injected: 1` } },
      expanded: { type: "http", url, headers: { Authorization: "Bearer ${TOKEN}" } },
      helped: { type: "http", url, headersHelper: helper },
    };
    await box.write(join(box.home, "mcp.json"), { mcpServers: servers });
    const env = { TOKEN: `${SECRET}\r\nX-Injected: 1` };

    const list = await box.run(["mcp", "list"], { env });
    expect(list.stdout).toContain("literal: ");
    expect(list.stdout).toContain('header "X-Team" has a line break (CR or LF) or NUL in its value, so it is not sent');
    expect(list.stdout).toContain(
      'header "Authorization" has a line break (CR or LF) or NUL in its value, so it is not sent',
    );
    expect(list.stdout).toContain(
      'headersHelper failed: its header "X-Api-Key" has a line break (CR or LF) or NUL in its value, so it is not sent',
    );
    expect(list.stdout + list.stderr).not.toContain(SECRET);

    for (const name of Object.keys(servers)) {
      const get = await box.run(["mcp", "get", name], { env });
      expect(get.stdout).toContain("has a line break (CR or LF) or NUL in its value, so it is not sent");
      expect(get.stdout + get.stderr).not.toContain(SECRET);
    }

    const script = await box.write("script.json", modelScript([{ type: "text", text: "Hello." }]));
    const print = await box.run(["-p", "hi", "--model-script", script], { env });
    expect(print.stderr).toContain('header "Authorization" has a line break');
    expect(print.stdout + print.stderr).not.toContain(SECRET);
    expect((await server.state()).requests).toBe(0);
  });
});
