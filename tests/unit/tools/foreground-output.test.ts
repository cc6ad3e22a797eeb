import { describe, expect, it } from "vitest";
import { ForegroundOutput } from "../../../src/tools/foreground-output.ts";

/** A stand-in for a task's output file: what was appended, in order. */
function file() {
  const chunks: string[] = [];
  return { chunks, append: (chunk: string) => void chunks.push(chunk) };
}

describe("ForegroundOutput", () => {
  it("keeps the output for the result until the move, then writes what it kept and each later piece to the file", () => {
    const output = new ForegroundOutput(1000);
    output.append("one\n");
    output.append("two");
    const moved = file();
    expect(output.moveTo(moved)).toBe(true);
    output.append(" and three");
    expect(moved.chunks).toEqual(["one\ntwo", " and three"]);
    expect(output.moved).toBe(true);
    // The last line is unfinished: a line added after the output starts on its own.
    expect(output.lineBreak()).toBe("\n");
    output.append("\n");
    expect(output.lineBreak()).toBe("");
  });

  it("writes only the kept head and tail of a long output at the move, with the note on what was cut", () => {
    const output = new ForegroundOutput(10);
    output.append("0123456789abcdefghij");
    const moved = file();
    output.moveTo(moved);
    expect(moved.chunks).toEqual(["01234\n\n… [10 characters of output cut] …\n\nfghij"]);
  });

  it("changes nothing once the command ended: its result holds the output", () => {
    const output = new ForegroundOutput(1000);
    output.append("all of it\n");
    output.end();
    const moved = file();
    expect(output.moveTo(moved)).toBe(false);
    expect(moved.chunks).toEqual([]);
    expect(output.text()).toBe("all of it\n");
  });
});
