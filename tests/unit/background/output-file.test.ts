import { readFileSync, statSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { OutputFile } from "../../../src/background/output-file.ts";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "mini-cc-out-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("OutputFile", () => {
  it("writes the output to a private file, read back from any position", () => {
    const file = new OutputFile(path.join(dir, "tasks", "b1.log"));
    file.append("hello\n");
    file.append(Buffer.from("world\n"));
    expect(file.read(0, 1000)).toEqual({ text: "hello\nworld\n", to: 12 });
    expect(file.read(6, 1000)).toEqual({ text: "world\n", to: 12 });
    file.close();
    expect(readFileSync(file.path, "utf8")).toBe("hello\nworld\n");
    expect(statSync(file.path).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(file.path)).mode & 0o777).toBe(0o700);
  });

  it("keeps the head in the file and the tail in memory past the cap, counting everything", () => {
    const file = new OutputFile(path.join(dir, "b1.log"), { headBytes: 10, tailBytes: 4 });
    file.append("0123456");
    file.append("789abcdef");
    file.append("ghij");
    expect(file.bytesWritten).toBe(20);
    expect(file.read(0, 1000).text).toBe("0123456789\n… [6 bytes of output not kept] …\nghij");
    file.close();
    expect(readFileSync(file.path, "utf8")).toBe("0123456789\n… [6 bytes of output left out here] …\nghij");
  });

  it("writes exactly the last tailBytes to the file however big the last chunks were", () => {
    const file = new OutputFile(path.join(dir, "b1.log"), { headBytes: 10, tailBytes: 4 });
    file.append("0123456789");
    file.append("abcdefgh");
    file.append("ijklmnop");
    file.close();
    expect(readFileSync(file.path, "utf8")).toBe("0123456789\n… [12 bytes of output left out here] …\nmnop");
  });

  it("gives the head and tail of what is new when it is too long to hand out, naming the file", () => {
    const file = new OutputFile(path.join(dir, "b1.log"));
    file.append("a".repeat(50) + "b".repeat(50));
    expect(file.read(0, 20)).toEqual({
      text: `aaaaaaaaaa\n\n… [80 bytes left out here; the output file holds the rest: ${file.path}] …\n\nbbbbbbbbbb`,
      to: 100,
    });
  });

  it("gives the last lines for the reminder", () => {
    const file = new OutputFile(path.join(dir, "b1.log"));
    file.append("one\ntwo\n\nthree\nfour\n");
    expect(file.lastLines(2)).toEqual(["three", "four"]);
  });
});
