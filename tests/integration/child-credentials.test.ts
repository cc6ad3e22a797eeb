import { describe, expect, it } from "vitest";
import {
  cliForTestFile,
  NODE,
  processesMentioning,
  scriptedStreamRun,
  toolResultsById,
  toolUse,
} from "../helpers/cli-sandbox.ts";

// mini-cc's own credentials reach no child process unless the user names them: not a Bash
// command run without the sandbox, not a helper that inherits the process's environment.
const cli = cliForTestFile();
const credentials = {
  ANTHROPIC_API_KEY: "sk-ant-child-secret",
  ANTHROPIC_AUTH_TOKEN: "auth-child-secret",
  CLAUDE_CODE_OAUTH_TOKEN: "oauth-child-secret",
};

/** What `env` printed in a Bash command the scripted model ran, as NAME → value. */
async function bashEnvironment(env: Record<string, string>): Promise<Record<string, string>> {
  const box = await cli.sandbox();
  const run = await scriptedStreamRun(
    box,
    [[toolUse("t1", "Bash", { command: "env" })], [{ type: "text", text: "done" }]],
    ["--allowedTools", "Bash"],
    { env },
  );
  expect(run.code).toBe(0);
  const content = toolResultsById(run.lines).t1!.content as string | Array<{ text: string }>;
  const text = typeof content === "string" ? content : content.map((block) => block.text).join("");
  return Object.fromEntries(
    text.split("\n").map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
  );
}

describe("mini-cc's credentials", () => {
  it("are not in the environment of a Bash command run without the sandbox", async () => {
    const seen = await bashEnvironment({ ...credentials, SOME_TOKEN: "kept" });
    expect(seen.ANTHROPIC_API_KEY).toBeUndefined();
    expect(seen.ANTHROPIC_AUTH_TOKEN).toBeUndefined();
    expect(seen.CLAUDE_CODE_OAUTH_TOKEN).toBeUndefined();
    expect(seen.SOME_TOKEN).toBe("kept");
  }, 30_000);

  it("reach Bash when MINI_CC_BASH_CREDENTIALS names them, and only those", async () => {
    const seen = await bashEnvironment({ ...credentials, MINI_CC_BASH_CREDENTIALS: "ANTHROPIC_API_KEY" });
    expect(seen.ANTHROPIC_API_KEY).toBe("sk-ant-child-secret");
    expect(seen.ANTHROPIC_AUTH_TOKEN).toBeUndefined();
    expect(seen.CLAUDE_CODE_OAUTH_TOKEN).toBeUndefined();
  }, 30_000);

  it("are in no process left behind after -p: the server still starting, nor its reaper", async () => {
    const box = await cli.sandbox();
    const secret = "sk-ant-left-behind-secret";
    // A server that never answers: -p leaves it to finish starting, watched by the reaper.
    await box.write(`${box.home}/mcp.json`, {
      mcpServers: { deaf: { command: NODE, args: ["-e", "setInterval(() => {}, 1000)"] } },
    });
    const run = await box.run(
      [
        "-p",
        "hello",
        "--output-format",
        "json",
        "--model-script",
        await box.write("script.json", { responses: [{ content: [{ type: "text", text: "hi" }] }] }),
      ],
      {
        env: { ANTHROPIC_API_KEY: secret, MCP_TIMEOUT: "300", MCP_STARTUP_GRACE_MS: "3000", DEAF_MARK: box.root },
      },
    );
    expect(run.code).toBe(0);
    const left = processesMentioning(box.root);
    expect(left.length).toBeGreaterThan(0); // the server and its reaper
    expect(processesMentioning(secret)).toEqual([]);
  }, 30_000);
});
