import { describe, expect, it } from "vitest";
import { BUILTIN_COMMANDS, runSlashCommand } from "../../../../components/slash/command-registry.ts";
import { clearCommand } from "../../../../components/slash/clear-command.ts";
import { exitCommand } from "../../../../components/slash/exit-command.ts";
import { helpCommand } from "../../../../components/slash/help-command.ts";
import { parseSlash } from "../../../../components/slash/parse-slash.ts";
import { systemClock } from "../../../../src/clock.ts";
import { RecordingMcp } from "../../../helpers/tui-fixtures.ts";

const ctx = { mcp: new RecordingMcp(), clock: systemClock };

describe("parseSlash", () => {
  it("splits name and arguments", () => {
    expect(parseSlash(" /MCP  restart tracker ")).toEqual({ name: "mcp", args: ["restart", "tracker"] });
  });

  it("treats a plain prompt, a lone slash and a path as prompts", () => {
    expect(parseSlash("fix it")).toBeNull();
    expect(parseSlash("/")).toBeNull();
    expect(parseSlash("/etc/hosts has a typo")).toBeNull();
  });
});

describe("runSlashCommand", () => {
  it("returns null for a prompt", async () => {
    expect(await runSlashCommand("hello", ctx)).toBeNull();
  });

  it("names an unknown command and points at /help", async () => {
    expect(await runSlashCommand("/nope", ctx)).toEqual({
      kind: "output",
      isError: true,
      lines: ["Unknown command /nope. Type /help for the list."],
    });
  });

  it("turns a command that throws into an error line", async () => {
    const boom = {
      name: "boom",
      runs: "now" as const,
      usage: ["/boom"],
      description: "",
      run: () => {
        throw new Error("kaput");
      },
    };
    expect(await runSlashCommand("/boom", ctx, [boom])).toMatchObject({
      isError: true,
      lines: ["/boom failed: kaput"],
    });
  });
});

describe("when a command runs", () => {
  it("is each built-in's own declaration: /compact is a turn, /clear waits for the turn, the rest run at once", () => {
    expect(Object.fromEntries(BUILTIN_COMMANDS.map((c) => [c.name, c.runs]))).toEqual({
      mcp: "now",
      "add-dir": "now",
      compact: "as a turn",
      context: "now",
      cost: "now",
      model: "now",
      resume: "now",
      sandbox: "now",
      tasks: "now",
      permissions: "now",
      hooks: "now",
      agents: "now",
      clear: "after the turn",
      help: "now",
      exit: "now",
    });
  });
});

describe("/clear and /exit", () => {
  it("ask the session to clear and to quit", () => {
    expect(clearCommand.run([], { ...ctx, commands: [] })).toEqual({ kind: "clear" });
    expect(exitCommand.run([], { ...ctx, commands: [] })).toEqual({ kind: "exit" });
  });
});

describe("/help", () => {
  it("lists every command form with its description, then the keys", () => {
    expect(helpCommand.run([], { ...ctx, commands: BUILTIN_COMMANDS })).toEqual({
      kind: "output",
      isError: false,
      lines: [
        "Commands:",
        "  /mcp [-v]                MCP servers: status and the panel (Tab), tools (-v), restart, approve, log in or out",
        "  /mcp restart [NAME]",
        "  /mcp approve NAME",
        "  /mcp login NAME",
        "  /mcp logout NAME",
        "  /add-dir DIR             Add a folder for the file tools and MCP servers' roots",
        "  /compact [what to keep]  Summarise the conversation to free context (the summary keeps what you name)",
        "  /context                 Show what fills the context window",
        "  /cost                    Show the tokens and the cost of this session",
        "  /model [NAME]            Choose the model (a list without NAME)",
        "  /resume [ID]             Continue a saved session of this folder (a list without ID)",
        "  /sandbox [on|off]        Run Bash commands in the sandbox (no approval needed), or as you",
        "  /tasks                   List the background tasks (Tab opens them in the panel); stop one",
        "  /tasks stop ID",
        "  /permissions             List the permission rules and where each comes from; remove one",
        "  /permissions remove N",
        "  /hooks                   List the hooks of the settings files and whether each runs",
        "  /agents                  List the subagents, their files and their MCP servers",
        "  /clear                   Start a new conversation (the model forgets this one)",
        "  /help                    Show this help",
        "  /exit                    Quit mini-cc (also Ctrl+C twice, or Ctrl+D on an empty prompt)",
        "Keys: Enter send (queued while a turn runs or MCP servers start) · Alt+Enter new line · Ctrl+C twice or Ctrl+D quit",
        "Esc takes queued prompts back, else interrupts the turn, else sends a prompt held for MCP servers",
        "Editing: Ctrl+A/E line start/end · Alt+B/F word back/forward · Ctrl+W or Alt+Backspace delete word · Ctrl+U/K delete to start/end",
        "Shift+Tab cycles the permission mode · PgUp/PgDn scroll the transcript",
        "Approvals: ↑/↓ or j/k and Enter, or the digit · Esc denies",
        "Tab, Ctrl+T or /mcp: the MCP panel (full screen on a narrow terminal) · ↑/↓ j/k select · Enter open · Esc back",
        "  in the panel: r restart · d disable/enable (remembered) · a approve/revoke · l log tail · i instructions",
        "  background tasks, under the servers: Enter live output · x stop · /tasks lists them",
        "Ctrl+B while a Bash command runs: it goes on in the background and the turn goes on",
      ],
    });
  });
});
