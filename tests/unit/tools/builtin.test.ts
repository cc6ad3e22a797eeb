import { describe, expect, it } from "vitest";
import { BackgroundTasks } from "../../../src/background/background-tasks.ts";
import { systemClock } from "../../../src/clock.ts";
import { builtinTools } from "../../../src/tools/builtin.ts";

describe("builtinTools", () => {
  it("lists the seven tools with their permission flags", () => {
    expect(builtinTools().map((t) => [t.name, t.readOnly, t.editsFiles ?? false])).toEqual([
      ["Read", true, false],
      ["Write", false, true],
      ["Edit", false, true],
      ["Bash", false, false],
      ["Glob", true, false],
      ["Grep", true, false],
      ["AskUserQuestion", true, false],
    ]);
  });

  it("adds the background task tools, under Claude Code's old names too, when the session has background tasks", () => {
    const background = new BackgroundTasks({ dir: "/nonexistent", clock: systemClock });
    const tools = builtinTools({ background }).slice(7);
    expect(tools.map((t) => [t.name, t.aliases ?? [], t.readOnly])).toEqual([
      ["TaskOutput", ["BashOutput"], true],
      ["TaskList", [], true],
      ["TaskStop", ["KillShell"], true],
    ]);
  });
});
