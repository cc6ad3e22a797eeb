import { describe, expect, it } from "vitest";
import {
  EMPTY_HISTORY,
  leaveHistory,
  newerPrompt,
  olderPrompt,
  type PromptHistory,
  recordPrompt,
} from "../../../../components/prompt/prompt-history.ts";

const sent = (...lines: string[]): PromptHistory => lines.reduce(recordPrompt, EMPTY_HISTORY);

describe("prompt history", () => {
  it("records submitted lines oldest first, slash commands included", () => {
    expect(sent("fix BUG-101", "/mcp")).toEqual({ entries: ["fix BUG-101", "/mcp"], index: null, draft: "" });
  });

  it("does not store a line twice in a row", () => {
    expect(sent("a", "a", "b", "a").entries).toEqual(["a", "b", "a"]);
  });

  it("steps to older entries, keeping the text typed before the first step as the draft", () => {
    const first = olderPrompt(sent("one", "two"), "half-typed");
    expect(first).toEqual({ history: { entries: ["one", "two"], index: 1, draft: "half-typed" }, text: "two" });
    const second = olderPrompt(first!.history, "two edited");
    expect(second).toEqual({ history: { entries: ["one", "two"], index: 0, draft: "half-typed" }, text: "one" });
  });

  it("stops at the oldest entry, and has nothing older when empty", () => {
    expect(olderPrompt({ entries: ["one"], index: 0, draft: "" }, "one")).toBeNull();
    expect(olderPrompt(EMPTY_HISTORY, "")).toBeNull();
  });

  it("steps to newer entries, then back to the draft", () => {
    const browsing: PromptHistory = { entries: ["one", "two"], index: 0, draft: "half" };
    const newer = newerPrompt(browsing);
    expect(newer).toEqual({ history: { entries: ["one", "two"], index: 1, draft: "half" }, text: "two" });
    expect(newerPrompt(newer!.history)).toEqual({
      history: { entries: ["one", "two"], index: null, draft: "" },
      text: "half",
    });
  });

  it("has nothing newer when not browsing", () => {
    expect(newerPrompt(sent("one"))).toBeNull();
  });

  it("adds an edited recalled entry as a new one, keeping the old, and stops browsing", () => {
    const browsing: PromptHistory = { entries: ["one", "two"], index: 0, draft: "half" };
    expect(recordPrompt(browsing, "one more")).toEqual({ entries: ["one", "two", "one more"], index: null, draft: "" });
  });

  it("stops browsing when the field is cleared, keeping the entries", () => {
    expect(leaveHistory({ entries: ["one"], index: 0, draft: "half" })).toEqual({
      entries: ["one"],
      index: null,
      draft: "",
    });
    const idle = sent("one");
    expect(leaveHistory(idle)).toBe(idle);
  });
});
