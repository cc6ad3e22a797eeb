import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { PermissionRequest } from "../../../../src/agent/events.ts";
import { bodyWindow, hiddenRowsText, line, wrapBody, type BodyLine } from "../../../../components/rows/body-lines.ts";
import {
  bashSessionPrefix,
  sessionAllowance,
  toolDecision,
  toolOptions,
} from "../../../../components/approval/approval-options.ts";
import { covers } from "../../../helpers/rule-coverage.ts";
import { nextApprovalRound } from "../../../../components/approval/approval-round.ts";
import { fileDiffLines } from "../../../../components/rows/file-diff.ts";
import { toolRequestBody } from "../../../../components/approval/tool-request-body.ts";

/** Rows as a reader sees them, with each row's tone. */
const shown = (rows: readonly BodyLine[]) =>
  rows.map((r) => `${r.tone.padEnd(7)}|${" ".repeat(r.indent ?? 0)}${r.text}`);

describe("wrapBody", () => {
  it("wraps at spaces, breaks a word longer than the width, and repeats the indent", () => {
    const rows = wrapBody([line("alpha beta gamma", "plain", 2), line("x".repeat(12), "command")], 10);
    expect(rows.map((r) => `${" ".repeat(r.indent ?? 0)}${r.text}`)).toEqual([
      "  alpha ",
      "  beta ",
      "  gamma",
      "xxxxxxxxxx",
      "xx",
    ]);
    expect(rows.map((r) => r.tone)).toEqual(["plain", "plain", "plain", "command", "command"]);
  });

  it("starts the wrapped rows of a line with a hanging indent further in", () => {
    const rows = wrapBody([line("12 + alpha beta gamma", "added", 2, 5)], 16);
    expect(rows.map((r) => `${" ".repeat(r.indent ?? 0)}${r.text}`)).toEqual([
      "  12 + alpha ",
      "       beta ",
      "       gamma",
    ]);
  });

  it("keeps an empty line as one row", () => {
    expect(wrapBody([line("")], 10)).toEqual([line("")]);
  });
});

describe("bodyWindow", () => {
  it("shows everything when it fits", () => {
    expect(bodyWindow(5, 0, 10)).toEqual({ start: 0, end: 5, above: 0, below: 0 });
  });

  it("clamps the offset and counts what is hidden on each side", () => {
    expect(bodyWindow(30, 12, 10)).toEqual({ start: 12, end: 22, above: 12, below: 8 });
    expect(bodyWindow(30, 99, 10)).toEqual({ start: 20, end: 30, above: 20, below: 0 });
    expect(bodyWindow(30, -5, 10)).toEqual({ start: 0, end: 10, above: 0, below: 20 });
    expect(hiddenRowsText(bodyWindow(30, 12, 10))).toBe("↑ 12 lines above · ↓ 8 lines below");
    expect(hiddenRowsText(bodyWindow(11, 0, 10))).toBe("↓ 1 line below");
  });
});

