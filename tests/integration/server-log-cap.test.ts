import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import {
  NODE,
  TEST_SERVER,
  cliForTestFile,
  mcpConfig,
  modelScript,
  toolUse,
  type CliSandbox,
} from "../helpers/cli-sandbox.ts";

// Every start appends to a server's log: past 10 MB it is rotated once to `.log.1`, so a
// chatty server never fills the disk start after start.

const MB = 1024 * 1024;
const cli = cliForTestFile();
let box: CliSandbox;
let log: string;
beforeEach(async () => {
  box = await cli.sandbox();
  await box.write("home/mcp.json", mcpConfig({ srv: { command: NODE, args: [TEST_SERVER] } }));
  log = join(box.home, "logs/mcp-srv.log");
});

describe("server log cap", () => {
  it("moves a log that reached 10 MB to .log.1 and starts a fresh one", async () => {
    await box.write(log, `old start\n${"x".repeat(10 * MB)}\n`);
    expect((await box.run(["mcp", "list"])).code).toBe(0);
    const rotated = await readFile(`${log}.1`, "utf8");
    expect(rotated.startsWith("old start\n")).toBe(true);
    const fresh = await readFile(log, "utf8");
    expect(fresh).toMatch(/^--- \S+ mini-cc started srv: /);
    expect(fresh.length).toBeLessThan(MB);

    // Rotated once: the next full log replaces .log.1, there is no .log.2.
    await box.write(log, `second\n${"y".repeat(10 * MB)}\n`);
    expect((await box.run(["mcp", "list"])).code).toBe(0);
    expect((await readFile(`${log}.1`, "utf8")).startsWith("second\n")).toBe(true);
    await expect(stat(`${log}.2`)).rejects.toThrow();
  });

  it("keeps appending to a log under the cap", async () => {
    await box.write(log, "earlier\n");
    expect((await box.run(["mcp", "list"])).code).toBe(0);
    expect(await readFile(log, "utf8")).toMatch(/^earlier\n--- \S+ mini-cc started srv: /);
    await expect(stat(`${log}.1`)).rejects.toThrow();
  });
});

describe("server log cap while the server runs", () => {
  it("rotates a log that its server's stderr fills mid-run, so it never grows far past the cap", async () => {
    // 40 MB of stderr at about 10 MB/s while the server answers as usual; the session lasts ~5 s.
    const flood = await box.write(
      "flood.mjs",
      `let left = 40; const chunk = "e".repeat(1024 * 1024 - 1) + "\\n";
       const tick = () => { process.stderr.write(chunk); if (--left > 0) setTimeout(tick, 100); };
       tick(); await import(${JSON.stringify(TEST_SERVER)});`,
    );
    await box.write("home/mcp.json", mcpConfig({ srv: { command: NODE, args: [flood] } }));
    const script = await box.write(
      "script.json",
      modelScript([toolUse("b1", "Bash", { command: "sleep 5" })], [{ type: "text", text: "done" }]),
    );
    const run = await box.run(["-p", "wait", "--model-script", script, "--allowedTools", "Bash"]);
    expect(run.code).toBe(0);
    const [current, rotated] = [await stat(log), await stat(`${log}.1`)];
    expect(current.size).toBeLessThan(25 * MB);
    expect(rotated.size).toBeGreaterThanOrEqual(10 * MB);
    expect(current.size + rotated.size).toBeLessThan(40 * MB);
  });
});
