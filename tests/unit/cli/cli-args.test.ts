import { describe, expect, it } from "vitest";
import { parseCommand } from "../../../src/cli/cli-args.ts";
import { MiniCcError } from "../../../src/errors.ts";

function usageMessage(argv: string[]): string {
  try {
    parseCommand(argv);
  } catch (error) {
    expect(error).toBeInstanceOf(MiniCcError);
    expect((error as MiniCcError).code).toBe("usage");
    return (error as MiniCcError).message;
  }
  throw new Error("expected a usage error");
}

describe("parseCommand", () => {
  it("after the prompt, takes every word after --allowedTools, --disallowedTools, --add-dir and --mcp-config as theirs, as Claude Code does", () => {
    const docs = parseCommand([
      "-p",
      "Stage my changes",
      "--allowedTools",
      "Bash(git add:*)",
      "Bash(git commit:*)",
      "--add-dir",
      "../a",
      "../b",
      "--strict-mcp-config",
      "--mcp-config",
      "x.json",
      "{}",
    ]);
    expect(docs.kind === "agent" && docs.options).toMatchObject({
      prompt: "Stage my changes",
      allowedTools: ["Bash(git add:*)", "Bash(git commit:*)"],
      addDirs: ["../a", "../b"],
      mcpConfig: ["x.json", "{}"],
      strictMcpConfig: true,
    });
    // Another option or `--` ends the list; repeated, the lists add up.
    const ended = parseCommand([
      "go",
      "--allowedTools",
      "Read",
      "--disallowedTools",
      "Bash",
      "--allowedTools=Grep",
      "Glob",
      "--",
      "now",
    ]);
    expect(
      ended.kind === "agent" && [ended.options.prompt, ended.options.allowedTools, ended.options.disallowedTools],
    ).toEqual(["go now", ["Read", "Grep", "Glob"], ["Bash"]]);
    // Before the prompt, a word after the option's value is the prompt.
    const first = parseCommand(["--allowedTools", "Read", "fix", "it", "--add-dir", "../a", "then"]);
    expect(first.kind === "agent" && [first.options.prompt, first.options.allowedTools, first.options.addDirs]).toEqual(
      ["fix it", ["Read"], ["../a", "then"]],
    );
  });

  it("takes claude's --dangerously-skip-permissions as bypassPermissions, and refuses it beside another mode", () => {
    const mode = (argv: string[]) => {
      const command = parseCommand(argv);
      return command.kind === "agent" ? command.options.permissionMode : undefined;
    };
    expect(mode(["-p", "x", "--dangerously-skip-permissions"])).toBe("bypassPermissions");
    expect(mode(["-p", "x", "--dangerously-skip-permissions", "--permission-mode", "bypassPermissions"])).toBe(
      "bypassPermissions",
    );
    expect(mode(["-p", "x"])).toBe("default");
    expect(usageMessage(["-p", "x", "--dangerously-skip-permissions", "--permission-mode", "plan"])).toBe(
      "--dangerously-skip-permissions and --permission-mode plan disagree: give one",
    );
  });

  it("keeps a rule's specifier whole, spaces and commas in it, as Claude Code does", () => {
    const command = parseCommand([
      "-p",
      "x",
      "--allowedTools",
      "Bash(npm run test:*) Read,Bash(echo a,b)",
      "--disallowedTools",
      "Bash(rm -rf:*)",
      "--allowedTools",
      " mcp__fs ,",
    ]);
    expect(command.kind === "agent" && [command.options.allowedTools, command.options.disallowedTools]).toEqual([
      ["Bash(npm run test:*)", "Read", "Bash(echo a,b)", "mcp__fs"],
      ["Bash(rm -rf:*)"],
    ]);
  });

  it("reads print mode with Claude Code's flags", () => {
    const command = parseCommand([
      "-p",
      "fix it",
      "--model-script",
      "s.json",
      "--output-format",
      "stream-json",
      "--permission-mode",
      "acceptEdits",
      "--allowedTools",
      "Read,mcp__tracker__*",
      "--allowedTools",
      "Bash",
      "--disallowedTools",
      "Write Edit",
      "--add-dir",
      "../lib",
      "--add-dir",
      "/shared",
      "--mcp-config",
      "a.json",
      "--mcp-config",
      "{}",
      "--strict-mcp-config",
      "--allow-sampling",
    ]);
    expect(command).toEqual({
      kind: "agent",
      options: {
        print: true,
        prompt: "fix it",
        outputFormat: "stream-json",
        modelScript: "s.json",
        permissionMode: "acceptEdits",
        allowedTools: ["Read", "mcp__tracker__*", "Bash"],
        disallowedTools: ["Write", "Edit"],
        addDirs: ["../lib", "/shared"],
        mcpConfig: ["a.json", "{}"],
        strictMcpConfig: true,
        allowSampling: true,
        maxTurns: 50,
        agents: [],
      },
    });
  });

  it("hands everything after `mcp` to the mcp subcommands", () => {
    expect(parseCommand(["mcp", "add", "x", "--", "node", "-v"])).toEqual({
      kind: "mcp",
      argv: ["add", "x", "--", "node", "-v"],
    });
  });

  it("names an unknown option", () => {
    expect(usageMessage(["-p", "hi", "--frobnicate"])).toBe("unknown option --frobnicate");
  });

  it("names an option that lacks its value", () => {
    expect(usageMessage(["-p", "hi", "--model-script"])).toBe("option --model-script needs a value");
  });

  it("rejects an unknown permission mode and lists the modes", () => {
    expect(usageMessage(["-p", "hi", "--permission-mode", "yolo"])).toBe(
      "unknown --permission-mode value: yolo (expected default, acceptEdits, plan or bypassPermissions)",
    );
  });

  it("rejects an unknown output format", () => {
    expect(usageMessage(["-p", "hi", "--output-format", "xml"])).toBe(
      "unknown --output-format value: xml (expected text, json or stream-json)",
    );
  });

  it("rejects a max-turns that is not a positive whole number", () => {
    expect(usageMessage(["-p", "hi", "--max-turns", "0"])).toBe(
      "--max-turns takes a whole number of at least 1, not 0",
    );
  });

  it("takes --allow-sampling only in print mode: the TUI asks each time", () => {
    expect(usageMessage(["--allow-sampling"])).toBe(
      "--allow-sampling works only with -p/--print (the TUI asks you each time)",
    );
  });

  it("reads claude's flags for the real API and scripts", () => {
    const command = parseCommand([
      "-p",
      "--model",
      "claude-haiku-4-5",
      "--system-prompt",
      "Be brief.",
      "--append-system-prompt",
      "In French.",
      "--thinking",
      "--input-format",
      "stream-json",
      "--output-format",
      "stream-json",
      "--include-partial-messages",
      "--verbose",
    ]);
    expect(command).toMatchObject({
      kind: "agent",
      options: {
        prompt: undefined,
        model: "claude-haiku-4-5",
        systemPrompt: "Be brief.",
        appendSystemPrompt: "In French.",
        thinking: true,
        inputFormat: "stream-json",
        includePartialMessages: true,
        verbose: true,
      },
    });
  });

  it("says what stream-json input and partial messages need", () => {
    expect(usageMessage(["-p", "--input-format", "stream-json"])).toBe(
      "--input-format stream-json needs --output-format stream-json",
    );
    expect(usageMessage(["--input-format", "text"])).toBe("--input-format works only with -p/--print");
    expect(usageMessage(["-p", "hi", "--include-partial-messages"])).toBe(
      "--include-partial-messages works only with -p and --output-format stream-json",
    );
    expect(usageMessage(["-p", "hi", "--model", " "])).toBe("--model needs a model name, like claude-sonnet-4-5");
  });
});

