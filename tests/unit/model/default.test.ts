import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AnthropicModel } from "../../../src/model/anthropic-model.ts";
import { DEFAULT_ANTHROPIC_MODEL } from "../../../src/model/model-catalog.ts";
import { createModel, createOfflineModel, OFFLINE_MODEL_TEXT } from "../../../src/model/default-model.ts";
import type { ModelEvent, ModelRequest } from "../../../src/model/model.ts";
import { ScriptedModel } from "../../../src/model/scripted-model.ts";

const REQUEST: ModelRequest = { system: [], tools: [], messages: [{ role: "user", content: "hi" }] };
const KEY = { ANTHROPIC_API_KEY: "sk-ant-test" };

let dir = "";
let scriptPath = "";
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "mini-cc-model-"));
  scriptPath = join(dir, "demo.json");
  await writeFile(scriptPath, JSON.stringify({ responses: [{ content: [{ type: "text", text: "Done." }] }] }));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function finalText(events: AsyncIterable<ModelEvent>): Promise<string> {
  let text = "";
  for await (const event of events) {
    if (event.type === "message") text = event.message.content.map((b) => (b.type === "text" ? b.text : "")).join("");
  }
  return text;
}

describe("createModel", () => {
  it("uses the script when one is given, even with an API key", async () => {
    const model = await createModel({ scriptPath, env: KEY });
    expect([model instanceof ScriptedModel, model.name]).toEqual([true, "script:demo.json"]);
  });

  it("uses the Anthropic API with the newest Sonnet when only a key is set", async () => {
    const model = await createModel({ env: KEY });
    expect([model instanceof AnthropicModel, model.name]).toEqual([true, "claude-sonnet-5-5"]);
    expect(DEFAULT_ANTHROPIC_MODEL).toBe("claude-sonnet-5-5");
  });

  it("takes the model id from ANTHROPIC_MODEL", async () => {
    expect((await createModel({ env: { ...KEY, ANTHROPIC_MODEL: "claude-opus-5-5" } })).name).toBe("claude-opus-5-5");
  });

  it("falls back to the offline model with no key and no script", async () => {
    const model = await createModel({ env: { ANTHROPIC_API_KEY: "  " } });
    expect(model.name).toBe("offline");
  });

  it("passes a bad script's error through", async () => {
    await expect(createModel({ scriptPath: join(dir, "missing.json"), env: KEY })).rejects.toMatchObject({
      code: "script-not-found",
    });
  });
});

describe("the offline model", () => {
  it("explains how to configure a model, on every request", async () => {
    const model = createOfflineModel({ maxChunkDelayMs: 0 });
    const signal = new AbortController().signal;
    const answers = [await finalText(model.stream(REQUEST, signal)), await finalText(model.stream(REQUEST, signal))];
    expect(answers).toEqual([OFFLINE_MODEL_TEXT, OFFLINE_MODEL_TEXT]);
    expect(OFFLINE_MODEL_TEXT).toContain("ANTHROPIC_API_KEY is not set");
    expect(OFFLINE_MODEL_TEXT).toContain("--model-script FILE");
  });
});
