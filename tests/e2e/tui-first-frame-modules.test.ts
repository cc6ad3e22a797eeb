/**
 * What Node has loaded when the TUI's first frame is out, on a real
 * pseudo-terminal with the built CLI: not node:crypto (about 6 ms, see
 * src/on-demand-crypto.ts), with no server and with a user-scope one.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { NODE, ROOT, TEST_SERVER } from "../helpers/cli-sandbox.ts";
import { ptyAppsForTestFile } from "../helpers/pty-app.ts";

const apps = ptyAppsForTestFile({ sandbox: true });
const HOOK = join(ROOT, "tests/helpers/first-frame-modules.mjs");

/** The modules loaded at the first frame, and that frame. */
async function atFirstFrame(): Promise<{ modules: string[]; screen: string }> {
  const box = apps.box;
  const file = join(box.root, "modules.txt");
  const app = apps.launch([], {
    cols: 120,
    rows: 30,
    cwd: box.project,
    env: { ...box.env, NODE_OPTIONS: `--import ${HOOK}`, FIRST_FRAME_MODULES_FILE: file },
  });
  await app.waitFor("Ask anything, or /help");
  const screen = (await app.firstScreenWith("Ask anything, or /help")) ?? "";
  app.write("/exit\r");
  expect(await app.exited).toBe(0);
  return { modules: readFileSync(file, "utf8").split("\n"), screen };
}

describe("the TUI's first frame", () => {
  it("has not loaded node:crypto, with no server or with one", async () => {
    const none = await atFirstFrame();
    expect(none.modules).toContain("NativeModule tty"); // the list is real: the terminal is in it
    expect(none.modules.filter((name) => name.includes("crypto"))).toEqual([]);

    const server = { command: NODE, args: [TEST_SERVER] };
    await apps.box.write("home/mcp.json", { mcpServers: { tracker: server } });
    const one = await atFirstFrame();
    expect(one.screen).toContain("◌ tracker");
    expect(one.modules.filter((name) => name.includes("crypto"))).toEqual([]);
  }, 60_000);
});
