import { describe, expect, it } from "vitest";
import type { PermissionRequest } from "../../../../src/agent/events.ts";
import { ABORTED_DECISION, PermissionQueue } from "../../../../components/runtime/permission-queue.ts";
import { covers } from "../../../helpers/rule-coverage.ts";

const request = (toolName: string, summary = toolName): PermissionRequest => ({
  toolUseId: summary,
  toolName,
  input: {},
  summary,
  reason: "needs approval",
});

describe("PermissionQueue", () => {
  it("holds a request until it is resolved, then settles the agent's promise", async () => {
    const queue = new PermissionQueue(covers);
    const answer = queue.ask(request("Bash"), new AbortController().signal);
    const [pending] = queue.getSnapshot().pending;
    expect(pending).toEqual({ id: 1, request: request("Bash") });
    queue.resolve(pending!.id, { behavior: "allow", scope: "once" });
    expect(await answer).toEqual({ behavior: "allow", scope: "once" });
    expect(queue.getSnapshot().pending).toEqual([]);
  });

  it("resolves an aborted request as a denial and drops it", async () => {
    const queue = new PermissionQueue(covers);
    const turn = new AbortController();
    const answer = queue.ask(request("Bash"), turn.signal);
    turn.abort();
    expect(await answer).toEqual(ABORTED_DECISION);
    expect(queue.getSnapshot().pending).toEqual([]);
  });

  it("denies at once when the signal is already aborted", async () => {
    const queue = new PermissionQueue(covers);
    expect(await queue.ask(request("Bash"), AbortSignal.abort())).toEqual(ABORTED_DECISION);
    expect(queue.getSnapshot().pending).toEqual([]);
  });

  it("answers every waiting request for the same tool on allow-for-session", async () => {
    const queue = new PermissionQueue(covers);
    const signal = new AbortController().signal;
    const first = queue.ask(request("Write", "Write(a)"), signal);
    const second = queue.ask(request("Write", "Write(b)"), signal);
    void queue.ask(request("Bash"), signal);
    queue.resolve(1, { behavior: "allow", scope: "session" });
    expect(await first).toEqual({ behavior: "allow", scope: "session" });
    expect(await second).toEqual({ behavior: "allow", scope: "session" });
    expect(queue.getSnapshot().pending.map((p) => p.request.toolName)).toEqual(["Bash"]);
  });

  it("judges what a session rule covers as the permission chain does, with its shell parser", async () => {
    const queue = new PermissionQueue(covers);
    const signal = new AbortController().signal;
    const bash = (command: string): PermissionRequest => ({ ...request("Bash", command), input: { command } });
    void queue.ask(bash("npm test -- posts"), signal);
    const quiet = queue.ask(bash("npm test 2>/dev/null"), signal);
    void queue.ask(bash("npm test && rm -rf build"), signal);
    void queue.ask(bash("npm test > out.log"), signal);
    queue.resolve(1, { behavior: "allow", scope: "session", rule: "Bash(npm test:*)" });
    expect(await quiet).toEqual({ behavior: "allow", scope: "session", rule: "Bash(npm test:*)" });
    expect(queue.getSnapshot().pending.map((p) => p.request.summary)).toEqual([
      "npm test && rm -rf build",
      "npm test > out.log",
    ]);
  });

  it("notifies subscribers with (next, prev) and ignores unknown ids", () => {
    const queue = new PermissionQueue(covers);
    const sizes: Array<[number, number]> = [];
    queue.subscribe((next, prev) => sizes.push([next.pending.length, prev.pending.length]));
    void queue.ask(request("Bash"), new AbortController().signal);
    queue.resolve(99, { behavior: "deny" });
    expect(sizes).toEqual([[1, 0]]);
  });
});
