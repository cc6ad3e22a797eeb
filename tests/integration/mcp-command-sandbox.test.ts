// `mini-cc mcp add --sandbox`, `mcp approve --sandbox`, and how list and get show a sandboxed server.
import { join, resolve } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkSandbox } from "../../src/sandbox/availability.ts";
import { createSandbox, type CommandSandbox } from "../helpers/mcp-command-io.ts";

const TRACKER = resolve(import.meta.dirname, "../../examples/mcp_tracker_server.ts");
const NODE = process.execPath;
const availability = await checkSandbox(process.env);

let box: CommandSandbox;
beforeEach(async () => {
  box = await createSandbox();
});
afterEach(async () => {
  await box.dispose();
});

describe("mcp commands and the sandbox", () => {
  it('mcp add --sandbox writes "sandbox": true; a remote server refuses it', async () => {
    expect((await box.run(["add", "-s", "project", "--sandbox", "tracker", "--", NODE, TRACKER])).status).toBe(0);
    expect(await box.readJson(box.projectFile)).toEqual({
      mcpServers: { tracker: { command: NODE, args: [TRACKER], sandbox: true } },
    });
    const remote = await box.run(["add", "--transport", "http", "--sandbox", "web", "https://example.com/mcp"]);
    expect(remote.status).toBe(2);
    expect(remote.stderr).toContain("--sandbox is for stdio servers");
  });

  it("mcp approve --sandbox remembers the choice; get and list show it", async () => {
    await box.write(box.projectFile, JSON.stringify({ mcpServers: { tracker: { command: NODE, args: [TRACKER] } } }));
    const approved = await box.run(["approve", "--sandbox", "tracker"]);
    expect(approved.stdout).toMatch(/^Approved project server tracker \(fingerprint [0-9a-f]{16}, sandboxed\)\n$/);
    const approvals = (await box.readJson(box.home.approvals)) as Record<
      string,
      Record<string, { sandboxed?: boolean }>
    >;
    expect(approvals[box.cwd]?.tracker?.sandboxed).toBe(true);
    const get = await box.run(["get", "--no-connect", "tracker"]);
    expect(get.stdout).toContain("  Sandbox: default profile (chosen at approval)\n");
  });

  it.skipIf(!availability.available)(
    `mcp list marks a sandboxed server, which connects${availability.available ? "" : ` (skipped: ${availability.reason})`}`,
    async () => {
      await box.write(
        box.projectFile,
        JSON.stringify({
          mcpServers: { tracker: { command: NODE, args: [TRACKER], sandbox: { allowedDomains: ["example.com"] } } },
        }),
      );
      await box.run(["approve", "tracker"]);
      const list = await box.run(["list"], { env: { ...box.env, HOME: box.root } });
      expect(list.stdout).toBe(`tracker: ${NODE} ${TRACKER} (project, sandboxed) - ✔ connected · 3 tools\n`);
      const get = await box.run(["get", "--no-connect", "tracker"]);
      expect(get.stdout).toContain("  Sandbox: default profile + hosts: example.com\n");
    },
  );
});
