// Print mode with real servers: a server prompt given as -p runs as the user
// turn (the real Anthropic SDK against a local Messages API records what the
// model got); a prompt missing its argument ends with the usage line; and
// server-filesystem started with no folder serves the project and --add-dir
// folders through roots.
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cliForTestFile,
  FILESYSTEM_SERVER,
  modelScript,
  NODE,
  resultOf,
  SERVERS_DIR,
  toolResultsById,
  toolUse,
  type CliSandbox,
} from "../helpers/cli-sandbox.ts";
import { FakeMessagesApi } from "../helpers/fake-messages-api.ts";

const EVERYTHING = join(SERVERS_DIR, "server-everything/dist/index.js");
const cli = cliForTestFile();
let box: CliSandbox;
let api: FakeMessagesApi;

beforeAll(async () => {
  box = await cli.sandbox();
  api = await FakeMessagesApi.start([{ kind: "message", message: { content: [{ type: "text", text: "Sunny." }] } }]);
});
afterAll(() => api.close());

const everythingConfig = () =>
  JSON.stringify({ mcpServers: { everything: { command: NODE, args: [EVERYTHING, "stdio"] } } });

describe("print mode and MCP prompts", () => {
  it("runs -p /mcp__server__prompt with its arguments as the user turn", async () => {
    const run = await box.run(
      [
        "-p",
        "/mcp__everything__args-prompt Paris",
        "--mcp-config",
        everythingConfig(),
        "--output-format",
        "stream-json",
      ],
      {
        env: { ANTHROPIC_API_KEY: "sk-ant-test", ANTHROPIC_BASE_URL: api.baseURL },
      },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(resultOf(run.lines)).toMatchObject({ subtype: "success", result: "Sunny." });
    const body = api.requests[0]!.body as {
      messages: Array<{ role: string; content: Array<{ type: string; text: string }> }>;
      tools: Array<{ name: string }>;
    };
    expect(body.messages).toHaveLength(1);
    expect(body.messages[0]!.role).toBe("user");
    expect(body.messages[0]!.content.map((block) => block.text).join("\n")).toContain("What's weather in Paris?");
    expect(body.tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining(["ListMcpResources", "ReadMcpResource"]),
    );
  }, 30_000);

  it("ends a prompt missing a required argument with its usage line, and fails", async () => {
    const run = await box.run([
      "-p",
      "/mcp__everything__args-prompt",
      "--mcp-config",
      everythingConfig(),
      "--model-script",
      await box.write("s.json", modelScript()),
    ]);
    expect(run.code).not.toBe(0);
    expect(run.stdout + run.stderr).toContain(
      "/mcp__everything__args-prompt: missing required argument: city. Usage: /mcp__everything__args-prompt <city> [state]",
    );
  }, 30_000);
});

describe("roots", () => {
  it("lets server-filesystem started with no folder serve the project and an --add-dir folder", async () => {
    await box.write("project/notes.txt", "in the project\n");
    await box.write("extra/more.txt", "added folder\n");
    const script = await box.write(
      "fs.json",
      modelScript(
        // server-filesystem asks for the roots once initialized and takes them asynchronously: a real model's
        // first reply comes long after, the scripted one at once, so it waits a moment first.
        [toolUse("settle", "Bash", { command: "sleep 1" })],
        [
          toolUse("dirs", "mcp__fs__list_allowed_directories", {}),
          toolUse("read", "mcp__fs__read_text_file", { path: join(box.project, "notes.txt") }),
          toolUse("more", "mcp__fs__read_text_file", { path: join(box.root, "extra/more.txt") }),
        ],
        [{ type: "text", text: "Done." }],
      ),
    );
    const config = JSON.stringify({ mcpServers: { fs: { command: NODE, args: [FILESYSTEM_SERVER] } } });
    const run = await box.run([
      "-p",
      "read",
      "--mcp-config",
      config,
      "--model-script",
      script,
      "--add-dir",
      join(box.root, "extra"),
      "--allowedTools",
      "mcp__fs",
      "--allowedTools",
      "Bash(sleep 1)",
      "--output-format",
      "stream-json",
    ]);
    expect(run.code, run.stderr).toBe(0);
    const results = toolResultsById(run.lines);
    expect(results.settle).toMatchObject({ is_error: false });
    expect(JSON.stringify(results.dirs)).toContain(box.project);
    expect(JSON.stringify(results.dirs)).toContain(join(box.root, "extra"));
    expect(results.read).toEqual({ content: [{ type: "text", text: "in the project\n" }], is_error: false });
    expect(results.more).toEqual({ content: [{ type: "text", text: "added folder\n" }], is_error: false });
  }, 30_000);
});
