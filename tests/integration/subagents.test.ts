// The Agent tool end to end: the CLI in print mode, the real SDK against the stand-in
// Messages API recording what each request (the parent's and the subagent's) carried.
import { beforeAll, describe, expect, it } from "vitest";
import { cliForTestFile, resultOf, trackerEntry, type CliSandbox, type StreamEvent } from "../helpers/cli-sandbox.ts";
import { type FakeBlock, type FakeReply, messagesApisForTestFile } from "../helpers/fake-messages-api.ts";

const cli = cliForTestFile();
const startApi = messagesApisForTestFile();
let box: CliSandbox;

beforeAll(async () => {
  box = await cli.sandbox();
  await box.write(
    "project/.claude/agents/reader.md",
    "---\nname: reader\ndescription: Reads files and reports\ntools: Read, Glob\n---\nYou read files for the caller.\n",
  );
});

const say = (text: string): FakeReply => ({ kind: "message", message: { content: [{ type: "text", text }] } });
const calls = (...blocks: FakeBlock[]): FakeReply => ({ kind: "message", message: { content: blocks } });
const agentCall = (id: string, type: string, prompt = "Look at the project") =>
  ({
    type: "tool_use",
    id,
    name: "Agent",
    input: { description: "look around", prompt, subagent_type: type },
  }) as const;

type Body = {
  system?: Array<{ text: string }>;
  messages: Array<{ role: string; content: string | Array<Record<string, unknown>> }>;
  tools?: Array<{ name: string }>;
};

async function run(replies: FakeReply[], flags: string[] = []) {
  const api = await startApi(replies);
  const env = { ANTHROPIC_API_KEY: "sk-ant-test", ANTHROPIC_BASE_URL: api.baseURL };
  const result = await box.run(["-p", "go", "--output-format", "stream-json", ...flags], { env });
  const bodies = api.requests.map((request) => request.body as unknown as Body);
  return { result, bodies, lines: result.lines };
}

const toolNames = (body: Body) => (body.tools ?? []).map((tool) => tool.name);
const systemText = (body: Body) => (body.system ?? []).map((section) => section.text).join("\n");
const resultFor = (lines: readonly StreamEvent[], id: string) =>
  lines
    .filter((line) => line.type === "user")
    .flatMap((line) => line.message.content)
    .find((block: { tool_use_id: string }) => block.tool_use_id === id);

