import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { commitFiles } from "../helpers/git-repo.ts";
import {
  cliForTestFile,
  mcpConfig,
  NODE,
  processesMentioning,
  resultOf,
  scriptedStreamRun,
  TEST_SERVER,
  toolResultsById,
  toolUse,
  type CliSandbox,
} from "../helpers/cli-sandbox.ts";

// Claude Code's hooks, declared in a temporary project's settings files and run by the real CLI
// (-p with the scripted model): real shell scripts that block, deny, edit files, add context,
// and misbehave; a shared file's hooks run only once the user approved that file.

const cli = cliForTestFile();
let box: CliSandbox;
beforeEach(async () => {
  box = await cli.sandbox();
});

/** A hook script under the project, made executable; returns its path. */
async function script(name: string, body: string): Promise<string> {
  const path = await box.write(`project/hooks/${name}`, `#!/bin/sh\n${body}\n`);
  const { chmod } = await import("node:fs/promises");
  await chmod(path, 0o755);
  return path;
}

function hooks(event: string, matcher: string, command: string, extra: Record<string, unknown> = {}) {
  return { hooks: { [event]: [{ matcher, hooks: [{ type: "command", command, ...extra }] }] } };
}

describe("hooks", () => {
  it("a PreToolUse guard that exits 2 blocks a Bash call: the command never runs, the model reads why", async () => {
    const guard = await script(
      "guard.sh",
      `input=$(cat)\ncase "$input" in *"rm -rf"*) echo "rm -rf is not allowed here" >&2; exit 2;; esac\nexit 0`,
    );
    await box.write("project/.claude/settings.local.json", {
      ...hooks("PreToolUse", "Bash", guard),
      permissions: { allow: ["Bash"] },
    });
    const marker = join(box.root, "ran");
    const result = await scriptedStreamRun(
      box,
      [
        [toolUse("b1", "Bash", { command: `touch ${marker}; rm -rf /nonexistent-dir` })],
        [{ type: "text", text: "ok" }],
      ],
      [],
    );
    expect(toolResultsById(result.lines)["b1"]).toEqual({
      content: "PreToolUse hook blocked this call: rm -rf is not allowed here",
      is_error: true,
    });
    expect(existsSync(marker)).toBe(false);
  });

  it("a PreToolUse hook matched by regex denies an MCP tool with permissionDecision, and gets Claude Code's stdin and CLAUDE_PROJECT_DIR", async () => {
    const seen = join(box.root, "seen.json");
    const deny = await script(
      "deny.sh",
      `cat > ${seen}\necho "$CLAUDE_PROJECT_DIR" > ${seen}.dir\necho '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"echo is off limits"}}'`,
    );
    await box.write("project/.claude/settings.local.json", {
      ...hooks("PreToolUse", "mcp__test__.*", deny),
      permissions: { allow: ["mcp__test"] },
    });
    const result = await scriptedStreamRun(
      box,
      [[toolUse("m1", "mcp__test__echo", { text: "hi" })], [{ type: "text", text: "ok" }]],
      ["--mcp-config", mcpConfig({ test: { command: NODE, args: [TEST_SERVER] } })],
    );
    expect(toolResultsById(result.lines)["m1"]).toEqual({
      content: "PreToolUse hook denied this call: echo is off limits",
      is_error: true,
    });
    const input = JSON.parse(readFileSync(seen, "utf8"));
    expect(input).toMatchObject({
      hook_event_name: "PreToolUse",
      tool_name: "mcp__test__echo",
      tool_input: { text: "hi" },
      tool_use_id: "m1",
      cwd: box.project,
      permission_mode: "default",
    });
    expect(typeof input.session_id).toBe("string");
    expect(input.transcript_path).toContain(input.session_id);
    expect(readFileSync(`${seen}.dir`, "utf8").trim()).toBe(box.project);
  });

  it("a PreToolUse allow never overrides a deny rule", async () => {
    const allow = await script("allow.sh", `echo '{"hookSpecificOutput":{"permissionDecision":"allow"}}'`);
    await box.write("project/.claude/settings.local.json", {
      ...hooks("PreToolUse", "*", allow),
      permissions: { deny: ["Bash(echo:*)"] },
    });
    const result = await scriptedStreamRun(
      box,
      [
        [toolUse("b1", "Bash", { command: "echo hi" }), toolUse("b2", "Bash", { command: "pwd" })],
        [{ type: "text", text: "ok" }],
      ],
      [],
    );
    const byId = toolResultsById(result.lines);
    expect(byId["b1"]).toEqual({ content: "Permission to use Bash has been denied by a rule.", is_error: true });
    // What only asked is allowed by the hook, even in print mode.
    expect(byId["b2"]).toEqual({ content: box.project, is_error: false });
  });

  it("a PreToolUse hook's updatedInput replaces the call's input, which the rules then judge", async () => {
    const rewrite = await script(
      "rewrite.sh",
      `echo '{"hookSpecificOutput":{"permissionDecision":"allow","updatedInput":{"command":"echo rewritten"}}}'`,
    );
    await box.write("project/.claude/settings.local.json", hooks("PreToolUse", "Bash", rewrite));
    const result = await scriptedStreamRun(
      box,
      [[toolUse("b1", "Bash", { command: "echo original" })], [{ type: "text", text: "ok" }]],
      [],
    );
    expect(toolResultsById(result.lines)["b1"]).toEqual({ content: "rewritten", is_error: false });
    await box.write("project/.claude/settings.local.json", {
      ...hooks("PreToolUse", "Bash", rewrite),
      permissions: { deny: ["Bash(echo rewritten)"] },
    });
    const denied = await scriptedStreamRun(
      box,
      [[toolUse("b1", "Bash", { command: "echo original" })], [{ type: "text", text: "ok" }]],
      [],
    );
    expect(toolResultsById(denied.lines)["b1"]).toEqual({
      content: "Permission to use Bash has been denied by a rule.",
      is_error: true,
    });
  });

  it("a PostToolUse formatter edits the file after Write", async () => {
    const format = await script(
      "format.sh",
      `file=$(cat | ${NODE} -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).tool_input.file_path))')\ntr a-z A-Z < "$file" > "$file.tmp" && mv "$file.tmp" "$file"`,
    );
    await box.write("project/.claude/settings.local.json", {
      ...hooks("PostToolUse", "Write|Edit", format),
      permissions: { allow: ["Write"] },
    });
    await scriptedStreamRun(
      box,
      [
        [toolUse("w1", "Write", { file_path: join(box.project, "out.txt"), content: "hello\n" })],
        [{ type: "text", text: "ok" }],
      ],
      [],
    );
    expect(readFileSync(join(box.project, "out.txt"), "utf8")).toBe("HELLO\n");
  });

  it("UserPromptSubmit adds context the model reads with the prompt; exit 2 refuses the prompt", async () => {
    await box.write(
      "project/.claude/settings.local.json",
      hooks("UserPromptSubmit", "", `echo "The build is red since Tuesday."`),
    );
    const ok = await scriptedStreamRun(box, [[{ type: "text", text: "noted" }]], []);
    expect(resultOf(ok.lines)?.result).toBe("noted");
    const saved = sessionLines();
    expect(saved.some((line) => line.type === "note" && line.text === "The build is red since Tuesday.")).toBe(true);

    await box.write(
      "project/.claude/settings.local.json",
      hooks("UserPromptSubmit", "", `echo "no prompts about secrets" >&2; exit 2`),
    );
    const refused = await scriptedStreamRun(box, [[{ type: "text", text: "never" }]], []);
    expect(refused.code).toBe(1);
    expect(resultOf(refused.lines)).toMatchObject({
      is_error: true,
      result: "A UserPromptSubmit hook refused the prompt: no prompts about secrets",
      num_turns: 0,
    });
  });

  it("a Stop hook makes the model go on once (stop_hook_active tells it the second time)", async () => {
    const stop = await script(
      "stop.sh",
      `case "$(cat)" in *'"stop_hook_active":true'*) exit 0;; esac\necho "run the tests first" >&2\nexit 2`,
    );
    await box.write("project/.claude/settings.local.json", hooks("Stop", "", stop));
    const result = await scriptedStreamRun(
      box,
      [[{ type: "text", text: "done?" }], [{ type: "text", text: "tests pass" }]],
      [],
    );
    expect(resultOf(result.lines)).toMatchObject({ subtype: "success", result: "tests pass", num_turns: 2 });
  });

  it("a shared file's hook runs only after `mcp approve --settings`, which lists it; a changed hook asks again", async () => {
    const marker = join(box.root, "hook-ran");
    await box.write("project/.claude/settings.json", hooks("SessionStart", "", `touch ${marker}`));
    const before = await scriptedStreamRun(box, [[{ type: "text", text: "ok" }]], []);
    expect(existsSync(marker)).toBe(false);
    expect(before.stderr).toContain(
      ".claude/settings.json has hooks not run and may grant permissions or settings not applied until you approve them: run `mini-cc mcp approve --settings`",
    );
    const approve = await box.run(["mcp", "approve", "--settings"]);
    expect(approve.stdout).toContain(`  run the hook SessionStart: touch ${marker}\n`);
    await scriptedStreamRun(box, [[{ type: "text", text: "ok" }]], []);
    expect(existsSync(marker)).toBe(true);

    const changed = join(box.root, "changed-hook-ran");
    await box.write("project/.claude/settings.json", hooks("SessionStart", "", `touch ${changed}`));
    const again = await scriptedStreamRun(box, [[{ type: "text", text: "ok" }]], []);
    expect(existsSync(changed)).toBe(false);
    expect(again.stderr).toContain("mini-cc mcp approve --settings");
  });

  it("a settings.local.json the repository commits is the repository's: its hook waits for approval like the shared file's", async () => {
    const marker = join(box.root, "hook-ran");
    await box.write("project/.claude/settings.local.json", hooks("SessionStart", "", `touch ${marker}`));
    commitFiles(join(box.root, "project"), [".claude/settings.local.json"]);
    const before = await scriptedStreamRun(box, [[{ type: "text", text: "ok" }]], []);
    expect(existsSync(marker)).toBe(false);
    expect(before.stderr).toContain("is the repository's, not yours: tracked by git");
    const approve = await box.run(["mcp", "approve", "--settings"]);
    expect(approve.stdout).toContain(`  run the hook SessionStart: touch ${marker}\n`);
    await scriptedStreamRun(box, [[{ type: "text", text: "ok" }]], []);
    expect(existsSync(marker)).toBe(true);
  });

  it("disableAllHooks turns every hook off", async () => {
    const marker = join(box.root, "hook-ran");
    await box.write("project/.claude/settings.local.json", hooks("SessionStart", "", `touch ${marker}`));
    await box.write(".claude/settings.json", { disableAllHooks: true });
    await scriptedStreamRun(box, [[{ type: "text", text: "ok" }]], []);
    expect(existsSync(marker)).toBe(false);
  });

  function sessionLines(): Array<Record<string, any>> {
    const dir = join(box.home, "projects");
    const project = readdirSync(dir)[0]!;
    const file = readdirSync(join(dir, project)).find((name) => name.endsWith(".jsonl"))!;
    return readFileSync(join(dir, project, file), "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
  }
});

describe("hooks that misbehave", () => {
  it("each is reported in one line naming its file and event, and the session goes on", async () => {
    const pid = join(box.root, "child.pid");
    const hang = await script("hang.sh", `sleep 300 & echo $! > ${pid}\nwait`);
    const file = join(box.project, ".claude/settings.local.json");
    await box.write(file, {
      hooks: {
        PreToolUse: [
          {
            matcher: "Bash",
            hooks: [
              { type: "command", command: hang, timeout: 1 },
              { type: "command", command: `printf '\\033[2Jcleared'; echo '{oops' ` },
              { type: "command", command: "no-such-command-xyz" },
              { type: "command", command: "kill -9 $$" },
              { type: "command", command: `head -c 104857600 /dev/zero` },
            ],
          },
        ],
      },
      permissions: { allow: ["Bash"] },
    });
    const started = Date.now();
    const result = await scriptedStreamRun(
      box,
      [[toolUse("b1", "Bash", { command: "echo still-here" })], [{ type: "text", text: "ok" }]],
      [],
    );
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(toolResultsById(result.lines)["b1"]).toEqual({ content: "still-here", is_error: false });
    const lines = result.stderr.split("\n").filter((line) => line.includes("PreToolUse hook"));
    expect(lines).toHaveLength(4);
    expect(lines.every((line) => line.includes(`(${file})`))).toBe(true);
    expect(result.stderr).toContain(`timed out after 1s: it and what it started were killed`);
    expect(result.stderr).toContain("failed with exit code 127: ");
    expect(result.stderr).toContain("was ended by SIGKILL");
    expect(result.stderr).toContain("printed more than 1 MB: it was stopped and its output dropped");
    // The hook's child was killed with it.
    const child = Number(readFileSync(pid, "utf8"));
    expect(processesMentioning(`sleep 300`).includes(child)).toBe(false);
  });

  it("invalid JSON on stdout is plain output with a note; escape sequences never reach the terminal", async () => {
    await box.write("project/.claude/settings.local.json", {
      hooks: {
        UserPromptSubmit: [
          {
            hooks: [
              { type: "command", command: `printf '{"systemMessage": "\\\\u001b[2Jhi"}'` },
              { type: "command", command: `echo '{not json'` },
            ],
          },
        ],
      },
    });
    const result = await scriptedStreamRun(box, [[{ type: "text", text: "ok" }]], []);
    expect(result.stderr).toContain("mini-cc: \\x1b[2Jhi\n");
    expect(result.stderr).not.toContain("\x1b");
    expect(result.stderr).toMatch(
      /UserPromptSubmit hook echo '\{not json' \(.*\) printed invalid JSON \(.*\): read as plain output/,
    );
  });

  it("a malformed hooks value is an error naming the file and the field; the file's other hooks still run", async () => {
    const marker = join(box.root, "ran");
    await box.write("project/.claude/settings.local.json", {
      hooks: {
        SessionStart: [{ hooks: [{ type: "command" }, { type: "command", command: `touch ${marker}` }] }],
        Bogus: [],
      },
    });
    const result = await scriptedStreamRun(box, [[{ type: "text", text: "ok" }]], []);
    const file = join(box.project, ".claude/settings.local.json");
    expect(result.stderr).toContain(
      `mini-cc: ${file}: hooks.SessionStart[0].hooks[0].command: expected a string, got undefined`,
    );
    expect(result.stderr).toContain(`mini-cc: ${file}: hooks.Bogus: unknown hook event`);
    expect(existsSync(marker)).toBe(true);
  });
});
