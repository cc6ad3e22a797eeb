import { existsSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import {
  BUILTIN_TOOLS,
  cliForTestFile,
  markedServerEntry,
  mcpConfig,
  modelScript,
  type CliSandbox,
} from "../helpers/cli-sandbox.ts";

// Which servers print mode starts: project servers only once approved; user-scope and
// --mcp-config servers without asking; a broken entry fails alone.

const ECHO_TOOLS = ["mcp__NAME__echo", "mcp__NAME__slow", "mcp__NAME__die"];
const toolsOf = (name: string) => ECHO_TOOLS.map((tool) => tool.replace("NAME", name));

const cli = cliForTestFile();
let box: CliSandbox;
let script: string;
beforeEach(async () => {
  box = await cli.sandbox();
  script = await box.write("script.json", modelScript([{ type: "text", text: "Hello." }]));
});

const marker = (name: string) => join(box.root, `${name}.started`);
const servers = (names: string[]) => Object.fromEntries(names.map((name) => [name, markedServerEntry(marker(name))]));

/** A stream-json run; returns the run and its init line. */
async function print(extra: string[] = []) {
  const run = await box.run(["-p", "hi", "--model-script", script, "--output-format", "stream-json", ...extra]);
  return { run, init: run.lines[0] as { tools: string[]; mcp_servers: Array<{ name: string; status: string }> } };
}

describe("print mode and project servers", () => {
  it("does not start an unapproved project server, lists it disabled and says how to approve it", async () => {
    await box.write("project/.mcp.json", mcpConfig(servers(["proj"])));
    const { run, init } = await print();
    expect(run.code).toBe(0);
    expect(existsSync(marker("proj"))).toBe(false);
    expect(init.mcp_servers).toEqual([{ name: "proj", status: "disabled" }]);
    expect(init.tools).toEqual(BUILTIN_TOOLS);
    expect(run.stderr).toBe(
      "mini-cc: MCP server proj (project) is not started: not approved (run: mini-cc mcp approve proj); " +
        "or pass --mcp-config .mcp.json to trust that file for this run\n",
    );
  });

  it("counts the servers an approved .claude/settings.json enables as approved in `mcp list`, and disabled ones as off", async () => {
    await box.write("project/.mcp.json", mcpConfig(servers(["named", "other", "off"])));
    await box.write("project/.claude/settings.json", {
      enabledMcpjsonServers: ["named", "off"],
      disabledMcpjsonServers: ["off"],
    });
    expect((await box.run(["mcp", "list"])).stdout).toMatch(/named: .* - \? not approved/);
    expect((await box.run(["mcp", "approve", "--settings"])).code).toBe(0);
    const after = await box.run(["mcp", "list", "--json"]);
    const rows = JSON.parse(after.stdout) as Array<{ name: string; status: string; approval?: string }>;
    expect(rows.map(({ name, status, approval }) => ({ name, status, approval }))).toEqual([
      { name: "named", status: "connected", approval: undefined },
      { name: "other", status: "needs-approval", approval: "new" },
      { name: "off", status: "disabled", approval: undefined },
    ]);
    expect(existsSync(marker("named"))).toBe(true);
    expect(existsSync(marker("off"))).toBe(false);
    expect((await box.run(["mcp", "list"])).stdout).not.toMatch(/named: .*not approved/);
  });

  it("starts the project server after `mini-cc mcp approve`", async () => {
    await box.write("project/.mcp.json", mcpConfig(servers(["proj"])));
    const approve = await box.run(["mcp", "approve", "proj"]);
    expect(approve.code).toBe(0);
    expect(approve.stdout).toMatch(/^Approved project server proj \(fingerprint [^)]+\)\n$/);
    expect(existsSync(marker("proj"))).toBe(false);
    const { run, init } = await print();
    expect(run).toMatchObject({ code: 0, stderr: "" });
    expect(existsSync(marker("proj"))).toBe(true);
    expect(init.mcp_servers).toEqual([{ name: "proj", status: "connected" }]);
    expect(init.tools).toEqual([...BUILTIN_TOOLS, ...toolsOf("proj")]);
  });

  it("asks again when the approved entry changes", async () => {
    await box.write("project/.mcp.json", mcpConfig(servers(["proj"])));
    await box.run(["mcp", "approve", "proj"]);
    const changed = servers(["proj"]);
    (changed.proj as { args: string[] }).args.push("--changed");
    await box.write("project/.mcp.json", mcpConfig(changed));
    const { run, init } = await print();
    expect(existsSync(marker("proj"))).toBe(false);
    expect(init.mcp_servers).toEqual([{ name: "proj", status: "disabled" }]);
    expect(run.stderr).toBe(
      "mini-cc: MCP server proj (project) is not started: changed since approval (run: mini-cc mcp approve proj); " +
        "or pass --mcp-config .mcp.json to trust that file for this run\n",
    );
  });

  it("starts user-scope and --mcp-config servers without approval", async () => {
    await box.write("home/mcp.json", mcpConfig(servers(["user"])));
    const { run, init } = await print(["--mcp-config", mcpConfig(servers(["flag"]))]);
    expect(run).toMatchObject({ code: 0, stderr: "" });
    expect(existsSync(marker("user"))).toBe(true);
    expect(existsSync(marker("flag"))).toBe(true);
    expect(init.mcp_servers).toEqual([
      { name: "user", status: "connected" },
      { name: "flag", status: "connected" },
    ]);
    expect(init.tools).toEqual([...BUILTIN_TOOLS, ...toolsOf("user"), ...toolsOf("flag")]);
  });

  it("--strict-mcp-config starts only the --mcp-config servers", async () => {
    await box.write("home/mcp.json", mcpConfig(servers(["user"])));
    const { init } = await print(["--strict-mcp-config", "--mcp-config", mcpConfig(servers(["flag"]))]);
    expect(existsSync(marker("user"))).toBe(false);
    expect(init.mcp_servers).toEqual([{ name: "flag", status: "connected" }]);
  });

  it("shows a broken entry as failed, in init and on stderr, while the others work", async () => {
    await box.write(
      "home/mcp.json",
      mcpConfig({ ...servers(["good"]), invalid: { command: 42 }, missing: { command: "nope-mini-cc-command" } }),
    );
    const { run, init } = await print();
    expect(run.code).toBe(0);
    expect(existsSync(marker("good"))).toBe(true);
    expect(init.mcp_servers).toEqual([
      { name: "good", status: "connected" },
      { name: "invalid", status: "failed" },
      { name: "missing", status: "failed" },
    ]);
    expect(init.tools).toEqual([...BUILTIN_TOOLS, ...toolsOf("good")]);
    expect(run.stderr).toBe(
      `mini-cc: MCP server invalid failed: ${box.home}/mcp.json: mcpServers.invalid.command: expected string, got number\n` +
        "mini-cc: MCP server missing failed: command not found: nope-mini-cc-command\n",
    );
    expect(run.lines.at(-1)).toMatchObject({ subtype: "success", result: "Hello." });
  });

  it("says a remote entry's url that is not an http(s) URL is invalid, naming the file, the server and the field, before any approval", async () => {
    const file = await box.write(
      "project/.mcp.json",
      mcpConfig({
        ...servers(["good"]),
        typo: { type: "http", url: "not a url" },
        local: { type: "sse", url: "file:///etc/passwd" },
      }),
    );
    const list = await box.run(["mcp", "list"]);
    expect(list.stdout.split("\n").filter((line) => !line.startsWith("good:"))).toEqual([
      `typo: invalid entry (project) - ✘ failed: ${file}: mcpServers.typo.url: not a URL: "not a url" (expected http:// or https://…)`,
      `local: invalid entry (project) - ✘ failed: ${file}: mcpServers.local.url: must start with http:// or https:// (type "sse"), got "file:///etc/passwd"`,
      "",
    ]);
    // Nothing to approve there; the good one still is, and starts.
    expect((await box.run(["mcp", "approve", "good"])).code).toBe(0);
    const { run, init } = await print();
    expect(init.mcp_servers).toEqual([
      { name: "good", status: "connected" },
      { name: "typo", status: "failed" },
      { name: "local", status: "failed" },
    ]);
    expect(run.stderr).toContain(
      `mini-cc: MCP server typo failed: ${file}: mcpServers.typo.url: not a URL: "not a url"`,
    );
  });
});
