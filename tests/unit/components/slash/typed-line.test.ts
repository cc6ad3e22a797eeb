import { describe, expect, it } from "vitest";
import { BUILTIN_COMMANDS } from "../../../../components/slash/command-registry.ts";
import { customSlashCommands } from "../../../../components/slash/prompt-commands.ts";
import { typedLine } from "../../../../components/slash/typed-line.ts";

const review = {
  name: "review",
  description: "Review a PR",
  argumentHint: "<pr>",
  body: "Review $1",
  file: "/p/.claude/commands/review.md",
  scope: "project" as const,
};
const commands = [...BUILTIN_COMMANDS, ...customSlashCommands([review])];
const runs = (text: string) => typedLine(text, commands).runs;

describe("typedLine", () => {
  it("parses a line once: its command, its arguments, and when it runs", () => {
    const line = typedLine("/mcp restart tracker", commands);
    expect(line.slash).toEqual({ name: "mcp", args: ["restart", "tracker"] });
    expect(line.command?.name).toBe("mcp");
    expect(line.runs).toBe("now");
  });

  it("follows each command's declaration; a prompt, a custom command or a server's prompt not listed yet is a turn", () => {
    expect(runs("fix the bug")).toBe("as a turn");
    expect(runs("/etc/hosts is odd")).toBe("as a turn");
    expect(runs("/compact keep the plan")).toBe("as a turn");
    expect(runs("/clear")).toBe("after the turn");
    expect(runs("/review 42")).toBe("as a turn");
    expect(runs("/mcp__docs__summarise intro")).toBe("as a turn");
    expect(runs("/nonsense")).toBe("now");
  });
});