describe("fileDiffLines", () => {
  it("numbers removed lines by the old file and added and context lines by the new one", () => {
    const before = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"].join("\n") + "\n";
    const after = before.replace("b\n", "B\nB2\n").replace("j\n", "J\n");
    expect(shown(fileDiffLines(before, after))).toEqual([
      "dim    | 1   a",
      "removed| 2 - b",
      "added  | 2 + B",
      "added  | 3 + B2",
      "dim    | 4   c",
      "dim    | 5   d",
      "dim    | 6   e",
      "dim    | ⋮",
      "dim    | 8   g",
      "dim    | 9   h",
      "dim    |10   i",
      "removed|10 - j",
      "added  |11 + J",
    ]);
  });

  it("shows a new file as all added lines, escaping control characters", () => {
    expect(shown(fileDiffLines("", "one\n\u001b[2Jtwo\n"))).toEqual(["added  |1 + one", "added  |2 + \\x1b[2Jtwo"]);
  });

  it("puts ⋮ between hunks far apart", () => {
    const before = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`).join("\n") + "\n";
    const after = before.replace("line 2\n", "two\n").replace("line 19\n", "nineteen\n");
    expect(shown(fileDiffLines(before, after))).toContain("dim    | ⋮");
  });
});

describe("toolRequestBody", () => {
  let dir: string | undefined;
  afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));
  const request = (toolName: string, input: Record<string, unknown>): PermissionRequest => ({
    toolUseId: "1",
    toolName,
    input,
    summary: toolName,
    reason: "needs approval",
  });

  it("shows a Bash script whole, line for line, then its other arguments", () => {
    const body = toolRequestBody(
      request("Bash", { command: "set -e\nnpm ci\nnpm test\u001b[8m", description: "run the tests" }),
      "/",
    );
    expect(shown(body)).toEqual([
      "command|set -e",
      "command|npm ci",
      "command|npm test\\x1b[8m",
      "plain  |description: run the tests",
    ]);
  });

  it("diffs Edit against the file on disk, with Edit's own replacement rule", () => {
    dir = mkdtempSync(join(tmpdir(), "mini-cc-body-"));
    writeFileSync(join(dir, "posts.ts"), "export function listPosts() {\n  return posts;\n}\n");
    const body = toolRequestBody(
      request("Edit", { file_path: "posts.ts", old_string: "return posts;", new_string: "return posts.slice(0, 10);" }),
      dir,
    );
    expect(shown(body)).toEqual([
      "strong |posts.ts",
      "dim    |1   export function listPosts() {",
      "removed|2 -   return posts;",
      "added  |2 +   return posts.slice(0, 10);",
      "dim    |3   }",
    ]);
  });

  it("says when an Edit will fail, and shows its strings", () => {
    dir = mkdtempSync(join(tmpdir(), "mini-cc-body-"));
    writeFileSync(join(dir, "a.txt"), "x\nx\n");
    const body = toolRequestBody(request("Edit", { file_path: "a.txt", old_string: "x", new_string: "y" }), dir);
    expect(shown(body)).toEqual([
      "strong |a.txt",
      "warning|⚠ old_string occurs 2 times: this edit will fail.",
      "removed|1 - x",
      "added  |1 + y",
    ]);
  });

  it("shows Write of a new file as all added, and of an existing one as a diff", () => {
    dir = mkdtempSync(join(tmpdir(), "mini-cc-body-"));
    expect(shown(toolRequestBody(request("Write", { file_path: "new.md", content: "# Hi\nthere\n" }), dir))).toEqual([
      "strong |new.md (new file)",
      "added  |1 + # Hi",
      "added  |2 + there",
    ]);
    writeFileSync(join(dir, "new.md"), "# Hi\n");
    expect(shown(toolRequestBody(request("Write", { file_path: "new.md", content: "# Hi\nthere\n" }), dir))).toEqual([
      "strong |new.md",
      "dim    |1   # Hi",
      "added  |2 + there",
    ]);
  });

  it("lists the arguments when the file cannot be diffed", () => {
    dir = mkdtempSync(join(tmpdir(), "mini-cc-body-"));
    const body = toolRequestBody(request("Write", { file_path: ".", content: "x" }), dir);
    expect(shown(body)).toEqual(["strong |.", "dim    |(no diff: it is a folder)", "plain  |content: x"]);
  });
});

describe("Bash session prefix", () => {
  it("keeps the program and up to two subcommand words", () => {
    expect(bashSessionPrefix("npm test -- --watch", covers)).toBe("npm test");
    expect(bashSessionPrefix("git commit -m 'fix: posts'", covers)).toBe("git commit");
    expect(bashSessionPrefix("npm run build", covers)).toBe("npm run build");
    expect(bashSessionPrefix("ls -la src", covers)).toBe("ls");
    expect(bashSessionPrefix("cat src/posts.ts", covers)).toBe("cat");
    expect(bashSessionPrefix("./gradlew test", covers)).toBe("./gradlew test");
    // Read by the chain's parser: output thrown away is no file written, so the rule covers the command.
    expect(bashSessionPrefix("npm test 2>/dev/null", covers)).toBe("npm test");
  });

  it("offers none for a command its rule would not cover", () => {
    expect(bashSessionPrefix("npm test && rm -rf ~", covers)).toBeUndefined();
    expect(bashSessionPrefix("CI=1 npm test", covers)).toBeUndefined();
    expect(bashSessionPrefix("echo $(whoami)", covers)).toBeUndefined();
    const compound = { toolName: "Bash", input: { command: "make; make install" } };
    expect(toolOptions(compound, covers).map((o) => o.value)).toEqual(["once", "deny"]);
    expect(toolDecision(compound, "session", covers)).toEqual({ behavior: "allow", scope: "once" });
  });

  it("names the prefix in the option and the rule in the decision", () => {
    const call = { toolName: "Bash", input: { command: "npm test -- posts" } };
    expect(toolOptions(call, covers)[1]?.label).toBe(
      "Allow, and don't ask again this session for Bash commands starting with `npm test`",
    );
    expect(toolDecision(call, "session", covers)).toEqual({
      behavior: "allow",
      scope: "session",
      rule: "Bash(npm test:*)",
    });
    expect(sessionAllowance({ toolName: "mcp__t__add", input: { command: "x" } }, covers)).toEqual({
      rule: "mcp__t__add",
      what: "mcp__t__add",
    });
  });
});

describe("nextApprovalRound", () => {
  it("collects the servers asked about until none waits", () => {
    let round = nextApprovalRound([], ["a", "b", "c"]);
    expect(round).toEqual(["a", "b", "c"]);
    round = nextApprovalRound(round, ["b", "c"]);
    expect(round).toEqual(["a", "b", "c"]);
    expect(nextApprovalRound(round, ["b", "c"])).toBe(round);
    expect(nextApprovalRound(round, [])).toEqual([]);
  });
});
