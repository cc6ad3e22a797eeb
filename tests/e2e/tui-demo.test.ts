import { resolve } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { bundleEntry } from "../../scripts/ink-bundle.ts";
import { PtyScreen } from "../helpers/pty-screen.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const BUNDLE = resolve(ROOT, ".tmp/e2e/tui-demo.mjs");
const ENTER = "\r";
const CTRL_C = "\u0003";

let app: PtyScreen | undefined;

beforeAll(async () => {
  // Bundled whole, the way the CLI ships, so a bundling problem shows up here.
  await bundleEntry(resolve(ROOT, "examples/tui-demo.tsx"), BUNDLE);
}, 60_000);

afterEach(() => app?.kill());

describe("the TUI on a real terminal (examples/tui-demo)", () => {
  it("approves a server, runs a turn with a permission prompt, lists tools and quits on Ctrl+C twice", async () => {
    app = new PtyScreen(process.execPath, [BUNDLE, "--fast"], { cols: 120, rows: 40, cwd: ROOT });

    await app.waitFor("MCP server tracker wants to start");
    await app.waitFor("● memory");
    expect(app.text()).toContain("? tracker     project approve?");
    expect(app.output).toContain("\u001b[?1049h"); // the alternate screen

    // The highlight shows once the modal takes keys (its arming delay has passed).
    await app.waitFor("❯ 1. Start, and remember");
    app.write("1");
    await app.waitFor("● tracker     project 3 tools");
    expect(app.text()).toContain("MCP 2/4 connected · 5 tools");

    app.write("fix the todo issue");
    await app.waitFor("❯ fix the todo issue");
    app.write(ENTER);
    await app.waitFor("Allow mcp__tracker__add_comment(BUG-101)?");
    expect(app.text()).toContain("✔ mcp__tracker__list_issues -> BUG-101 [Todo] list_posts has no pagination");
    await app.waitFor("❯ 1. Allow");
    app.write("1");
    await app.waitFor("● BUG-101 is fixed and I replied on the tracker.");
    expect(app.text()).toContain("✔ mcp__tracker__add_comment -> Comment added to BUG-101 (1 total).");

    app.write("/mcp -v");
    await app.waitFor("❯ /mcp -v");
    app.write(ENTER);
    await app.waitFor("mcp__memory__search_nodes  (read-only)");
    expect(app.text()).toContain("    mcp__tracker__add_comment ");
    expect(app.text()).toContain("    mcp__tracker__list_issues  (read-only)");

    app.write(CTRL_C);
    await app.waitFor("Press Ctrl+C again to quit");
    app.write(CTRL_C);
    expect(await app.exited).toBe(0);
    expect(app.output).toContain("\u001b[?1049l");
    expect(app.text()).toContain("mini-cc demo: closed");
  }, 60_000);
});
