/**
 * A reply's text saved as it streams in: the first piece at once, the rest at
 * most FLUSH_MS later; a retry voids what was saved, a failure ends it; and
 * only partial lines left last in a session are a cut reply.
 */
import { describe, expect, it } from "vitest";
import type { ConversationEntry } from "../../../src/agent/conversation.ts";
import { cutReply, FLUSH_MS, StreamedReply } from "../../../src/agent/streamed-reply.ts";
import { FakeClock } from "../../helpers/fake-clock.ts";

function saver() {
  const lines: ConversationEntry[] = [];
  const clock = new FakeClock();
  return { lines, clock, reply: new StreamedReply((entry) => lines.push(entry), clock) };
}

describe("StreamedReply", () => {
  it("saves the first piece at once and what follows within FLUSH_MS, even when the stream stalls", () => {
    const { lines, clock, reply } = saver();
    reply.add("The firs");
    expect(lines).toEqual([{ type: "partial", text: "The firs" }]);
    reply.add("t half");
    reply.add(" of it");
    expect(lines).toHaveLength(1);
    clock.advance(FLUSH_MS);
    expect(lines.at(-1)).toEqual({ type: "partial", text: "t half of it" });
    expect(cutReply(lines)).toBe("The first half of it");
  });

  it("a retry voids what was saved of the failed attempt", () => {
    const { lines, clock, reply } = saver();
    reply.add("Attempt one");
    reply.retried();
    reply.add("Attempt two");
    clock.advance(FLUSH_MS);
    expect(cutReply(lines)).toBe("Attempt two");
  });

  it("a failed request is no cut reply, nor is one whose reply line follows", () => {
    const { lines, reply } = saver();
    reply.add("Half");
    reply.failed();
    expect(cutReply(lines)).toBeUndefined();
    const finished: ConversationEntry[] = [
      { type: "partial", text: "Whole" },
      { type: "assistant", message: { role: "assistant", content: [{ type: "text", text: "Whole" }] }, model: "m" },
    ];
    expect(cutReply(finished)).toBeUndefined();
  });

  it("stop() drops a piece not saved yet: the reply's own line holds it", () => {
    const { lines, clock, reply } = saver();
    reply.add("One");
    reply.add("Two");
    reply.stop();
    clock.advance(FLUSH_MS * 2);
    expect(lines).toEqual([{ type: "partial", text: "One" }]);
  });
});