describe("--continue and --resume", () => {
  const ID = "123e4567-e89b-42d3-a456-426614174000";
  const resumeOf = (argv: string[]) => {
    const command = parseCommand(argv);
    return command.kind === "agent" ? { resume: command.options.resume, prompt: command.options.prompt } : undefined;
  };

  it("reads -c, --resume ID, --resume=ID, and --resume alone (the picker), leaving the prompt a prompt", () => {
    expect(resumeOf(["-p", "-c", "go on"])).toEqual({ resume: { kind: "latest" }, prompt: "go on" });
    expect(resumeOf(["-p", "--resume", ID, "go on"])).toEqual({ resume: { kind: "id", id: ID }, prompt: "go on" });
    expect(resumeOf([`--resume=${ID}`])).toEqual({ resume: { kind: "id", id: ID }, prompt: undefined });
    expect(resumeOf(["--resume", "fix the bug"])).toEqual({ resume: { kind: "pick" }, prompt: "fix the bug" });
    expect(resumeOf(["-r"])).toEqual({ resume: { kind: "pick" }, prompt: undefined });
  });

  it("refuses what cannot work: both flags, --resume without an id in print mode, a fixed --session-id, a bad id", () => {
    expect(() => parseCommand(["-c", "--resume", ID])).toThrow("--continue and --resume cannot be used together");
    expect(() => parseCommand(["-p", "--resume", "x"])).toThrow("--resume needs a session id with -p/--print");
    expect(() => parseCommand(["-c", "--session-id", ID])).toThrow(
      "--session-id cannot be used with --continue or --resume",
    );
    expect(() => parseCommand(["--resume=nope"])).toThrow("--resume takes a UUID");
  });
});
