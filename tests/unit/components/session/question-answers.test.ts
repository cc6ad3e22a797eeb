import { describe, expect, it } from "vitest";
import { QuestionAnswers } from "../../../../components/session/question-answers.ts";
import { TranscriptStore } from "../../../../components/transcript/store.ts";
import { fakeRuntime, RecordingMcp, server } from "../../../helpers/tui-fixtures.ts";

describe("QuestionAnswers.decideServer", () => {
  it("starts every waiting server sandboxed on Start all sandboxed, in one transcript line", async () => {
    const mcp = new RecordingMcp(["tracker", "memory"].map((name) => server(name, { status: "needs-approval" })));
    const transcript = new TranscriptStore();
    await new QuestionAnswers(fakeRuntime({ mcp }), transcript).decideServer("tracker", "all-sandbox", [
      "tracker",
      "memory",
    ]);
    expect(mcp.decisions).toEqual([
      ["tracker", "sandbox"],
      ["memory", "sandbox"],
    ]);
    expect(JSON.stringify(transcript.getSnapshot())).toContain(
      "MCP servers tracker, memory approved for this project; starting them in the sandbox (where their entry does not say otherwise).",
    );
  });
});
