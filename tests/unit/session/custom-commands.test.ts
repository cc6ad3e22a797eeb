import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { customCommandFor, expandCustomCommand, loadCustomCommands } from "../../../src/session/custom-commands.ts";
import { BUILTIN_COMMAND_NAMES } from "../../../src/session/builtin-command-names.ts";
import { BUILTIN_COMMANDS } from "../../../components/slash/command-registry.ts";

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function tree(files: Record<string, string>) {
  const root = mkdtempSync(join(tmpdir(), "mini-cc-commands-"));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return { root, cwd: join(root, "proj"), userHome: join(root, "home") };
}

describe("custom commands", () => {
  it("reads project and user commands, subfolders as folder:name, frontmatter description and argument-hint", () => {
    const t = tree({
      "proj/.claude/commands/review.md":
        "---\ndescription: Review a pull request\nargument-hint: <pr> [focus]\n---\nReview PR $1 with a focus on $2.\n",
      "proj/.claude/commands/frontend/lint.md": "Lint the frontend.\n",
      "home/.claude/commands/review.md": "The user's review, shadowed.",
      "home/.claude/commands/standup.md": "Write my standup from $ARGUMENTS",
      "proj/.claude/commands/help.md": "A project /help must not win.",
      "proj/.claude/commands/mcp__x__y.md": "Nor a server prompt's name.",
    });
    const { commands, notes } = loadCustomCommands({ ...t, reserved: BUILTIN_COMMAND_NAMES });
    expect(commands.map((c) => [c.name, c.scope, c.description, c.argumentHint])).toEqual([
      ["frontend:lint", "project", "Lint the frontend.", undefined],
      ["review", "project", "Review a pull request", "<pr> [focus]"],
      ["standup", "user", "Write my standup from $ARGUMENTS", undefined],
    ]);
    expect(notes).toEqual([
      `${join(t.cwd, ".claude/commands/help.md")}: /help is shadowed by mini-cc's own /help; not offered`,
      `${join(t.cwd, ".claude/commands/mcp__x__y.md")}: /mcp__x__y is shadowed by mini-cc's own /mcp__… server prompts; not offered`,
      `${join(t.userHome, ".claude/commands/review.md")}: /review is shadowed by the project command in ${join(t.cwd, ".claude/commands/review.md")}`,
    ]);
  });

  it("replaces $ARGUMENTS and $1…, quotes keeping spaces; a body with neither gets the arguments appended", () => {
    const t = tree({
      "proj/.claude/commands/review.md": "---\ndescription: r\n---\nReview PR $1 with a focus on $2. All: $ARGUMENTS",
      "proj/.claude/commands/plain.md": "Do the thing.",
    });
    const { commands } = loadCustomCommands(t);
    const review = customCommandFor('/Review 42 "error handling"', commands);
    expect(review?.command.name).toBe("review");
    expect(expandCustomCommand(review!.command, review!.rest)).toBe(
      'Review PR 42 with a focus on error handling. All: 42 "error handling"',
    );
    const plain = customCommandFor("/plain now please", commands)!;
    expect(expandCustomCommand(plain.command, plain.rest)).toBe("Do the thing.\n\nARGUMENTS: now please");
    expect(expandCustomCommand(plain.command, "")).toBe("Do the thing.");
    expect(customCommandFor("/nothing", commands)).toBeUndefined();
  });

  it("keeps BUILTIN_COMMAND_NAMES equal to the built-in commands", () => {
    expect(BUILTIN_COMMAND_NAMES).toEqual(BUILTIN_COMMANDS.map((command) => command.name));
  });
});
