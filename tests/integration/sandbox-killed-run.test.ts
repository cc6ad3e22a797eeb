import { existsSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { checkSandbox } from "../../src/sandbox/availability.ts";
import { cliForTestFile, NODE, processesMentioning } from "../helpers/cli-sandbox.ts";

// A `mini-cc -p` killed with SIGKILL while a sandboxed server runs cannot remove the mount
// points bubblewrap made in the project for the write-denied paths it lacks (.mcp.json, .bashrc,
// .claude…); the next start removes them, and nothing the user made.
const SLEEPY = resolve(import.meta.dirname, "../helpers/sleepy-server.mjs");
const availability = await checkSandbox(process.env);
const skipped = availability.available ? "" : ` (skipped: ${availability.reason})`;
const cli = cliForTestFile();

async function until(test: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!test() && Date.now() < deadline) await new Promise((done) => setTimeout(done, 50));
  return test();
}

describe.skipIf(!availability.available)(`a run killed while a sandboxed server runs${skipped}`, () => {
  it("leaves no mount point in the project once mini-cc starts again", async () => {
    const box = await cli.sandbox();
    await box.write("project/notes.txt", "mine\n");
    await box.write("project/.bashrc.keep", "");
    // Still starting for 20 s: the run waits for it (MCP_TIMEOUT), so it is running when killed.
    await box.write(`${box.home}/mcp.json`, {
      mcpServers: { boxed: { command: NODE, args: [SLEEPY], env: { SLEEPY_DELAY_MS: "20000" }, sandbox: true } },
    });
    const before = readdirSync(box.project).sort();
    const killed = box.start(["-p", "hi", "--output-format", "json"], { env: { MCP_TIMEOUT: "60000" } });
    // bubblewrap made its mount points: the sandboxed server is running.
    expect(await until(() => existsSync(join(box.project, ".mcp.json")), 15_000)).toBe(true);
    killed.child.kill("SIGKILL");
    await killed.ended;
    const left = readdirSync(box.project).sort();
    expect(left.length).toBeGreaterThan(before.length); // what the kill left
    // The sandboxed server outlived the kill: while it runs, its mount points hold its denies.
    expect((await box.run(["-p", "hi", "--output-format", "json", "--strict-mcp-config"])).code).toBe(0);
    expect(readdirSync(box.project).sort()).toEqual(left);
    const orphans = processesMentioning(box.root);
    expect(orphans.length).toBeGreaterThan(0);
    for (const pid of orphans) {
      // One may have ended by itself since it was listed (its sandbox's helpers go with it).
      try {
        process.kill(pid, "SIGKILL");
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ESRCH") throw error;
      }
    }
    expect(await until(() => processesMentioning(box.root).length === 0, 5000)).toBe(true);
    const next = await box.run(["-p", "hi", "--output-format", "json", "--strict-mcp-config"]);
    expect(next.code).toBe(0);
    expect(readdirSync(box.project).sort()).toEqual(before);
    expect(readdirSync(join(box.home, "sandbox-mounts"))).toEqual([]); // the dead run's record went with them
  }, 40_000);
});
