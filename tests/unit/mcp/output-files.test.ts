import { mkdtemp, readFile, realpath, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { capOutput, cutsText } from "../../../src/mcp/tools/content.ts";
import { ToolOutputFiles } from "../../../src/mcp/tools/output-files.ts";

describe("saved tool output", () => {
  it("goes to one file per call in the session's folder, named for server and tool", async () => {
    const root = await realpath(await mkdtemp(join(tmpdir(), "mini-cc-out-")));
    const files = new ToolOutputFiles(root, "s1");
    const first = await files.save("my server", "get/all", "a\nbb\nccc");
    const second = await files.save("my server", "get/all", "x");
    expect(first).toEqual({ path: join(root, "s1", "my_server__get_all-1.txt"), chars: 8, lines: 3, longestLine: 3 });
    expect(second?.path).toBe(join(root, "s1", "my_server__get_all-2.txt"));
    expect(await readFile(first!.path, "utf8")).toBe("a\nbb\nccc");
  });

  it("resolves undefined when the folder cannot be written, so the call still answers", async () => {
    const root = await realpath(await mkdtemp(join(tmpdir(), "mini-cc-out-")));
    await writeFile(join(root, "a-file"), "");
    const files = new ToolOutputFiles(join(root, "a-file"), "s1");
    expect(await files.save("s", "t", "text")).toBeUndefined();
  });
});

describe("the cap's note with saved output", () => {
  const blocks = [{ type: "text" as const, text: "0123456789" }];
  it("is needed only when the cap cuts text", () => {
    expect(cutsText(blocks, 10)).toBe(false);
    expect(cutsText(blocks, 9)).toBe(true);
  });

  it("says where the whole text is, and when a line is too long for Read", () => {
    const saved = { path: "/h/tool-output/s/a__b-1.txt", chars: 10, lines: 1, longestLine: 2500 };
    expect(capOutput(blocks, 4, saved)).toEqual([
      { type: "text", text: "0123" },
      {
        type: "text",
        text:
          "[Output truncated: the tool returned 10 characters (about 3 tokens); only the first 4 are shown. " +
          "The whole output is saved in /h/tool-output/s/a__b-1.txt (10 characters, 1 line). " +
          'Read it in slices with the Read tool: file_path "/h/tool-output/s/a__b-1.txt", offset (the 1-based line to start at) and limit (how many lines), ' +
          "for example offset 1 and limit 200. Read cuts lines at 2000 characters and its longest line has 2500: use Grep on the file for those.]",
      },
    ]);
  });
});
