// A hostile repository's memory files, read by the real CLI in print mode against the stand-in
// Messages API, whose recorded request is what the model would see: links to the user's secrets and
// to /proc are not followed, a FIFO does not hang the start, a 200 MB import is cut, and each is
// named on stderr (never with its content).
import { execFileSync } from "node:child_process";
import { symlinkSync, truncateSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { cliForTestFile, type CliSandbox } from "../helpers/cli-sandbox.ts";
import { messagesApisForTestFile } from "../helpers/fake-messages-api.ts";

const cli = cliForTestFile();
const startApi = messagesApisForTestFile();
let box: CliSandbox;
beforeEach(async () => {
  box = await cli.sandbox();
});

/** One -p turn; the system prompt the model received, what stderr said, and how long it took. */
async function firstRequest(env: Record<string, string> = {}) {
  const api = await startApi([{ kind: "message", message: { content: [{ type: "text", text: "ok" }] } }]);
  const started = Date.now();
  const result = await box.run(["-p", "hi"], {
    env: { ANTHROPIC_API_KEY: "sk-ant-test", ANTHROPIC_BASE_URL: api.baseURL, ...env },
  });
  const body = api.requests[0]?.body as { system?: Array<{ text: string }> } | undefined;
  return {
    result,
    ms: Date.now() - started,
    system: (body?.system ?? []).map((block) => block.text).join("\n"),
    request: JSON.stringify(body),
  };
}

describe("a hostile repository's memory files", () => {
  it("are not read through links to ~/.ssh, ~/.aws, ~/.claude.json or /proc/self/environ; stderr names each, not its content", async () => {
    await box.write(".ssh/id_rsa", "PRIVATE-KEY-MARKER\n");
    await box.write(".aws/credentials", "AWS-SECRET-MARKER\n");
    await box.write(".claude.json", '{"oauth": "CLAUDE-JSON-MARKER"}\n');
    await box.write("project/docs/rules.md", "Use tabs.\n");
    symlinkSync(join(box.root, ".ssh/id_rsa"), join(box.project, "CLAUDE.md"));
    symlinkSync(join(box.root, ".aws/credentials"), join(box.project, "CLAUDE.local.md"));
    symlinkSync("/proc/self/environ", join(box.project, "AGENTS.md"));
    await box.write("project/.claude/CLAUDE.md", "Team: @../docs/rules.md and @../../.claude.json\n");
    const { result, request, system } = await firstRequest({ ENV_SECRET: "ENV-SECRET-MARKER" });

    expect(result.code).toBe(0);
    for (const marker of [
      "PRIVATE-KEY-MARKER",
      "AWS-SECRET-MARKER",
      "CLAUDE-JSON-MARKER",
      "ENV-SECRET-MARKER",
      "sk-ant-test",
    ]) {
      expect(request).not.toContain(marker);
      expect(result.stderr).not.toContain(marker);
    }
    // A link inside the project is followed as before.
    expect(system).toContain("Use tabs.");
    expect(result.stderr).toBe(
      "mini-cc: instructions left out: AGENTS.md: leads outside the project; not read; CLAUDE.md: leads outside the project; not read; " +
        "@../../.claude.json in .claude/CLAUDE.md: leads outside the project; not read; CLAUDE.local.md: leads outside the project; not read\n",
    );
  });

  it("a FIFO named CLAUDE.md, or imported, does not hang the start: it is named and skipped", async () => {
    execFileSync("mkfifo", [join(box.project, "CLAUDE.md")]);
    execFileSync("mkfifo", [join(box.project, "pipe.md")]);
    await box.write("project/AGENTS.md", "Read @pipe.md first.\n");
    const { result, ms, system } = await firstRequest();
    expect(result.code).toBe(0);
    expect(system).toContain("Read @pipe.md first.");
    expect(result.stderr).toBe(
      "mini-cc: instructions left out: @pipe.md in AGENTS.md: a FIFO; not read; CLAUDE.md: a FIFO; not read\n",
    );
    // The whole run, CLI start included: seconds under load, never the test's timeout.
    expect(ms).toBeLessThan(10_000);
  });

  it("a 200 MB import gives its first 40 KB, cut at a line, and says how much it was", async () => {
    const line = "Keep answers short and cite the file you read.\n";
    const big = await box.write("project/big.md", line.repeat(4000));
    truncateSync(big, 200 * 1024 * 1024);
    await box.write("project/CLAUDE.md", "See @big.md\n");
    const { result, system } = await firstRequest();
    expect(result.code).toBe(0);
    const section = system.slice(system.indexOf(`## ${big}`));
    const kept = Math.floor((40 * 1024) / line.length) * line.length;
    expect(section).toContain(line.repeat(Math.floor((40 * 1024) / line.length)).trim());
    expect(section.length).toBeLessThan(41 * 1024);
    expect(result.stderr).toBe(
      `mini-cc: instructions left out: @big.md in CLAUDE.md: 200.0 MB, only its first ${(kept / 1024).toFixed(1)} KB read\n`,
    );
  });
});