describe("the Agent tool", () => {
  it("runs the subagent in a fresh context with its own prompt and tools only, and returns its final message", async () => {
    const { result, bodies, lines } = await run([
      calls({ type: "text", text: "Delegating." }, agentCall("toolu_parent", "reader", "Find the JSON files")),
      calls({ type: "tool_use", id: "toolu_child", name: "Glob", input: { pattern: "*.json" } }),
      say("There are no JSON files."),
      say("The reader says: no JSON files."),
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(bodies).toHaveLength(4);
    expect(toolNames(bodies[0]!)).toContain("Agent");
    // The subagent's first request: only its prompt, its system prompt, its two tools.
    expect(bodies[1]!.messages).toHaveLength(1);
    const first = bodies[1]!.messages[0]!;
    const text = typeof first.content === "string" ? first.content : first.content.map((b) => b.text).join("");
    expect(text).toBe("Find the JSON files");
    expect(text).not.toContain("go");
    expect(toolNames(bodies[1]!)).toEqual(["Read", "Glob"]);
    expect(systemText(bodies[1]!)).toContain("You read files for the caller.");
    expect(systemText(bodies[0]!)).not.toContain("You read files for the caller.");
    // Its final message is the Agent call's result, and the parent's next request carries it.
    expect(resultFor(lines, "toolu_parent")).toMatchObject({ content: "There are no JSON files.", is_error: false });
    expect(JSON.stringify(bodies[3]!.messages)).toContain("There are no JSON files.");
    // stream-json: the subagent's messages carry parent_tool_use_id, the parent's null.
    const parents = lines.filter((l) => l.type === "assistant" || l.type === "user").map((l) => l.parent_tool_use_id);
    expect(parents).toEqual([null, "toolu_parent", "toolu_parent", "toolu_parent", null, null]);
    expect(resultOf(lines)).toMatchObject({ is_error: false, result: "The reader says: no JSON files." });
  }, 30_000);

  it("answers an unknown subagent_type with a tool error listing the known agents", async () => {
    const { lines } = await run([calls(agentCall("toolu_x", "nobody")), say("ok")]);
    expect(resultFor(lines, "toolu_x")).toEqual({
      type: "tool_result",
      tool_use_id: "toolu_x",
      content: 'Agent type "nobody" not found. Available agents: reader, general-purpose',
      is_error: true,
    });
  }, 30_000);

  it("takes Task, the tool's old name", async () => {
    const task = {
      type: "tool_use",
      id: "toolu_t",
      name: "Task",
      input: { description: "d", prompt: "p", subagent_type: "reader" },
    } as const;
    const { lines } = await run([calls(task), say("child answer"), say("ok")]);
    expect(resultFor(lines, "toolu_t")).toMatchObject({ content: "child answer", is_error: false });
  }, 30_000);

  it("refuses an agent three deep", async () => {
    const { lines, bodies } = await run([
      calls(agentCall("toolu_1", "general-purpose")),
      calls(agentCall("toolu_2", "general-purpose")),
      calls(agentCall("toolu_3", "general-purpose")),
      say("depth two done"),
      say("depth one done"),
      say("main done"),
    ]);
    expect(bodies).toHaveLength(6);
    const refused = resultFor(lines, "toolu_3");
    expect(refused.is_error).toBe(true);
    expect(refused.content).toContain("Agents may nest at most 2 deep");
    const line = lines.find((l) => l.type === "user" && l.message.content[0].tool_use_id === "toolu_3");
    expect(line?.parent_tool_use_id).toBe("toolu_2");
    expect(resultFor(lines, "toolu_1")).toMatchObject({ content: "depth one done", is_error: false });
  }, 30_000);

  it("runs two subagents asked for in one turn, each answering its own call", async () => {
    const { lines, bodies } = await run([
      calls(agentCall("toolu_a", "reader", "task A"), agentCall("toolu_b", "reader", "task B")),
      say("answer one"),
      say("answer two"),
      say("both done"),
    ]);
    const prompts = bodies.slice(1, 3).map((body) => JSON.stringify(body.messages));
    expect(prompts.some((p) => p.includes("task A")) && prompts.some((p) => p.includes("task B"))).toBe(true);
    const a = resultFor(lines, "toolu_a").content;
    const b = resultFor(lines, "toolu_b").content;
    expect([a, b].sort()).toEqual(["answer one", "answer two"]);
    expect(JSON.stringify(bodies[3]!.messages)).toContain("answer one");
  }, 30_000);

  it("says in the result which of the agent's servers failed, never a silent empty list", async () => {
    await box.write(
      "project/.claude/agents/db.md",
      "---\nname: db\ndescription: Database work\nmcpServers:\n  - broken:\n      command: /nonexistent/server\n---\nUse the database.\n",
    );
    const { lines } = await run([calls(agentCall("toolu_db", "db")), say("I could not reach it."), say("ok")]);
    const content = resultFor(lines, "toolu_db").content as string;
    expect(content).toMatch(/^MCP server "broken" of this agent failed to start: .+/);
    expect(content).toContain("I could not reach it.");
  }, 30_000);
});

describe("an agent's own servers", () => {
  const trackerAgent = (name: string) =>
    [
      "---",
      `name: ${name}`,
      "description: Works the issue tracker",
      "mcpServers:",
      "  - tracker:",
      `      command: ${JSON.stringify(trackerEntry.command)}`,
      `      args: ${JSON.stringify(trackerEntry.args)}`,
      "---",
      "You work the tracker.",
      "",
    ].join("\n");

  it("offers the tracker's tools to the subagent that declares it and in none of the parent's requests", async () => {
    // A user agent: not project input, so its server needs no approval.
    await box.write("home/agents/triage.md", trackerAgent("triage"));
    const list = { type: "tool_use", id: "toolu_list", name: "mcp__tracker__list_issues", input: {} } as const;
    const { result, bodies, lines } = await run([
      calls(agentCall("toolu_triage", "triage", "List the open issues")),
      calls(list),
      say("Three open issues."),
      say("Triage done."),
    ]);
    expect(result.code, result.stderr).toBe(0);
    const mcpTools = (body: Body) => toolNames(body).filter((name) => name.startsWith("mcp__tracker__"));
    expect(mcpTools(bodies[1]!)).toContain("mcp__tracker__list_issues");
    expect(mcpTools(bodies[0]!)).toEqual([]);
    expect(mcpTools(bodies[3]!)).toEqual([]);
    expect(resultFor(lines, "toolu_list")).toMatchObject({ is_error: false });
    expect(resultFor(lines, "toolu_triage")).toMatchObject({ content: "Three open issues.", is_error: false });
  }, 60_000);

  it("a project agent's server: refused in print mode until `mcp approve` approves it by name, then offered", async () => {
    await box.write("project/.claude/agents/pm.md", trackerAgent("pm"));
    const list = { type: "tool_use", id: "toolu_pm_list", name: "mcp__tracker__list_issues", input: {} } as const;
    const refused = await run([calls(agentCall("toolu_pm", "pm")), say("No tracker."), say("ok")]);
    const reason = resultFor(refused.lines, "toolu_pm").content as string;
    expect(reason).toContain("mini-cc mcp approve --agents tracker");
    expect(toolNames(refused.bodies[1]!).filter((name) => name.startsWith("mcp__"))).toEqual([]);

    const unknown = await box.run(["mcp", "approve", "trackr"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no server named "trackr" in');
    const approve = await box.run(["mcp", "approve", "tracker"]);
    expect(approve.code, approve.stderr).toBe(0);
    expect(approve.stdout).toMatch(/^Approved server tracker of .*pm\.md \(fingerprint [0-9a-f]{16}\)$/m);

    const { result, bodies, lines } = await run([
      calls(agentCall("toolu_pm2", "pm")),
      calls(list),
      say("3."),
      say("ok"),
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(toolNames(bodies[1]!)).toContain("mcp__tracker__list_issues");
    expect(resultFor(lines, "toolu_pm_list")).toMatchObject({ is_error: false });
  }, 60_000);

  it("--agent starts the agent's servers for the main thread", async () => {
    await box.write("home/agents/tracker-main.md", trackerAgent("tracker-main"));
    const { result, bodies } = await run([say("ok")], ["--agent", "tracker-main"]);
    expect(result.code, result.stderr).toBe(0);
    expect(toolNames(bodies[0]!)).toContain("mcp__tracker__list_issues");
    expect(systemText(bodies[0]!)).toContain("You work the tracker.");
  }, 60_000);
});

describe("/cost and /context", () => {
  it("count the subagents' requests apart from the main conversation's, in a resumed session too", async () => {
    const usage = (input: number, output: number) => ({ input_tokens: input, output_tokens: output });
    const reply = (content: FakeBlock[], u: ReturnType<typeof usage>): FakeReply => ({
      kind: "message",
      message: { content, usage: u },
    });
    await run([
      reply([agentCall("toolu_c", "reader")], usage(1000, 10)),
      reply([{ type: "text", text: "sub" }], usage(300, 7)),
      reply([{ type: "text", text: "main" }], usage(1100, 20)),
    ]);
    const cost = await box.run(["-p", "/cost", "--continue"]);
    expect(cost.code, cost.stderr).toBe(0);
    const lines = cost.stdout.trim().split("\n");
    expect(lines[1]).toMatch(/^claude-[\w.-]+ \(2 requests\): 2,100 input, 30 output/);
    expect(lines[2]).toBe("Subagents (their own conversations, counted apart):");
    expect(lines[3]).toMatch(/^ {2}claude-[\w.-]+ \(1 request\): 300 input, 7 output/);
    const context = await box.run(["-p", "/context", "--continue"]);
    expect(context.stdout).toContain("Subagents: 1 request, 307 tokens in their own contexts (not in this one");
  }, 30_000);
});

describe("/agents", () => {
  it("lists each agent with its file and servers, a broken file named on stderr while the rest load", async () => {
    await box.write(
      "project/.claude/agents/qa.md",
      "---\nname: qa\ndescription: Tests the app\nmcpServers:\n  - tracker\n  - browser:\n      command: npx\n---\nQA.\n",
    );
    await box.write("project/.claude/agents/zz-broken.md", "---\nname: [oops\n---\nbody\n");
    const run = await box.run(["-p", "/agents"]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("  qa · project (project input) · .claude/agents/qa.md");
    expect(run.stdout).toContain("servers: tracker, browser (own entry)");
    expect(run.stdout).toContain("  reader · project (project input) · .claude/agents/reader.md");
    expect(run.stderr).toMatch(/zz-broken\.md:2: frontmatter is not valid YAML/);
  }, 30_000);
});

describe("--agent", () => {
  it("runs the whole session as the agent: its prompt and its tools", async () => {
    const { result, bodies } = await run([say("Reading as told.")], ["--agent", "reader"]);
    expect(result.code, result.stderr).toBe(0);
    expect(systemText(bodies[0]!)).toContain("You read files for the caller.");
    expect(toolNames(bodies[0]!)).toEqual(["Read", "Glob"]);
  }, 30_000);

  it("is a usage error naming the known agents when no agent has the name", async () => {
    const { result } = await run([], ["--agent", "ghost"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--agent: no agent named "ghost" \(known: .*reader.*general-purpose\)/);
  }, 30_000);
});
