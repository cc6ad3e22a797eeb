import { beforeEach, describe, expect, it } from "vitest";
import { addCommand } from "../../src/cli/mcp/add.ts";
import { resolveHome } from "../../src/home.ts";
import { cliForTestFile, NODE, TRACKER, type CliSandbox } from "../helpers/cli-sandbox.ts";

// `mini-cc mcp …` as users run it: the bundled CLI (dist/, from `npm run build`) in its own process.

const cli = cliForTestFile();
let box: CliSandbox;
beforeEach(async () => {
  box = await cli.sandbox();
});

/** Runs `mini-cc ...argv` to its exit: its status and output. */
async function mini(...argv: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const { code, stdout, stderr } = await box.run(argv);
  return { status: code, stdout, stderr };
}

describe("mini-cc mcp (bundled CLI)", () => {
  it("adds the tracker, lists it connected and exits 0", async () => {
    expect(await mini("mcp", "add", "tracker", "--", NODE, TRACKER)).toEqual({
      status: 0,
      stdout: `Added stdio MCP server tracker to local config (${resolveHome(box.env, "/nowhere").localConfig})\n`,
      stderr: "",
    });
    expect(await mini("mcp", "list")).toEqual({
      status: 0,
      stdout: `tracker: ${NODE} ${TRACKER} (local) - ✔ connected · 3 tools\n`,
      stderr: "",
    });
  });

  it("exits 1 with --strict when a server fails to connect", async () => {
    await mini("mcp", "add", "broken", "--", "nope-mini-cc-command");
    expect(await mini("mcp", "list", "--strict")).toEqual({
      status: 1,
      stdout: "broken: nope-mini-cc-command (local) - ✘ failed: command not found: nope-mini-cc-command\n",
      stderr: "",
    });
  });

  it("warns on stderr, naming the field, when a secret goes literally into the shared .mcp.json, and still adds it", async () => {
    const project = `${box.project}/.mcp.json`;
    const header = await mini(
      "mcp",
      "add",
      "-s",
      "project",
      "--transport",
      "http",
      "api",
      "https://api.example.com/mcp",
      "--header",
      "Authorization: Bearer sk-live-123",
      "--header",
      "X-Team: design",
    );
    expect(header.status).toBe(0);
    expect(header.stdout).toContain("  Header: Authorization: Bearer ****");
    expect(header.stderr).toBe(
      `Warning: the value of header Authorization is written as is into ${project}, which is shared with everyone who has the project. Keep it in the environment instead: --header "Authorization: Bearer \${API_TOKEN}"\n`,
    );
    const env = await mini(
      "mcp",
      "add",
      "-s",
      "project",
      "-e",
      "API_KEY=sk-live-456",
      "DEBUG=1",
      "search",
      "--",
      "npx",
      "search-mcp",
    );
    expect(env.status).toBe(0);
    expect(env.stderr).toBe(
      `Warning: the value of API_KEY is written as is into ${project}, which is shared with everyone who has the project. Keep it in the environment instead: -e API_KEY='\${API_KEY}'\n`,
    );
    expect(header.stderr + env.stderr).not.toContain("sk-live");
    // The ${VAR} forms, and any value in a file of your own, are quiet.
    expect(
      (await mini("mcp", "add", "-s", "project", "-e", "API_KEY=${API_KEY}", "quiet", "--", "npx", "q")).stderr,
    ).toBe("");
    expect(
      (await mini("mcp", "add", "-s", "local", "-e", "API_KEY=sk-live-789", "mine", "--", "npx", "m")).stderr,
    ).toBe("");
  });

  it("warns at add, add-json and get when a credential-looking ${VAR} goes into args, where ps shows it, never its value", async () => {
    const env = { ANTHROPIC_API_KEY: "sk-ant-args-secret", GITHUB_TOKEN: "ghp-args-secret" };
    const warning = (server: string, index: number, variable: string) =>
      `Warning: server ${server}: args[${index}] puts \${${variable}} on the command line, where ps shows it to everyone on this machine. ` +
      `Pass it through env instead (-e ${variable}='\${${variable}}', read by the server from its environment).\n`;
    const added = await box.run(["mcp", "add", "keyed", "--", "npx", "srv", "--api-key", "${ANTHROPIC_API_KEY}"], {
      env,
    });
    expect(added.code).toBe(0);
    expect(added.stderr).toBe(warning("keyed", 2, "ANTHROPIC_API_KEY"));
    const json = JSON.stringify({ command: "npx", args: ["srv", "--token=${GITHUB_TOKEN:-none}", "--home=${HOME}"] });
    const fromJson = await box.run(["mcp", "add-json", "gh", json], { env });
    expect(fromJson.code).toBe(0);
    expect(fromJson.stderr).toBe(warning("gh", 1, "GITHUB_TOKEN"));
    const shown = await box.run(["mcp", "get", "--no-connect", "keyed"], { env });
    expect(shown.code).toBe(0);
    expect(shown.stderr).toBe(warning("keyed", 2, "ANTHROPIC_API_KEY"));
    expect(added.stdout + added.stderr + fromJson.stderr + shown.stdout + shown.stderr).not.toContain("args-secret");
    // Through env, as the warning says: quiet.
    expect(
      (
        await box.run(["mcp", "add", "-e", "ANTHROPIC_API_KEY=${ANTHROPIC_API_KEY}", "quiet", "--", "npx", "srv"], {
          env,
        })
      ).stderr,
    ).toBe("");
  });

  it("exits 2 with one line and the usage for a usage error", async () => {
    expect(await mini("mcp", "add", "-e", "NOEQUALS", "x", "--", "node")).toEqual({
      status: 2,
      stdout: "",
      stderr: `mini-cc mcp add: invalid --env value "NOEQUALS": expected KEY=VALUE\n${addCommand.usage.split("\n\n")[0]}\nRun "mini-cc mcp add --help" for every option.\n`,
    });
  });
});
