import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { findInstructionFiles, type InstructionRead } from "../../../src/agent/instruction-files.ts";
import { SystemContext, type SystemContextOptions } from "../../../src/agent/system-sections.ts";
import { FakeClock } from "../../helpers/fake-clock.ts";

/** A read-only file system made of a map: path → text (cut at the cap asked for, as node:fs's reader does). */
function files(map: Record<string, string>) {
  const reads: string[] = [];
  const readFile = (path: string, maxBytes: number): InstructionRead => {
    reads.push(path);
    const text = map[path];
    if (text === undefined) return { kind: "missing" };
    const size = Buffer.byteLength(text);
    return { kind: "read", text: Buffer.from(text).subarray(0, maxBytes).toString(), size, cut: size > maxBytes };
  };
  return { readFile, reads };
}

function context(overrides: Partial<SystemContextOptions> = {}): SystemContext {
  return new SystemContext({
    cwd: "/home/ada/proj/app",
    clock: new FakeClock(new Date(2026, 9, 22, 23, 59)),
    mcpInstructions: () => "",
    readFile: () => ({ kind: "missing" }),
    ...overrides,
  });
}

describe("SystemContext", () => {
  it("finds AGENTS.md and CLAUDE.md in cwd and its parents, nearer files later", () => {
    const fs = files({
      "/home/ada/CLAUDE.md": "Use British spelling.",
      "/home/ada/proj/app/AGENTS.md": "Run npm test before you finish.",
      "/home/ada/proj/app/CLAUDE.md": "Never touch dist/.",
    });
    const system = context({ readFile: fs.readFile });

    const sections = system.sections();

    expect(sections.find((section) => section.id === "instructions")?.text).toBe(
      [
        "# Project instructions",
        "The user's instruction files for this project follow; where they disagree, a later (nearer) file wins. Follow them.",
        "## /home/ada/CLAUDE.md\n\nUse British spelling.",
        "## /home/ada/proj/app/AGENTS.md\n\nRun npm test before you finish.",
        "## /home/ada/proj/app/CLAUDE.md\n\nNever touch dist/.",
      ].join("\n\n"),
    );
    expect(system.notes()).toEqual([
      {
        type: "system_note",
        label: "project instructions",
        text: "3 files (../../CLAUDE.md, AGENTS.md, CLAUDE.md)",
      },
      { type: "system_note", label: "date", text: "2026-10-22" },
    ]);
  });

  it("reads ~/.claude/CLAUDE.md, CLAUDE.local.md and .claude/CLAUDE.md, and follows @imports inside the project and home", () => {
    const fs = files({
      "/home/ada/.claude/CLAUDE.md": "Mine: @~/notes/style.md",
      "/home/ada/notes/style.md": "Short sentences.",
      "/home/ada/proj/app/CLAUDE.md": "See @docs/a.md and `@not/code.md`, and @/etc/passwd.\n```\n@docs/fenced.md\n```",
      "/home/ada/proj/app/docs/a.md": "A imports @b.md",
      "/home/ada/proj/app/docs/b.md": "B imports @a.md back",
      "/home/ada/proj/app/docs/fenced.md": "never",
      "/home/ada/proj/app/not/code.md": "never",
      "/etc/passwd": "root:x:0:0",
      "/home/ada/proj/app/.claude/CLAUDE.md": "Team rules.",
      "/home/ada/proj/app/CLAUDE.local.md": "My sandbox URL.",
    });
    const system = context({ readFile: fs.readFile, userHome: "/home/ada", realPath: (path) => path });
    const text = system.sections().find((section) => section.id === "instructions")?.text ?? "";
    expect([...text.matchAll(/^## (.*)$/gm)].map((m) => m[1])).toEqual([
      "/home/ada/.claude/CLAUDE.md",
      "/home/ada/notes/style.md (imported by /home/ada/.claude/CLAUDE.md)",
      "/home/ada/proj/app/CLAUDE.md",
      "/home/ada/proj/app/docs/a.md (imported by /home/ada/proj/app/CLAUDE.md)",
      "/home/ada/proj/app/docs/b.md (imported by /home/ada/proj/app/docs/a.md)",
      "/home/ada/proj/app/.claude/CLAUDE.md",
      "/home/ada/proj/app/CLAUDE.local.md",
    ]);
    expect(system.notes().slice(0, 2)).toEqual([
      {
        type: "system_note",
        label: "project instructions",
        text:
          "7 files (~/.claude/CLAUDE.md, ~/notes/style.md via ~/.claude/CLAUDE.md, CLAUDE.md, docs/a.md via CLAUDE.md, docs/b.md via docs/a.md, " +
          ".claude/CLAUDE.md, CLAUDE.local.md)",
      },
      {
        type: "system_note",
        label: "instructions left out",
        text: "@a.md in docs/b.md: imports a file that imports it (a cycle); @/etc/passwd in CLAUDE.md: leads outside the project; not read",
        warning: true,
      },
    ]);
  });

  it("does not follow an import through a symlink that leads out of the project and home", () => {
    const root = mkdtempSync(join(tmpdir(), "mini-cc-imports-"));
    try {
      const project = join(root, "home/proj");
      mkdirSync(join(root, "outside"), { recursive: true });
      mkdirSync(project, { recursive: true });
      writeFileSync(join(root, "outside/secret.md"), "secret");
      symlinkSync(join(root, "outside"), join(project, "link"));
      writeFileSync(join(project, "CLAUDE.md"), "@link/secret.md");
      const system = new SystemContext({
        cwd: project,
        userHome: join(root, "home"),
        clock: new FakeClock(new Date()),
        mcpInstructions: () => "",
      });
      expect(
        system
          .notes()
          .map((note) => note.text)
          .slice(0, 2),
      ).toEqual(["1 file (CLAUDE.md)", "@link/secret.md in CLAUDE.md: leads outside the project; not read"]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("never lets a project file import the user's home files; the user's own file may", () => {
    const fs = files({
      "/home/ada/proj/CLAUDE.md": "@~/.ssh/id_rsa and @../notes.md",
      "/home/ada/.ssh/id_rsa": "PRIVATE KEY",
      "/home/ada/notes.md": "notes",
      "/home/ada/.claude/CLAUDE.md": "@~/notes.md",
    });
    const system = context({
      cwd: "/home/ada/proj",
      readFile: fs.readFile,
      userHome: "/home/ada",
      realPath: (path) => path,
    });
    const text = system.sections().find((section) => section.id === "instructions")?.text ?? "";
    expect(text).not.toContain("PRIVATE KEY");
    expect(
      system
        .notes()
        .map((note) => note.text)
        .slice(0, 2),
    ).toEqual([
      "3 files (~/.claude/CLAUDE.md, ~/notes.md via ~/.claude/CLAUDE.md, CLAUDE.md)",
      "@~/.ssh/id_rsa in CLAUDE.md: leads outside the project; not read",
    ]);
  });

  it("reads a memory file only where it really leads: a folder's inside that folder, the user's inside home; never /proc", () => {
    const links: Record<string, string> = {
      "/home/ada/proj/CLAUDE.md": "/home/ada/.ssh/id_rsa",
      "/home/ada/proj/AGENTS.md": "/home/ada/proj/docs/AGENTS.md",
      "/home/ada/.claude/CLAUDE.md": "/etc/shadow",
      "/home/ada/CLAUDE.md": "/home/ada/notes.md",
      "/CLAUDE.md": "/proc/self/environ",
    };
    const fs = files({
      "/home/ada/.ssh/id_rsa": "PRIVATE KEY",
      "/home/ada/proj/docs/AGENTS.md": "Agents.",
      "/etc/shadow": "root:!",
      "/home/ada/notes.md": "Notes.",
      "/proc/self/environ": "KEY=secret",
    });
    const system = context({
      cwd: "/home/ada/proj",
      readFile: fs.readFile,
      userHome: "/home/ada",
      realPath: (path) => links[path] ?? path,
    });
    const text = system.sections().find((section) => section.id === "instructions")?.text ?? "";
    expect(fs.reads.filter((path) => Object.values(links).includes(path))).toEqual([
      "/home/ada/notes.md",
      "/home/ada/proj/docs/AGENTS.md",
    ]);
    expect(text).not.toMatch(/PRIVATE|root:|secret/);
    expect(
      system
        .notes()
        .map((note) => note.text)
        .slice(0, 2),
    ).toEqual([
      "2 files (~/CLAUDE.md, AGENTS.md)",
      "~/.claude/CLAUDE.md: leads outside your home folder and the project; not read; ../../../CLAUDE.md: a special file (/proc); not read; " +
        "CLAUDE.md: leads outside the project; not read",
    ]);
  });

  it("gives each file at most 40 KB and all of them 200 KB, saying what was left out", () => {
    const kb = (n: number) => "x".repeat(1023).concat("\n").repeat(n);
    const map: Record<string, string> = { "/p/CLAUDE.md": `${kb(50)}@a.md @b.md @c.md @d.md @e.md` };
    for (const name of ["a", "b", "c", "d", "e"]) map[`/p/${name}.md`] = kb(39);
    // The imports are past the first 40 KB: not followed. A file that fits whole is given whole.
    const cut = context({ cwd: "/p", readFile: files(map).readFile });
    expect(cut.notes()[1]?.text).toBe("CLAUDE.md: 50.0 KB, only its first 40.0 KB read");
    map["/p/CLAUDE.md"] = "@a.md @b.md @c.md @d.md @e.md @f.md @g.md";
    map["/p/f.md"] = "y".repeat(2048);
    map["/p/g.md"] = "never";
    map["/p/AGENTS.md"] = kb(39);
    const system = context({ cwd: "/p", readFile: files(map).readFile });
    expect(system.notes()[0]?.text).toBe(
      "8 files (AGENTS.md, CLAUDE.md, a.md via CLAUDE.md, b.md via CLAUDE.md, c.md via CLAUDE.md, d.md via CLAUDE.md, e.md via CLAUDE.md, f.md via CLAUDE.md)",
    );
    // e.md is cut at its last whole line; f.md, one long line, takes what is left to the byte.
    expect(system.notes()[1]?.text).toMatch(
      /^@e\.md in CLAUDE\.md: 39\.0 KB, only its first 4\.0 KB read; @f\.md in CLAUDE\.md: 2\.0 KB, only its first \d+ B read; @g\.md in CLAUDE\.md: not read, the 200\.0 KB all instruction files may give were used$/,
    );
    const text = system.sections().find((section) => section.id === "instructions")?.text ?? "";
    expect(text.length).toBeLessThan(201 * 1024);
  });

  it("follows imports at most five deep", () => {
    const map: Record<string, string> = { "/p/CLAUDE.md": "@1.md" };
    for (let i = 1; i <= 7; i++) map[`/p/${i}.md`] = `level ${i} @${i + 1}.md`;
    const system = context({
      cwd: "/p",
      readFile: files(map).readFile,
      userHome: "/home/ada",
      realPath: (path) => path,
    });
    expect(system.notes()[0]?.text).toMatch(/^6 files \(.*5\.md via 4\.md\)$/);
    expect(system.notes()[1]?.text).toBe("@6.md in 5.md: more than 5 imports deep; not read");
  });

  it("looks in every directory up to the root", () => {
    const fs = files({});
    findInstructionFiles("/a/b", fs.readFile);
    const names = ["AGENTS.md", "CLAUDE.md", ".claude/CLAUDE.md", "CLAUDE.local.md"];
    expect(fs.reads).toEqual(["/", "/a/", "/a/b/"].flatMap((dir) => names.map((name) => `${dir}${name}`)));
  });

  it("builds base, date and MCP sections in order, leaving out empty ones", () => {
    const system = context({ mcpInstructions: () => "# MCP Server Instructions\n\n## tracker\nList first, then get." });

    const sections = system.sections();

    expect(sections.map((section) => section.id)).toEqual(["base", "date", "mcp_instructions"]);
    expect(sections[0]?.text).toContain(
      "You are mini-cc, a coding agent that works in the user's terminal, in the project at /home/ada/proj/app.",
    );
    expect(sections[1]?.text).toBe("Today's date is 2026-10-22.");
    expect(sections[2]?.text).toBe("# MCP Server Instructions\n\n## tracker\nList first, then get.");
    expect(
      context()
        .sections()
        .map((section) => section.id),
    ).toEqual(["base", "date"]);
  });

  it("uses the given name in the base prompt", () => {
    expect(context({ baseName: "ci-bot" }).sections()[0]?.text).toMatch(/^You are ci-bot, /);
  });

  it("caches the sections until invalidated", () => {
    let instructions = "";
    const fs = files({});
    const system = context({ readFile: fs.readFile, mcpInstructions: () => instructions });

    const first = system.sections();
    instructions = "# MCP Server Instructions\n\n## tracker\nBe nice.";
    const cached = system.sections();
    system.invalidate();
    const rebuilt = system.sections();

    expect(cached).toBe(first);
    // Five directories from / to cwd, four names each, read once per build.
    expect(fs.reads).toHaveLength(40);
    expect(rebuilt.map((section) => section.id)).toEqual(["base", "date", "mcp_instructions"]);
  });

  it("keeps the session's date when a server connecting after midnight rebuilds the sections", () => {
    const clock = new FakeClock(new Date(2026, 9, 22, 23, 59));
    const system = context({ clock });
    const before = system.sections().find((section) => section.id === "date")?.text;
    clock.advance(2 * 60_000);
    system.invalidate();
    expect([before, system.sections().find((section) => section.id === "date")?.text]).toEqual([
      "Today's date is 2026-10-22.",
      "Today's date is 2026-10-22.",
    ]);
  });

  it("replaces the base prompt with --system-prompt and ends with --append-system-prompt", () => {
    const sections = context({
      systemPrompt: "You are a release bot.",
      appendSystemPrompt: "Answer in French.",
      mcpInstructions: () => "# MCP",
    }).sections();
    expect(sections.map((section) => [section.id, section.text])).toEqual([
      ["base", "You are a release bot."],
      ["date", "Today's date is 2026-10-22."],
      ["mcp_instructions", "# MCP"],
      ["append", "Answer in French."],
    ]);
  });

  it("counts one instruction file in the singular", () => {
    const system = context({ readFile: files({ "/home/ada/proj/AGENTS.md": "x" }).readFile });
    expect(system.notes()[0]).toEqual({
      type: "system_note",
      label: "project instructions",
      text: "1 file (../AGENTS.md)",
    });
  });

  it("names the files it looks for when there are none", () => {
    expect(context().notes()[0]).toEqual({
      type: "system_note",
      label: "project instructions",
      text: "0 files (AGENTS.md, CLAUDE.md)",
    });
  });
});

describe("SystemContext on the real file system", () => {
  let root: string | undefined;
  afterEach(() => {
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it("reads instruction files with node:fs and skips a directory named like one", () => {
    root = mkdtempSync(join(tmpdir(), "mini-cc-sections-"));
    const cwd = join(root, "proj", "sub");
    mkdirSync(join(cwd, "CLAUDE.md"), { recursive: true });
    writeFileSync(join(root, "proj", "AGENTS.md"), "Be brief.");

    const system = new SystemContext({ cwd, clock: new FakeClock(new Date(2026, 0, 5)), mcpInstructions: () => "" });
    // Only this test's files are asserted: the machine's /tmp or / may hold others.
    const mine = system.sections().find((section) => section.id === "instructions")?.text ?? "";
    expect(mine).toContain(`## ${join(root, "proj", "AGENTS.md")}\n\nBe brief.`);
    expect(mine).not.toContain(join(cwd, "CLAUDE.md"));
  });
});
