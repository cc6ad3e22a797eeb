import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { HookCommand, HookEvent } from "../../../src/hooks/hook-config.ts";
import { Hooks } from "../../../src/hooks/hooks.ts";
import { startSessionHooks } from "../../../src/hooks/turn-hooks.ts";
import { collect, fakeTool, testAgent, text, turn, use } from "../../helpers/agent-fakes.ts";

// The agent loop's hook moments with real hook commands (sh -c) and the fake model:
// what each hook is told on stdin, and what the model then reads.

const dir = mkdtempSync(join(tmpdir(), "agent-hooks-"));
const hook = (event: HookEvent, command: string, matcher = ""): HookCommand => ({
  event,
  matcher,
  command,
  timeoutS: 10,
  source: "/test/settings.json",
});
const options = (list: HookCommand[]) => ({
  hooks: () => list,
  cwd: dir,
  env: { PATH: process.env.PATH },
  sessionId: () => "s1",
  transcriptPath: () => "/t.jsonl",
  permissionMode: () => "default",
});
const hooksOf = (...list: HookCommand[]) => new Hooks(options(list));

describe("the agent's hooks", () => {
  it("Notification hears that a call waits for approval; what it says is shown", async () => {
    const seen = join(dir, "notification.json");
    const hooks = hooksOf(hook("Notification", `cat > ${seen}; echo '{"systemMessage":"pinged"}'`));
    const { agent } = testAgent({
      replies: [{ content: [use("b1", "Bash", { command: "ls" })] }, { content: [text("ok")] }],
      tools: [fakeTool("Bash")],
      decisions: [{ behavior: "allow", scope: "once" }],
      hooks,
    });
    const events = await turn(agent, "go");
    expect(JSON.parse(readFileSync(seen, "utf8"))).toMatchObject({
      hook_event_name: "Notification",
      notification_type: "permission_prompt",
      message: "mini-cc needs your permission to use Bash",
      session_id: "s1",
    });
    expect(events).toContainEqual({ type: "hook_note", text: "pinged" });
  });

  it("PreCompact gets the trigger and the focus before /compact summarises", async () => {
    const seen = join(dir, "precompact.json");
    const hooks = hooksOf(
      hook("PreCompact", `cat > ${seen}`, "manual"),
      hook("PreCompact", `touch ${seen}.auto`, "auto"),
    );
    const { agent } = testAgent({ replies: [{ content: [text("hi")] }, { content: [text("summary")] }], hooks });
    await turn(agent, "go");
    await collect(agent.compact("the API", new AbortController().signal));
    expect(JSON.parse(readFileSync(seen, "utf8"))).toMatchObject({
      hook_event_name: "PreCompact",
      trigger: "manual",
      custom_instructions: "the API",
    });
    expect(() => readFileSync(`${seen}.auto`)).toThrow();
  });

  it("SessionStart's stdout and PostToolUse's additionalContext reach the model", async () => {
    const hooks = startSessionHooks({
      ...options([
        hook("SessionStart", "echo 'Branch: main'"),
        hook(
          "PostToolUse",
          `echo '{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"lint is clean"}}'`,
          "Read",
        ),
      ]),
      after: Promise.resolve(),
      source: "startup",
      say: () => {},
    });
    const { agent, model } = testAgent({
      replies: [{ content: [use("r1", "Read", {})] }, { content: [text("ok")] }],
      tools: [fakeTool("Read", { readOnly: true })],
      hooks,
    });
    await turn(agent, "go");
    expect(model.requests[0]!.messages.at(-1)).toEqual({
      role: "user",
      content: [
        { type: "text", text: "go" },
        { type: "text", text: "Branch: main" },
      ],
    });
    expect(model.requests[1]!.messages.at(-1)!.content).toEqual([
      {
        type: "tool_result",
        tool_use_id: "r1",
        content: "Read ok\n\nPostToolUse hook: lint is clean",
        is_error: false,
      },
    ]);
  });

  it("continue: false from PreToolUse stops the turn: the call and the rest of the round are answered unrun, the user reads the reason", async () => {
    const hooks = hooksOf(hook("PreToolUse", `echo '{"continue":false,"stopReason":"deploy freeze"}'`, "Bash"));
    const bash = fakeTool("Bash");
    const read = fakeTool("Read", { readOnly: true });
    const { agent, model } = testAgent({
      replies: [
        { content: [use("b1", "Bash", { command: "ls" }), use("r1", "Read", {})] },
        { content: [text("never")] },
      ],
      tools: [bash, read],
      hooks,
    });
    const events = await turn(agent, "go");
    expect(bash.calls).toEqual([]);
    expect(read.calls).toEqual([]);
    expect(model.requests).toHaveLength(1);
    expect(events).toContainEqual({ type: "hook_note", text: "A hook stopped the turn: deploy freeze" });
    expect(events.at(-1)).toMatchObject({ type: "turn_end", reason: "end_turn" });
  });
});
