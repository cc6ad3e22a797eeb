// `Bash(cmd:*)` rules against what a command line really runs, parsed by the
// real bash parser: every way around a deny rule, and allow rules that never
// let a second command ride along.
import { beforeAll, describe, expect, it } from "vitest";
import { PermissionChain, type PermissionCheck } from "../../../src/agent/permissions.ts";
import { analyseCommand, DYNAMIC } from "../../../src/agent/shell-commands.ts";
import { loadShellParser, type ShellParser } from "../../../src/agent/shell-parser.ts";
import { CWD, fakeTool } from "../../helpers/agent-fakes.ts";

const bash = fakeTool("Bash");
let shell: ShellParser;
beforeAll(async () => {
  shell = await loadShellParser();
});

type Outcome = "allow" | "ask" | "deny";

function outcome(command: string, allow: string[], deny: string[], canAsk = true): PermissionCheck {
  return new PermissionChain({ mode: "default", allow, deny, cwd: CWD, shell, canAsk }).check(bash, { command });
}

describe("a deny rule Bash(touch:*) holds", () => {
  const cases: Array<[string, Outcome]> = [
    ["touch x", "deny"],
    ["echo $(touch x)", "deny"],
    ["echo `touch x`", "deny"],
    ['echo "$(touch x)"', "deny"],
    ["/usr/bin/touch x", "deny"],
    ["./bin/../touch x", "deny"],
    ["env touch x", "deny"],
    ["env -i PATH=/bin touch x", "deny"],
    ["VAR=1 touch x", "deny"],
    ["x=$(touch y)", "deny"],
    ["bash -c 'touch x'", "deny"],
    ['sh -c "touch x"', "deny"],
    ["sh -lc 'echo hi; touch x'", "deny"],
    ["bash -c \"sh -c 'touch x'\"", "deny"],
    ["echo x | xargs touch", "deny"],
    ["echo x | xargs -n 1 touch", "deny"],
    ["find . -name a -exec touch {} \\;", "deny"],
    ["ls && touch x", "deny"],
    ["ls || touch x", "deny"],
    ["ls; touch x", "deny"],
    ["ls | touch x", "deny"],
    ["ls & touch x", "deny"],
    ["ls\ntouch x", "deny"],
    ["(touch x)", "deny"],
    ["! touch x", "deny"],
    ["if true; then touch x; fi", "deny"],
    ["for f in a; do touch $f; done", "deny"],
    ["f() { touch x; }; f", "deny"],
    ["eval 'touch x'", "deny"],
    ["sudo touch x", "deny"],
    ["nohup touch x &", "deny"],
    ["timeout 5 touch x", "deny"],
    ["command touch x", "deny"],
    ["exec touch x", "deny"],
    ["t\\ouch x", "deny"],
    ["'touch' x", "deny"],
    ['"touch" x', "deny"],
    ["to'uch' x", "deny"],
    ["cat <<EOF\n$(touch x)\nEOF", "deny"],
    ["cat <(touch x)", "deny"],
    // Not readable with confidence: ask rather than allow.
    ["$CMD x", "ask"],
    ["$'touch' x", "ask"],
    ["tou*h x", "ask"],
    ["{touch,x}", "ask"],
    ['bash -c "$SCRIPT"', "ask"],
    ["eval $X", "ask"],
    ["env $X", "ask"],
    ["ls |", "ask"],
    ["ls ((", "ask"],
    // Other commands run, touch as a mere word included.
    ["ls -la", "allow"],
    ["echo touch", "allow"],
    ["git status && npm test", "allow"],
  ];

  it.each(cases)("%j → %s", (command, expected) => {
    const verdict = outcome(command, ["Bash"], ["Bash(touch:*)"]);
    expect(verdict.behavior).toBe(expected);
    if (expected === "ask")
      expect(verdict).toMatchObject({ reason: "cannot tell whether the rule Bash(touch:*) covers this command" });
  });

  it("denies what it cannot read in print mode", () => {
    expect(outcome("$CMD x", ["Bash"], ["Bash(touch:*)"], false)).toEqual({
      behavior: "deny",
      message:
        "Bash was not run: it needs approval (cannot tell whether the rule Bash(touch:*) covers this command) and print mode cannot ask. " +
        "Allow it with --allowedTools Bash or a --permission-mode that permits it.",
    });
  });

  it("holds in bypassPermissions mode too", () => {
    const chain = new PermissionChain({ mode: "bypassPermissions", allow: [], deny: ["Bash(rm:*)"], cwd: CWD, shell });
    expect(chain.check(bash, { command: "true && /bin/rm -rf x" }).behavior).toBe("deny");
    expect(chain.check(bash, { command: "$RM -rf x" }).behavior).toBe("ask");
  });
});

describe("allow rules Bash(npm test:*) and Bash(git status:*)", () => {
  const cases: Array<[string, Outcome]> = [
    ["npm test", "allow"],
    ["npm test -- --watch", "allow"],
    ["git status && npm test", "allow"],
    ["npm test 2>&1 | npm test", "allow"],
    ["npm test > /dev/null", "allow"],
    ["npm test; rm -rf x", "ask"],
    ["npm test && curl x | sh", "ask"],
    ["npm test $(rm x)", "ask"],
    ["npm test `rm x`", "ask"],
    ["npm test > ~/.bashrc", "ask"],
    ["npm test >> out.txt", "ask"],
    ["env npm test", "ask"],
    ["/usr/bin/npm test", "ask"],
    ["npm $T", "ask"],
    ["bash -c 'npm test'", "ask"],
    ["npm testing", "ask"],
    ["npm test |", "ask"],
  ];

  it.each(cases)("%j → %s", (command, expected) => {
    expect(outcome(command, ["Bash(npm test:*)", "Bash(git status:*)"], []).behavior).toBe(expected);
  });

  it("asks for specifier rules when no parser could be loaded", () => {
    const chain = new PermissionChain({ mode: "default", allow: ["Bash(npm test:*)"], deny: ["Bash(rm:*)"], cwd: CWD });
    expect(chain.check(bash, { command: "npm test" })).toEqual({
      behavior: "ask",
      reason: "cannot tell whether the rule Bash(rm:*) covers this command",
    });
  });
});

describe("analyseCommand", () => {
  it("lists every simple command, wrapped ones included, with words known only at run time marked", () => {
    expect(analyseCommand(shell, "FOO=1 env git log $REF | xargs -0 rm -f > out")).toEqual({
      kind: "commands",
      commands: [
        ["env", "git", "log", DYNAMIC],
        ["git", "log", DYNAMIC],
        ["log", DYNAMIC],
        [DYNAMIC],
        ["xargs", "-0", "rm", "-f"],
        ["rm", "-f"],
      ],
      writesFiles: true,
    });
  });

  it("says why a line is unclear", () => {
    expect(analyseCommand(shell, "echo 'open")).toEqual({ kind: "unclear", reason: "the command could not be parsed" });
    expect(analyseCommand(shell, 'sh -c "$X"')).toEqual({
      kind: "unclear",
      reason: "sh -c with a script known only at run time",
    });
  });
});
