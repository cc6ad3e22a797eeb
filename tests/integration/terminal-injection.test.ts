import { beforeEach, describe, expect, it } from "vitest";
import { cliForTestFile, mcpConfig, modelScript, type CliSandbox } from "../helpers/cli-sandbox.ts";

// A cloned repo's .mcp.json, a server's stderr and the model's answer are untrusted: what
// `mcp list`, `mcp get` and `-p` print from them must never carry a raw escape sequence
// (a screen clear, an OSC 52 clipboard write, an OSC 8 link) to the terminal.

const CLEAR = "\u001b[2J";
const CLIPBOARD = "\u001b]52;c;aGFja2Vk\u0007";
const LINK = "\u001b]8;;https://evil.example\u001b\\click\u001b]8;;\u001b\\";
const EVIL = `evil${CLEAR}`;

const cli = cliForTestFile();
let box: CliSandbox;
beforeEach(async () => {
  box = await cli.sandbox();
  // Nothing approved, nothing started: only the names and the command are shown.
  await box.write("project/.mcp.json", mcpConfig({ [EVIL]: { command: `run${CLIPBOARD}`, args: [LINK] } }));
  // A user server that fails, its stderr line becoming the failure reason.
  await box.write(
    "home/mcp.json",
    mcpConfig({ broken: { command: "sh", args: ["-c", `printf 'boom${CLEAR}${CLIPBOARD}\\n' >&2; exit 3`] } }),
  );
});

function expectNoEscape(run: { stdout: string; stderr: string }): void {
  for (const text of [run.stdout, run.stderr]) {
    expect(text).not.toContain("\u001b");
    expect(text).not.toContain("\u0007");
  }
}

describe("untrusted text on the terminal", () => {
  it("mcp list shows hostile names, commands and failure reasons escaped", async () => {
    const run = await box.run(["mcp", "list"]);
    expectNoEscape(run);
    expect(run.stdout).toContain("evil\\x1b[2J");
    expect(run.stdout).toContain("run\\x1b]52;c;aGFja2Vk\\x07");
  });

  it("mcp list --json keeps the JSON escaping the control characters itself", async () => {
    const run = await box.run(["mcp", "list", "--json"]);
    expectNoEscape(run);
    const names = (JSON.parse(run.stdout) as Array<{ name: string }>).map((row) => row.name);
    expect(names).toContain(EVIL);
  });

  it("mcp get shows the hostile entry escaped", async () => {
    const run = await box.run(["mcp", "get", EVIL]);
    expectNoEscape(run);
    expect(run.stdout).toContain("evil\\x1b[2J:");
    expect(run.stdout).toContain("\\x1b]8;;https://evil.example");
  });

  it("mcp get of a missing name quoting escapes keeps them out of the error", async () => {
    const run = await box.run(["mcp", "get", `nope${CLIPBOARD}`]);
    expect(run.code).toBe(1);
    expectNoEscape(run);
  });

  it("print mode's stderr and text answer carry no raw escape", async () => {
    const script = await box.write("script.json", modelScript([{ type: "text", text: `done${CLEAR}${LINK}\tok` }]));
    const run = await box.run(["-p", "hi", "--model-script", script]);
    expectNoEscape(run);
    expect(run.stderr).toContain("evil\\x1b[2J");
    expect(run.stderr).toContain("boom\\x1b[2J");
    expect(run.stdout).toBe("done\\x1b[2J\\x1b]8;;https://evil.example\\x1b\\click\\x1b]8;;\\x1b\\\tok\n");
  });

  it("print mode's stream-json still carries the model's text exactly, JSON-escaped", async () => {
    const script = await box.write("script.json", modelScript([{ type: "text", text: `done${CLEAR}` }]));
    const run = await box.run(["-p", "hi", "--model-script", script, "--output-format", "stream-json"]);
    expect(run.stdout).not.toContain("\u001b");
    expect(run.lines.at(-1)?.result).toBe(`done${CLEAR}`);
  });
});
