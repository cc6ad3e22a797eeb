import { describe, expect, it } from "vitest";
import { cliForTestFile, modelScript } from "../helpers/cli-sandbox.ts";

// `mini-cc -p … | head -1`: the reader goes away before mini-cc is done writing.

const cli = cliForTestFile();

describe("print mode with a closed stdout", () => {
  it("stops quietly with the SIGPIPE status instead of crashing with a stack trace", async () => {
    const box = await cli.sandbox();
    const read = (id: string) => ({ type: "tool_use", id, name: "Read", input: { file_path: "missing.txt" } });
    // Several rounds: lines keep coming after the reader has gone.
    const script = await box.write(
      "script.json",
      modelScript([read("t1")], [read("t2")], [read("t3")], [{ type: "text", text: "hello" }]),
    );
    const running = box.start(["-p", "hi", "--model-script", script, "--output-format", "stream-json"]);
    running.child.stdout.destroy();
    const run = await running.ended;
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 141, stderr: "" });
  });
});
