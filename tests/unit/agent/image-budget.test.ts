import { describe, expect, it } from "vitest";
import { Conversation } from "../../../src/agent/conversation.ts";
import { withinImageBudget } from "../../../src/agent/image-budget.ts";
import type { ImageBlock, Message, ToolResultBlock } from "../../../src/model/messages.ts";

const image = (data: string): ImageBlock => ({
  type: "image",
  source: { type: "base64", media_type: "image/png", data },
});
const result = (id: string, ...images: ImageBlock[]): ToolResultBlock => ({
  type: "tool_result",
  tool_use_id: id,
  content: [{ type: "text", text: id }, ...images],
});

function imagesIn(messages: readonly Message[]): string[] {
  return messages.flatMap((m) =>
    typeof m.content === "string"
      ? []
      : m.content.flatMap((b) =>
          b.type === "image"
            ? [b.source.data]
            : b.type === "tool_result" && typeof b.content !== "string"
              ? b.content.flatMap((p) => (p.type === "image" ? [p.source.data] : []))
              : [],
        ),
  );
}

describe("the request's image budget", () => {
  it("keeps the same messages while the images fit", () => {
    const messages: Message[] = [{ role: "user", content: [result("a", image("x"), image("y"))] }];
    expect(withinImageBudget(messages, { maxImages: 2, maxBase64Chars: 10 })).toBe(messages);
  });

  it("turns the oldest images into notes when there are too many, keeping the newest", () => {
    const messages: Message[] = [
      { role: "user", content: [result("a", image("1"), image("2"))] },
      { role: "assistant", content: [{ type: "text", text: "ok" }] },
      { role: "user", content: [result("b", image("3")), image("4")] },
    ];
    const kept = withinImageBudget(messages, { maxImages: 2, maxBase64Chars: 100 });
    expect(imagesIn(kept)).toEqual(["3", "4"]);
    const first = kept[0]!.content as ToolResultBlock[];
    expect(first[0]!.content).toEqual([
      { type: "text", text: "a" },
      { type: "text", text: expect.stringContaining("Earlier image (image/png) dropped") },
      { type: "text", text: expect.stringContaining("Earlier image (image/png) dropped") },
    ]);
  });

  it("drops by size too: the bytes of all images together", () => {
    const messages: Message[] = [{ role: "user", content: [result("a", image("aaaa"), image("bbbb"), image("cc"))] }];
    expect(imagesIn(withinImageBudget(messages, { maxImages: 10, maxBase64Chars: 6 }))).toEqual(["bbbb", "cc"]);
  });

  it("applies over a whole session, rewriting earlier messages only when a quarter of the budget has filled again", () => {
    const conversation = new Conversation();
    conversation.addPrompt("look at many screenshots");
    let rewrites = 0;
    for (let i = 0; i < 150; i++) {
      conversation.addAssistant({
        role: "assistant",
        content: [{ type: "tool_use", id: `t${i}`, name: "shot", input: {} }],
      });
      const before = conversation.messages;
      conversation.addToolResults([result(`t${i}`, image(`img${i}`))]);
      if (before.some((message, m) => conversation.messages[m] !== message)) rewrites += 1;
    }
    const images = imagesIn(conversation.messages);
    // Over 100 at img100 (kept: the newest 75), and again at img126.
    expect(rewrites).toBe(2);
    expect(images).toHaveLength(98);
    expect(images[0]).toBe("img52");
    expect(images.at(-1)).toBe("img149");
  });
});
