import { stat } from "node:fs/promises";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { NODE, TEST_SERVER, cliForTestFile, mcpConfig, type CliSandbox } from "../helpers/cli-sandbox.ts";

// A `${SECRET}` in an entry is expanded only to run the server: the log written on every
// start and every error message show the entry as written. The mini-cc home keeps what
// it writes (config, approvals, server logs) for the user alone.

const SECRET = "hunter2-do-not-print";
const cli = cliForTestFile();
let box: CliSandbox;
beforeEach(async () => {
  box = await cli.sandbox();
});

const modeOf = async (path: string) => (await stat(path)).mode & 0o777;

describe("secrets stay out of logs and messages", () => {
  it("the server log's header shows ${SECRET} as written, never its value", async () => {
    await box.write(
      "project/.mcp.json",
      mcpConfig({ srv: { command: NODE, args: [TEST_SERVER, "--token=${SECRET}"] } }),
    );
    await box.run(["mcp", "approve", "srv"]);
    const run = await box.run(["mcp", "list"], { env: { SECRET } });
    expect(run.code).toBe(0);
    const log = await box.read(join(box.home, "logs/mcp-srv.log"));
    expect(log).toContain("--token=${SECRET}");
    expect(log).not.toContain(SECRET);
    expect(run.stdout + run.stderr).not.toContain(SECRET);
  });

  it("an invalid URL and a missing command are named as written", async () => {
    await box.write(
      "project/.mcp.json",
      mcpConfig({
        remote: { type: "http", url: "${API_URL}" },
        local: { command: "${SECRET_BIN}" },
      }),
    );
    await box.run(["mcp", "approve"]);
    const env = { API_URL: `not a url ${SECRET}`, SECRET_BIN: `/nowhere/${SECRET}` };
    const list = await box.run(["mcp", "list", "--strict"], { env });
    expect(list.code).toBe(1);
    expect(list.stdout).toContain("invalid URL: ${API_URL}");
    expect(list.stdout).toContain("command not found: ${SECRET_BIN}");
    expect(list.stdout + list.stderr).not.toContain(SECRET);
    for (const name of ["remote", "local"]) {
      const get = await box.run(["mcp", "get", "--strict", name], { env });
      expect(get.code).toBe(1);
      expect(get.stdout + get.stderr).not.toContain(SECRET);
    }
    const log = await box.read(join(box.home, "logs/mcp-local.log"));
    expect(log).toContain("${SECRET_BIN}");
    expect(log).not.toContain(SECRET);
  });
});

describe("the mini-cc home is the user's alone", () => {
  it("creates the home 0700 and its config, approvals and logs 0600", async () => {
    expect(await stat(box.home).catch(() => undefined)).toBeUndefined();
    expect((await box.run(["mcp", "add", "-s", "user", "mine", "--", NODE, TEST_SERVER])).code).toBe(0);
    expect(await modeOf(box.home)).toBe(0o700);
    expect(await modeOf(join(box.home, "mcp.json"))).toBe(0o600);

    expect((await box.run(["mcp", "add", "-s", "local", "here", "--", NODE, TEST_SERVER])).code).toBe(0);
    expect(await modeOf(join(box.home, "local-mcp.json"))).toBe(0o600);

    await box.write("project/.mcp.json", mcpConfig({ team: { command: NODE, args: [TEST_SERVER] } }));
    expect((await box.run(["mcp", "approve", "team"])).code).toBe(0);
    expect(await modeOf(join(box.home, "mcp-approvals.json"))).toBe(0o600);

    expect((await box.run(["mcp", "list"])).code).toBe(0);
    expect(await modeOf(join(box.home, "logs"))).toBe(0o700);
    for (const name of ["mine", "here", "team"])
      expect(await modeOf(join(box.home, `logs/mcp-${name}.log`))).toBe(0o600);
  });

  it("tightens an approvals file that others could read when it next writes it", async () => {
    await box.write("home/mcp-approvals.json", "{}\n");
    const { chmod } = await import("node:fs/promises");
    await chmod(join(box.home, "mcp-approvals.json"), 0o644);
    await box.write("project/.mcp.json", mcpConfig({ team: { command: NODE, args: [TEST_SERVER] } }));
    expect((await box.run(["mcp", "approve", "team"])).code).toBe(0);
    expect(await modeOf(join(box.home, "mcp-approvals.json"))).toBe(0o600);
  });
});
