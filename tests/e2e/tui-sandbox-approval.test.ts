/**
 * "Start sandboxed, and remember for this project" chosen at the real
 * approval modal holds at the next start: the server runs confined again,
 * unasked. A probe server under a temporary HOME tries to read a planted
 * ~/.ssh key at each start and writes what happened into the project.
 */
import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { checkSandbox } from "../../src/sandbox/availability.ts";
import { ARMING_DELAY_MS } from "../../components/approval/useArming.ts";
import { ptyAppsForTestFile, until } from "../helpers/pty-app.ts";
import type { PtyScreen } from "../helpers/pty-screen.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const PROBE = join(ROOT, "tests/helpers/key-probe-server.mjs");
const availability = await checkSandbox(process.env);
const skipped = availability.available ? "" : ` (skipped: ${availability.reason})`;

const apps = ptyAppsForTestFile();

/** A HOME with a planted key, and a project whose .mcp.json declares the probe without a `sandbox` field. */
function machine() {
  const root = realpathSync(apps.tempDir("mini-cc-sandbox-approval-"));
  const home = join(root, "home");
  const project = join(root, "project");
  mkdirSync(join(home, ".ssh"), { recursive: true });
  writeFileSync(join(home, ".ssh", "id_rsa"), "-----BEGIN OPENSSH PRIVATE KEY-----planted");
  mkdirSync(project);
  writeFileSync(
    join(project, ".mcp.json"),
    JSON.stringify({ mcpServers: { probe: { command: process.execPath, args: [PROBE] } } }),
  );
  return { home, project, miniCcHome: join(home, ".mini-cc") };
}

function launch(m: ReturnType<typeof machine>, env: Record<string, string> = {}): PtyScreen {
  return apps.launch([], {
    cols: 120,
    rows: 36,
    cwd: m.project,
    env: { HOME: m.home, MINI_CC_HOME: m.miniCcHome, ...env },
  });
}

const probeLog = (project: string) => readFileSync(join(project, "key-probe.log"), "utf8").split("\n").filter(Boolean);

describe.skipIf(!availability.available)(`the sandboxed approval, remembered${skipped}`, () => {
  it("runs the server confined at the next start too, without asking", async () => {
    const m = machine();
    const first = launch(m);
    await first.waitFor("MCP server probe wants to start");
    await first.waitFor("❯ 1. Start sandboxed, and remember");
    first.write("1");
    await first.waitFor("● probe");
    await until(() => probeLog(m.project).length === 1, "the probe has started once", 10_000);
    first.write("/exit\r");
    expect(await first.exited).toBe(0);
    expect(probeLog(m.project)).toEqual(["blocked: ENOENT"]);
    const approvals = JSON.parse(readFileSync(join(m.miniCcHome, "mcp-approvals.json"), "utf8"));
    expect(approvals[m.project].probe).toMatchObject({ sandboxed: true });

    const again = launch(m);
    await again.waitFor("● probe");
    await until(() => probeLog(m.project).length === 2, "the probe has started again", 10_000);
    expect(again.output).not.toContain("wants to start");
    // Confined as chosen: the key is out of its sight again, not read with full access.
    expect(probeLog(m.project)).toEqual(["blocked: ENOENT", "blocked: ENOENT"]);
    again.write("/exit\r");
    expect(await again.exited).toBe(0);
  }, 60_000);
});

describe("the approval modal where the sandbox cannot run", () => {
  it("preselects nothing: the disabled 1 and then Enter start nothing, each saying why", async () => {
    const m = machine();
    // No bubblewrap on this PATH (nor anything else): the sandboxed choice is disabled.
    const screen = launch(m, { PATH: apps.tempDir("mini-cc-empty-path-") });
    await screen.waitFor("unavailable: bubblewrap, socat, ripgrep not installed");
    await new Promise((resolve) => setTimeout(resolve, ARMING_DELAY_MS + 300));
    screen.write("1");
    await screen.waitFor("Choice 1 cannot be taken: unavailable: bubblewrap, socat, ripgrep not installed");
    screen.write("\r");
    await screen.waitFor("Nothing is chosen yet: press a choice's digit, or ↑/↓ then Enter.");
    expect(screen.text()).toContain("MCP server probe wants to start");
    expect(existsSync(join(m.project, "key-probe.log"))).toBe(false);
    expect(existsSync(join(m.miniCcHome, "mcp-approvals.json"))).toBe(false);
  }, 30_000);
});
