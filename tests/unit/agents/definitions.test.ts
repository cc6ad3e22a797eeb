import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadAgents } from "../../../src/agents/load-agents.ts";

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

const KNOWN = ["Read", "Write", "Edit", "Bash", "Glob", "Grep", "Agent"];

async function load(files: Record<string, string>, flags: string[] = []) {
  const root = mkdtempSync(join(tmpdir(), "mini-cc-agents-"));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const loaded = await loadAgents({
    cwd: join(root, "proj"),
    userHome: join(root, "home"),
    miniCcHome: join(root, "mini"),
    flags,
    knownTools: KNOWN,
  });
  return { ...loaded, root, byName: (name: string) => loaded.agents.find((a) => a.name === name) };
}

describe("agent definitions", () => {
  it("reads project, mini-cc home and ~/.claude agents with every field, plus the built-in general-purpose", async () => {
    const t = await load({
      "proj/.claude/agents/qa.md": [
        "---",
        "name: qa",
        "description: Tests the web app in a browser",
        "tools: [Read, Bash]",
        "model: haiku",
        "mcpServers:",
        "  - tracker",
        "  - playwright:",
        "      command: npx",
        "      args: ['-y', '@playwright/mcp']",
        "---",
        "You are a QA engineer.",
        "",
      ].join("\n"),
      "mini/agents/api.md":
        "---\nname: api\ndescription: API work\ntools: Read, Grep\nmodel: inherit\n---\nAPI prompt\n",
      "home/.claude/agents/cc.md": "---\nname: cc\ndescription: from claude\n---\nbody",
    });
    expect(t.problems).toEqual([]);
    const qa = t.byName("qa")!;
    expect(qa).toMatchObject({
      description: "Tests the web app in a browser",
      tools: ["Read", "Bash"],
      prompt: "You are a QA engineer.",
      source: "project",
      projectInput: true,
      file: join(t.root, "proj/.claude/agents/qa.md"),
    });
    expect(qa.model).toMatch(/^claude-haiku-/);
    expect(qa.mcpServers).toEqual([
      { kind: "named", name: "tracker" },
      { kind: "inline", name: "playwright", entry: { command: "npx", args: ["-y", "@playwright/mcp"] } },
    ]);
    expect(t.byName("api")).toMatchObject({ tools: ["Read", "Grep"], source: "user", projectInput: false });
    expect(t.byName("api")!.model).toBeUndefined();
    expect(t.byName("cc")!.tools).toBeUndefined();
    expect(t.byName("general-purpose")).toMatchObject({ source: "built-in" });
  });

  it("takes --agents JSON first, then the project over the user's, and an .mcp.json-style mcpServers object", async () => {
    const t = await load(
      {
        "proj/.claude/agents/dup.md": "---\nname: dup\ndescription: project one\n---\nP",
        "home/.claude/agents/dup.md": "---\nname: dup\ndescription: user one\n---\nU",
      },
      [
        JSON.stringify({
          flagged: {
            description: "from the flag",
            prompt: "Flag prompt",
            mcpServers: { db: { type: "http", url: "https://db.example/mcp" } },
          },
        }),
      ],
    );
    expect(t.problems).toEqual([]);
    expect(t.byName("dup")!.description).toBe("project one");
    expect(t.byName("flagged")).toMatchObject({
      source: "flag",
      prompt: "Flag prompt",
      mcpServers: [{ kind: "inline", name: "db", entry: { type: "http", url: "https://db.example/mcp" } }],
    });
  });

  it("names the file and line of broken frontmatter, and the other agents still load", async () => {
    const t = await load({
      "proj/.claude/agents/a-broken.md": "---\nname: broken\ndescription: x\ntools: [Read\n---\nbody",
      "proj/.claude/agents/b-none.md": "just a body",
      "proj/.claude/agents/c-noname.md": "---\ndescription: nameless\n---\nbody",
      "proj/.claude/agents/d-badtools.md": "---\nname: d\ndescription: x\ntools: 5\n---\nbody",
      "proj/.claude/agents/e-badserver.md":
        "---\nname: e\ndescription: x\nmcpServers:\n  - srv:\n      command: 7\n---\nb",
      "proj/.claude/agents/f-model.md": "---\nname: f\ndescription: x\nmodel: gpt-4\n---\nb",
      "proj/.claude/agents/good.md": "---\nname: good\ndescription: fine\n---\nbody",
    });
    const dir = join(t.root, "proj/.claude/agents");
    expect(t.problems).toHaveLength(6);
    expect(t.problems[0]).toMatch(new RegExp(`^${dir}/a-broken\\.md:\\d+: frontmatter is not valid YAML`));
    expect(t.problems[1]).toBe(`${dir}/b-none.md:1: no frontmatter (a --- block with name and description)`);
    expect(t.problems[2]).toBe(`${dir}/c-noname.md:2: name: expected the agent's name`);
    expect(t.problems[3]).toBe(
      `${dir}/d-badtools.md:4: tools: expected a list of tool names or a comma-separated string`,
    );
    expect(t.problems[4]).toContain(`${dir}/e-badserver.md:4: mcpServers: mcpServers.srv.command: expected string`);
    expect(t.problems[5]).toContain(`${dir}/f-model.md:4: model:`);
    expect(t.agents.map((a) => a.name)).toEqual(["good", "general-purpose"]);
  });

  it("warns of a tool that does not exist and keeps the rest; mcp__ tools are kept", async () => {
    const t = await load({
      "proj/.claude/agents/x.md":
        "---\nname: x\ndescription: d\ntools: Read, Telepathy, mcp__tracker__list_issues\n---\nb",
    });
    expect(t.problems).toEqual([
      `${join(t.root, "proj/.claude/agents/x.md")}:4: tools: no tool named "Telepathy"; left out`,
    ]);
    expect(t.byName("x")!.tools).toEqual(["Read", "mcp__tracker__list_issues"]);
  });

  it("makes escape sequences harmless: a name with one is refused, a description's is shown, not obeyed", async () => {
    const t = await load({
      "proj/.claude/agents/esc.md": '---\nname: "evil\\u001b[2J"\ndescription: d\n---\nb',
      "proj/.claude/agents/desc.md": '---\nname: desc\ndescription: "red \\u001b[31mtext\\u0007"\n---\nb',
    });
    expect(t.problems).toHaveLength(1);
    expect(t.problems[0]).toContain("is not an agent name");
    expect(t.problems[0]).not.toContain("\u001b");
    const description = t.byName("desc")!.description;
    expect(description).not.toMatch(/[\u001b\u0007]/);
    expect(description).toContain("red");
  });

  it("says what is wrong with --agents: bad JSON, a missing prompt", async () => {
    const t = await load({}, ["{not json", JSON.stringify({ np: { description: "d" } })]);
    expect(t.problems[0]).toMatch(/^--agents: not valid JSON/);
    expect(t.problems[1]).toBe('--agents "np": prompt: expected a non-empty string');
    expect(t.agents.map((a) => a.name)).toEqual(["general-purpose"]);
  });
});
