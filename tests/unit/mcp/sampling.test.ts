import { describe, expect, it } from "vitest";
import type { CreateMessageRequestParams } from "@modelcontextprotocol/client";
import { runSampling, samplingView } from "../../../src/mcp/requests/sampling.ts";
import { FakeModel, text, use } from "../../helpers/agent-fakes.ts";

const PARAMS: CreateMessageRequestParams = {
  messages: [
    {
      role: "user",
      content: [
        { type: "text", text: "Describe" },
        { type: "image", data: "iVBOR", mimeType: "image/png" },
      ],
    },
    { role: "assistant", content: { type: "text", text: "A cat." } },
    { role: "user", content: { type: "audio", data: "UklG", mimeType: "audio/wav" } },
  ],
  maxTokens: 30,
  modelPreferences: { hints: [{ name: "claude-haiku" }, { name: "sonnet" }], speedPriority: 0.8, costPriority: 0.2 },
};

describe("sampling", () => {
  it("shows every message as text, images and audio as notes, and the server's preferences as a hint", () => {
    expect(samplingView(PARAMS)).toEqual({
      systemPrompt: "",
      messages: [
        { role: "user", text: "Describe\n[image image/png]" },
        { role: "assistant", text: "A cat." },
        { role: "user", text: "[audio audio/wav]" },
      ],
      maxTokens: 30,
      preferences: "hints: claude-haiku, sonnet · cost 0.2 · speed 0.8",
    });
  });

  it("sends images to the model as image blocks, no tools, no system prompt when none was given", async () => {
    const model = new FakeModel([{ content: [text("Meow.")] }]);
    await runSampling(model, PARAMS, new AbortController().signal);
    expect(model.requests[0]).toEqual({
      system: [],
      messages: [
        {
          role: "user",
          content: [
            { type: "text", text: "Describe" },
            { type: "image", source: { type: "base64", media_type: "image/png", data: "iVBOR" } },
          ],
        },
        { role: "assistant", content: [{ type: "text", text: "A cat." }] },
        { role: "user", content: [{ type: "text", text: "[audio audio/wav]" }] },
      ],
      tools: [],
      maxTokens: 30,
    });
  });

  it("returns only the reply's text, and says when it hit max tokens", async () => {
    const model = new FakeModel([
      { content: [text("Half"), use("x", "Read"), text(" done")], stopReason: "max_tokens" },
    ]);
    expect(await runSampling(model, PARAMS, new AbortController().signal)).toEqual({
      text: "Half done",
      model: "fake",
      stopReason: "maxTokens",
    });
  });
});
