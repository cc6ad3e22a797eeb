// Bash in sandbox mode under real bubblewrap: confined commands need no approval and cannot write outside the project.
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { PermissionChain } from "../../src/agent/permissions.ts";
import { checkSandbox } from "../../src/sandbox/availability.ts";
import { SandboxHost } from "../../src/sandbox/sandbox-host.ts";
import { Store } from "../../src/store.ts";
import { BashTool } from "../../src/tools/bash.ts";
import { BackgroundTasks } from "../../src/background/background-tasks.ts";
import { systemClock } from "../../src/clock.ts";

const availability = await checkSandbox(process.env);
const skipped = availability.available ? "" : ` (skipped: ${availability.reason}; ${availability.hint})`;

const hosts: SandboxHost[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.close()));
});

function setup(check?: SandboxHost["availability"]) {
  const root = mkdtempSync(join(tmpdir(), "bash-sandbox-"));
  const home = join(root, "home");
  const project = join(root, "project");
  mkdirSync(home);
  mkdirSync(project);
  const env = { ...process.env, HOME: home, ANTHROPIC_API_KEY: "sk-ant-planted" };
  const host = new SandboxHost({
    projectDir: project,
    home,
    miniCcHome: join(home, ".mini-cc"),
    env,
    ...(check ? { check } : {}),
  });
  hosts.push(host);
  const enabled = new Store(true);
  const background = new BackgroundTasks({ dir: join(root, "tasks"), clock: systemClock });
  const bash = new BashTool({ env, sandbox: { enabled, host }, background });
  const ctx = { cwd: project, signal: new AbortController().signal };
  return { root, home, project, enabled, bash, ctx, background };
}

describe.skipIf(!availability.available)(`Bash in sandbox mode${skipped}`, () => {
  it("writes in the project but not outside it, and says what was blocked", async () => {
    const { root, home, project, bash, ctx } = setup();
    const inside = await bash.run({ command: "echo ok > inside.txt && cat inside.txt" }, ctx);
    expect(inside).toEqual({ content: "ok", isError: false });
    expect(readFileSync(join(project, "inside.txt"), "utf8")).toBe("ok\n");

    const outside = await bash.run(
      { command: `echo x > ${home}/.bashrc; echo y > ${root}/outside.txt; echo $ANTHROPIC_API_KEY` },
      ctx,
    );
    expect(existsSync(join(home, ".bashrc"))).toBe(false);
    expect(existsSync(join(root, "outside.txt"))).toBe(false);
    const text = String(outside.content);
    expect(text).toContain("Read-only file system");
    expect(text).not.toContain("sk-ant-planted");
    expect(text).toContain("<sandbox>\nblocked: write ~/.bashrc (sandbox.allowWrite would allow it)");
  });

  it("runs a background command sandboxed too, its output saying what was blocked", async () => {
    const { root, home, project, bash, ctx, background } = setup();
    const started = await bash.run(
      {
        command: `echo ok > inside.txt; echo x > ${home}/.bashrc; echo y > ${root}/outside.txt`,
        run_in_background: true,
      },
      ctx,
    );
    expect(started.isError).toBe(false);
    await background.waitForEnd("b1", 10_000);
    expect(readFileSync(join(project, "inside.txt"), "utf8")).toBe("ok\n");
    expect(existsSync(join(home, ".bashrc"))).toBe(false);
    expect(existsSync(join(root, "outside.txt"))).toBe(false);
    const output = readFileSync(background.get("b1")!.outputFile, "utf8");
    expect(output).toContain("Read-only file system");
    expect(output).toContain("<sandbox>\nblocked: write ~/.bashrc (sandbox.allowWrite would allow it)");
  });

  it("needs no approval while confined; asking to leave the sandbox goes through approval", () => {
    const { bash, enabled, project } = setup();
    const chain = new PermissionChain({ mode: "default", allow: [], deny: [], cwd: project });
    expect(chain.check(bash, { command: "rm -rf build" })).toEqual({ behavior: "allow" });
    expect(chain.check(bash, { command: "curl https://example.com", dangerouslyDisableSandbox: true })).toEqual({
      behavior: "ask",
      reason: "needs approval",
    });
    enabled.update(() => false);
    expect(chain.check(bash, { command: "rm -rf build" })).toEqual({ behavior: "ask", reason: "needs approval" });
    const denying = new PermissionChain({ mode: "default", allow: [], deny: ["Bash"], cwd: project });
    enabled.update(() => true);
    expect(denying.check(bash, { command: "ls" }).behavior).toBe("deny");
  });
});

describe("Bash in sandbox mode where the sandbox cannot run", () => {
  it("does not run the command unconfined", async () => {
    const { project, bash, ctx } = setup(async () => ({
      available: false,
      reason: "bubblewrap not installed",
      hint: "install it: sudo apt-get install bubblewrap",
    }));
    const result = await bash.run({ command: "touch ran.txt" }, ctx);
    expect(result).toEqual({
      content:
        "Bash: the sandbox cannot run here: bubblewrap not installed (install it: sudo apt-get install bubblewrap); to run it outside the sandbox, set dangerouslyDisableSandbox (the user is asked)",
      isError: true,
    });
    expect(existsSync(join(project, "ran.txt"))).toBe(false);
  });
});
