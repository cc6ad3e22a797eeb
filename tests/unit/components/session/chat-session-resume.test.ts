import { describe, expect, it, vi } from "vitest";
import type { ConversationEntry } from "../../../../src/agent/conversation.ts";
import { savedSession } from "../../../../src/session/saved-sessions.ts";
import { Store } from "../../../../src/store.ts";
import { ChatSession } from "../../../../components/session/chat-session.ts";
import type { SessionActions } from "../../../../src/session/runtime-api.ts";
import { WHOLE_SAVED_DELAY_MS } from "../../../../components/transcript/resumed.ts";
import { FakeClock } from "../../../helpers/fake-clock.ts";
import { fakeRuntime } from "../../../helpers/tui-fixtures.ts";

const ENTRIES: ConversationEntry[] = [
  { type: "prompt", content: "fix posts.ts" },
  {
    type: "assistant",
    message: {
      role: "assistant",
      content: [{ type: "tool_use", id: "t1", name: "Read", input: { file_path: "posts.ts" } }],
    },
    usage: { input_tokens: 1, output_tokens: 1 },
    model: "m",
  },
  { type: "tool_results", content: [{ type: "tool_result", tool_use_id: "t1", content: "     1\tconst a = 1;" }] },
  {
    type: "assistant",
    message: { role: "assistant", content: [{ type: "text", text: "Fixed." }] },
    usage: { input_tokens: 1, output_tokens: 1 },
    model: "m",
  },
];
const SAVED = savedSession({ id: "s-1", file: "/x.jsonl", header: undefined, model: "m", skippedLines: 0 }, ENTRIES);

/** One saved session, changed three hours before `now`. */
function sessions(resumed: string[], now = 0): SessionActions {
  return {
    list: () => [
      { id: "s-1", file: "/x.jsonl", modifiedMs: now - 3 * 3_600_000, turns: 1, firstPrompt: "fix posts.ts" },
    ],
    resume: (id) => {
      resumed.push(id);
      return SAVED;
    },
    restored: undefined,
    pickAtStart: false,
    contextLines: () => [],
    contextUse: () => ({ tokens: 150_000, windowTokens: 200_000, thresholdTokens: 180_000 }),
    costLines: () => [],
    model: new Store("m"),
    setModel: async () => {},
  };
}

const texts = (session: ChatSession) =>
  session.transcript
    .getSnapshot()
    .items.map((item) =>
      item.kind === "user"
        ? `❯ ${item.text}`
        : item.kind === "assistant"
          ? `● ${item.text}`
          : item.kind === "tool-call"
            ? `⏺ ${item.label}`
            : item.kind === "tool-result"
              ? `✔ ${item.name} ${item.lines.join(" ")}`
              : item.kind === "notice"
                ? `◇ ${item.text}`
                : item.kind,
    );

describe("/resume in the TUI", () => {
  it("offers the folder's sessions in a picker; choosing one shows its transcript", async () => {
    const resumed: string[] = [];
    const clock = new FakeClock();
    const session = new ChatSession(fakeRuntime({ sessions: sessions(resumed, clock.now()) }), { clock });
    await session.submit("/resume");
    const open = session.picker.getSnapshot();
    expect(open?.picker.choices).toEqual([{ label: "3 h ago · 1 prompt · fix posts.ts" }]);
    await session.answerPicker(open!.id, 0);
    expect(resumed).toEqual(["s-1"]);
    expect(session.picker.getSnapshot()).toBeUndefined();
    expect(texts(session)).toEqual([
      "❯ fix posts.ts",
      "⏺ Read(posts.ts)",
      "✔ Read      1  const a = 1;",
      "● Fixed.",
      "◇ Resumed session s-1.",
    ]);
    expect(session.contextPct.getSnapshot()).toBe(0);
    clock.advance(WHOLE_SAVED_DELAY_MS); // figured a moment after the first frame
    expect(session.contextPct.getSnapshot()).toBe(75);
  });

  it("Cancel closes the picker and resumes nothing", async () => {
    const resumed: string[] = [];
    const session = new ChatSession(fakeRuntime({ sessions: sessions(resumed) }));
    await session.submit("/resume");
    await session.answerPicker(session.picker.getSnapshot()!.id, 1);
    expect(resumed).toEqual([]);
    expect(session.picker.getSnapshot()).toBeUndefined();
  });

  it("draws first only the last turns that fill the screen, then the earlier ones", async () => {
    const turn = (n: number): ConversationEntry[] => [
      { type: "prompt", content: `prompt ${n}` },
      {
        type: "assistant",
        message: { role: "assistant", content: [{ type: "text", text: `reply ${n}` }] },
        usage: { input_tokens: 1, output_tokens: 1 },
        model: "m",
      },
    ];
    const saved = savedSession(
      { id: "s-2", file: "/y.jsonl", header: undefined, model: "m", skippedLines: 0 },
      [1, 2, 3, 4, 5].flatMap(turn),
    );
    const clock = new FakeClock();
    const restoring = (screenRows: number) =>
      new ChatSession(fakeRuntime({ sessions: { ...sessions([]), restored: saved } }), { screenRows, clock });
    // 8 rows less the prompt box and footer leave 3: two turns of two rows fill them.
    const short = restoring(8);
    expect(texts(short)).toEqual(["❯ prompt 4", "● reply 4", "❯ prompt 5", "● reply 5", "◇ Resumed session s-2."]);
    const tall = restoring(40);
    expect(texts(tall).filter((text) => text.startsWith("❯"))).toEqual([
      "❯ prompt 2",
      "❯ prompt 3",
      "❯ prompt 4",
      "❯ prompt 5",
    ]);
    clock.advance(WHOLE_SAVED_DELAY_MS - 1);
    expect(texts(short)).toHaveLength(5);
    clock.advance(1); // the whole transcript comes just after the first frame, once Markdown can be drawn
    await vi.waitFor(() => expect(texts(short).length).toBeGreaterThan(5));
    expect(texts(short).filter((text) => text.startsWith("❯"))).toEqual([
      "❯ prompt 1",
      "❯ prompt 2",
      "❯ prompt 3",
      "❯ prompt 4",
      "❯ prompt 5",
    ]);
  });

  it("shows a resumed prompt as typed, not with the files its @ mentions attached", () => {
    const entries: ConversationEntry[] = [
      {
        type: "prompt",
        content: [
          { type: "text", text: "look at @here.txt" },
          { type: "text", text: "Contents of @here.txt (/p/here.txt):\nhello" },
        ],
      },
      {
        type: "assistant",
        message: { role: "assistant", content: [{ type: "text", text: "Seen." }] },
        usage: { input_tokens: 1, output_tokens: 1 },
        model: "m",
      },
    ];
    const saved = savedSession(
      { id: "s-3", file: "/z.jsonl", header: undefined, model: "m", skippedLines: 0 },
      entries,
    );
    const session = new ChatSession(fakeRuntime({ sessions: { ...sessions([]), restored: saved } }));
    expect(texts(session)).toEqual(["❯ look at @here.txt", "● Seen.", "◇ Resumed session s-3."]);
  });
});
