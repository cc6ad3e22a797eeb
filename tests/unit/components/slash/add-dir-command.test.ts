import { systemClock } from "../../../../src/clock.ts";
import { describe, expect, it } from "vitest";
import { addDirCommand } from "../../../../components/slash/add-dir-command.ts";
import { RecordingMcp } from "../../../helpers/tui-fixtures.ts";

const base = { mcp: new RecordingMcp(), commands: [], clock: systemClock };

describe("/add-dir", () => {
  it("adds the folder through the session and says what it gives", async () => {
    const added: string[] = [];
    const result = await addDirCommand.run(["../shared", "lib"], {
      ...base,
      addDir: async (dir) => void added.push(dir),
    });
    expect(added).toEqual(["../shared lib"]);
    expect(result).toEqual({
      kind: "output",
      isError: false,
      lines: ["Added ../shared lib: the file tools may use it, and MCP servers get it as a root."],
    });
  });

  it("says why a folder was refused, and how to use it", async () => {
    const refuse = async () => {
      throw new Error("--add-dir nope: no such folder");
    };
    expect(await addDirCommand.run(["nope"], { ...base, addDir: refuse })).toEqual({
      kind: "output",
      isError: true,
      lines: ["--add-dir nope: no such folder"],
    });
    expect(await addDirCommand.run([], { ...base, addDir: refuse })).toEqual({
      kind: "output",
      isError: true,
      lines: ["Usage: /add-dir DIR"],
    });
  });
});
