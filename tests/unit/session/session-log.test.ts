import { appendFileSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Conversation } from "../../../src/agent/conversation.ts";
import { projectKey } from "../../../src/session/project-key.ts";
import { listProjectSessions, readSavedSession } from "../../../src/session/saved-sessions.ts";
import { SessionLog } from "../../../src/session/session-log.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function logIn(root: string, id = "11111111-1111-4111-8111-111111111111") {
  const file = join(root, "projects", projectKey("/home/ann/proj"), `${id}.jsonl`);
  const warnings: string[] = [];
  const log = new SessionLog({
    file,
    sessionId: id,
    cwd: "/home/ann/proj",
    model: () => "claude-sonnet-4-5",
    warn: (m) => warnings.push(m),
    now: () => new Date(0),
  });
  return { file, log, warnings };
}

describe("the session log", () => {
  it("writes nothing until the first entry, then a header and one line per entry, 0600 in a 0700 folder", () => {
    const root = mkdtempSync(join(tmpdir(), "mini-cc-log-"));
    dirs.push(root);
    const { file, log } = logIn(root);
    log.sync();
    expect(() => statSync(file)).toThrow();
    log.append({ type: "prompt", content: "hi" });
    log.close();
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(root, "projects")).mode & 0o777).toBe(0o700);
    expect(readFileSync(file, "utf8").split("\n")).toEqual([
      '{"type":"session","version":1,"sessionId":"11111111-1111-4111-8111-111111111111","cwd":"/home/ann/proj","model":"claude-sonnet-4-5","time":"1970-01-01T00:00:00.000Z"}',
      '{"type":"prompt","content":"hi","time":"1970-01-01T00:00:00.000Z"}',
      "",
    ]);
    expect(projectKey("/home/ann/proj")).toBe("-home-ann-proj");
  });

  it("skips a torn last line on load, and appends after it on a line of its own", () => {
    const root = mkdtempSync(join(tmpdir(), "mini-cc-log-"));
    dirs.push(root);
    const { file, log } = logIn(root);
    log.append({ type: "prompt", content: "first" });
    log.close();
    appendFileSync(file, '{"type":"assistant","mess');
    const torn = readSavedSession(file, "x");
    expect(torn.skippedLines).toBe(1);
    expect(torn.entries).toEqual([{ type: "prompt", content: "first" }]);
    const again = logIn(root).log;
    again.append({ type: "prompt", content: "second" });
    again.close();
    const after = readSavedSession(file, "x");
    expect(after.entries).toEqual([
      { type: "prompt", content: "first" },
      { type: "prompt", content: "second" },
    ]);
    expect(after.skippedLines).toBe(1);
    expect(listProjectSessions(join(root, "projects"), "/home/ann/proj")).toEqual([
      expect.objectContaining({ id: "11111111-1111-4111-8111-111111111111", turns: 2, firstPrompt: "first" }),
    ]);
  });

  it("reads back every kind of entry the agent records, the model's notes and refusals included", () => {
    const root = mkdtempSync(join(tmpdir(), "mini-cc-log-"));
    dirs.push(root);
    const { file, log } = logIn(root);
    const entries = [
      { type: "prompt" as const, content: "one … 😀 中文 é" },
      { type: "note" as const, text: "[Request interrupted by user]" },
      { type: "prompt" as const, content: "two" },
      { type: "refused" as const },
      { type: "clear" as const },
    ];
    for (const entry of entries) log.append(entry);
    log.close();
    const saved = readSavedSession(file, "x");
    expect(saved.skippedLines).toBe(0);
    expect(saved.entries).toEqual(entries);
  });

  it("gives the last turns from the end of the file, the same entries as the whole read's tail", () => {
    const root = mkdtempSync(join(tmpdir(), "mini-cc-log-"));
    dirs.push(root);
    const { file, log } = logIn(root);
    const reply = (text: string) => ({
      type: "assistant" as const,
      message: { role: "assistant" as const, content: [{ type: "text" as const, text }] },
      usage: { input_tokens: 1, output_tokens: 1 },
      model: "m",
    });
    for (const n of [1, 2, 3]) {
      log.append({ type: "prompt", content: `p${n}` });
      log.append(reply(`r${n}`));
    }
    log.close();
    // A line torn in the middle of the file (a kill, then a later run appending) is counted at once.
    appendFileSync(file, '{"type":"assistant","message":{"role":"assistant","content":[]}\n');
    const again = logIn(root).log;
    again.append({ type: "model", model: "claude-opus-4-5" });
    again.append({ type: "prompt", content: "p4" });
    again.close();
    const saved = readSavedSession(file, "x");
    expect(saved.skippedLines).toBe(1);
    expect(saved.model).toBe("claude-opus-4-5");
    expect(saved.recentEntries(2)).toEqual([
      { type: "prompt", content: "p3" },
      reply("r3"),
      { type: "prompt", content: "p4" },
    ]);
    expect(saved.entries.slice(-3)).toEqual(saved.recentEntries(2));
    expect(saved.entries).toHaveLength(7);
    expect(saved.recentEntries(9)).toEqual(saved.entries);
  });

  it("reads a tool result longer than a read at a time, and only what was there when it was opened", () => {
    const root = mkdtempSync(join(tmpdir(), "mini-cc-log-"));
    dirs.push(root);
    const { file, log } = logIn(root);
    const result = {
      type: "tool_results" as const,
      content: [{ type: "tool_result" as const, tool_use_id: "t", content: "é".repeat(150_000) }],
    };
    log.append({ type: "prompt", content: "p1" });
    log.append(result);
    log.append({ type: "prompt", content: "p2" });
    log.close();
    const saved = readSavedSession(file, "x");
    // This run goes on in the same file: what it appends is not the saved session's.
    const again = logIn(root).log;
    again.append({ type: "prompt", content: "p3" });
    again.close();
    expect(saved.skippedLines).toBe(0);
    expect(saved.recentEntries(2)).toEqual([
      { type: "prompt", content: "p1" },
      result,
      { type: "prompt", content: "p2" },
    ]);
    expect(saved.entries).toEqual(saved.recentEntries(2));
    expect(readSavedSession(file, "x").entries).toHaveLength(4);
  });

  it("replays a saved conversation when it is first read; a /clear before that drops it", () => {
    const entries = [{ type: "prompt" as const, content: "one" }];
    let reads = 0;
    const lazy = new Conversation();
    lazy.replayOnFirstUse(
      () => (reads++, entries),
      () => lazy.addUserText("then"),
    );
    expect(reads).toBe(0);
    expect(lazy.messages).toEqual([
      {
        role: "user",
        content: [
          { type: "text", text: "one" },
          { type: "text", text: "then" },
        ],
      },
    ]);
    expect(reads).toBe(1);
    const cleared = new Conversation();
    cleared.replayOnFirstUse(() => (reads++, entries));
    cleared.clear();
    expect(cleared.messages).toEqual([]);
    expect(reads).toBe(1);
  });

  it("replays recorded entries into the same messages, a compaction included", () => {
    const live = new Conversation();
    const entries = [
      { type: "prompt" as const, content: "one" },
      {
        type: "assistant" as const,
        message: { role: "assistant" as const, content: [{ type: "text" as const, text: "a" }] },
        usage: { input_tokens: 1, output_tokens: 1 },
        model: "m",
      },
      { type: "prompt" as const, content: "two" },
    ];
    live.addPrompt("one");
    live.addAssistant({ role: "assistant", content: [{ type: "text", text: "a" }] });
    live.addPrompt("two");
    const replayed = new Conversation();
    replayed.replay(entries);
    expect(JSON.stringify(replayed.messages)).toBe(JSON.stringify(live.messages));
    replayed.replay([
      { type: "compaction", summary: "S", trigger: "auto", tokensBefore: 9, tokensAfter: 1 },
      { type: "prompt", content: "three" },
    ]);
    expect(replayed.messages).toHaveLength(1);
    expect(replayed.messages[0]!.content).toEqual([
      expect.objectContaining({ text: expect.stringContaining("Its summary:\n\nS") }),
      { type: "text", text: "three" },
    ]);
  });
});
