import { describe, expect, it } from "vitest";
import type { PermissionMode } from "../../../src/agent/events.ts";
import { PermissionChain } from "../../../src/agent/permissions.ts";
import { loadShellParser } from "../../../src/agent/shell-parser.ts";
import { CWD, fakeTool } from "../../helpers/agent-fakes.ts";

const edit = fakeTool("Edit", { editsFiles: true, pathField: "file_path" });
const read = fakeTool("Read", { readOnly: true, pathField: "file_path" });
const bash = fakeTool("Bash");
const addComment = fakeTool("mcp__tracker__add_comment");
const listIssues = fakeTool("mcp__tracker__list_issues", { readOnly: true });

function chain(mode: PermissionMode, allow: string[] = [], deny: string[] = []): PermissionChain {
  return new PermissionChain({ mode, allow, deny, cwd: CWD });
}

describe("PermissionChain", () => {
  it("asks for Write/Edit, Bash and MCP tools without readOnlyHint in default mode", () => {
    const c = chain("default");
    expect(c.check(edit, { file_path: "posts.ts" })).toEqual({ behavior: "ask", reason: "needs approval" });
    expect(c.check(bash, { command: "ls" })).toEqual({ behavior: "ask", reason: "needs approval" });
    expect(c.check(addComment, { id: "BUG-101" })).toEqual({ behavior: "ask", reason: "needs approval" });
  });

  it("runs read-only tools without asking, except outside the working directory", () => {
    const c = chain("default");
    expect(c.check(listIssues, {})).toEqual({ behavior: "allow" });
    expect(c.check(read, { file_path: "src/posts.ts" })).toEqual({ behavior: "allow" });
    expect(c.check(read, { file_path: `${CWD}/posts.ts` })).toEqual({ behavior: "allow" });
    expect(c.check(read, { file_path: "../secrets.txt" })).toEqual({
      behavior: "ask",
      reason: "outside the working directory",
    });
    expect(c.check(read, { file_path: "/etc/passwd" })).toEqual({
      behavior: "ask",
      reason: "outside the working directory",
    });
  });

  it("allows edits inside the working directory in acceptEdits mode and asks outside it", () => {
    const c = chain("acceptEdits");
    expect(c.check(edit, { file_path: "posts.ts" })).toEqual({ behavior: "allow" });
    expect(c.check(edit, { file_path: "/work/project-other/posts.ts" })).toEqual({
      behavior: "ask",
      reason: "outside the working directory",
    });
    expect(c.check(bash, { command: "ls" })).toEqual({ behavior: "ask", reason: "needs approval" });
    expect(c.check(addComment, {})).toEqual({ behavior: "ask", reason: "needs approval" });
  });

  it("denies everything but read-only tools in plan mode", () => {
    const c = chain("plan");
    expect(c.check(edit, { file_path: "posts.ts" })).toEqual({
      behavior: "deny",
      message: "Edit is not allowed in plan mode: only read-only tools run.",
    });
    expect(c.check(listIssues, {})).toEqual({ behavior: "allow" });
  });

  it("keeps plan mode read-only even for a tool an allow rule names", () => {
    const c = chain("plan", ["Bash", "mcp__tracker__*"]);
    expect(c.check(bash, { command: "rm -rf build" })).toEqual({
      behavior: "deny",
      message: "Bash is not allowed in plan mode: only read-only tools run.",
    });
    expect(c.check(listIssues, {})).toEqual({ behavior: "allow" });
  });

  it("denies, saying how to allow it, what would ask when nobody can answer", () => {
    const c = new PermissionChain({ mode: "acceptEdits", allow: [], deny: [], cwd: CWD, canAsk: false });
    expect(c.check(addComment, { id: "BUG-101" })).toEqual({
      behavior: "deny",
      message:
        "mcp__tracker__add_comment was not run: it needs approval and print mode cannot ask. " +
        "Allow it with --allowedTools mcp__tracker__add_comment or a --permission-mode that permits it.",
    });
    expect(c.check(edit, { file_path: "posts.ts" })).toEqual({ behavior: "allow" });
  });

  it("allows everything in bypassPermissions mode", () => {
    const c = chain("bypassPermissions");
    expect(c.check(edit, { file_path: "/etc/hosts" })).toEqual({ behavior: "allow" });
    expect(c.check(bash, { command: "rm -rf build" })).toEqual({ behavior: "allow" });
  });

  it("lets a deny rule win over an allow rule and over bypassPermissions", () => {
    const c = chain("bypassPermissions", ["mcp__tracker__*"], ["mcp__tracker__add_comment"]);
    expect(c.check(addComment, {})).toEqual({
      behavior: "deny",
      message: "Permission to use mcp__tracker__add_comment has been denied by a rule.",
    });
    expect(c.check(listIssues, {})).toEqual({ behavior: "allow" });
  });

  it("lets a deny rule win over a session allow", () => {
    const c = chain("default", [], ["Bash"]);
    c.allowForSession("Bash");
    expect(c.check(bash, { command: "ls" })).toEqual({
      behavior: "deny",
      message: "Permission to use Bash has been denied by a rule.",
    });
  });

  it("lets allow rules with wildcards through without asking", async () => {
    const shell = await loadShellParser();
    const c = new PermissionChain({
      mode: "default",
      allow: ["mcp__tracker__*", "Bash(git status:*)"],
      deny: [],
      cwd: CWD,
      shell,
    });
    expect(c.check(addComment, {})).toEqual({ behavior: "allow" });
    expect(c.check(bash, { command: "git status --short" })).toEqual({ behavior: "allow" });
    expect(c.check(bash, { command: "git push" })).toEqual({ behavior: "ask", reason: "needs approval" });
  });

  it("denies an MCP tool by its server and tool, not its cut or collided name", () => {
    const long = "x".repeat(80);
    const tools = [
      { ...fakeTool("mcp__my__srv__run"), server: "my__srv", toolName: "run" },
      { ...fakeTool(`mcp__my__srv__${long}`.slice(0, 64)), server: "my__srv", toolName: long },
      { ...fakeTool("mcp__my__srv___a1b2c3"), server: "my__srv", toolName: "" },
    ];
    for (const rule of ["mcp__my__srv", "mcp__my__srv__*"]) {
      const c = chain("bypassPermissions", [], [rule]);
      for (const tool of tools) expect(c.check(tool, {}).behavior).toBe("deny");
    }
  });

  it("stops asking for a tool allowed for the session", () => {
    const c = chain("default");
    c.allowForSession("mcp__tracker__add_comment");
    expect(c.check(addComment, {})).toEqual({ behavior: "allow" });
    expect(c.check(bash, { command: "ls" })).toEqual({ behavior: "ask", reason: "needs approval" });
  });

  it("allows for the session only the Bash commands a session rule covers", async () => {
    const c = chain("default");
    c.useShellParser(await loadShellParser());
    c.allowForSession("Bash(npm test:*)");
    expect(c.check(bash, { command: "npm test -- --watch" })).toEqual({ behavior: "allow" });
    expect(c.check(bash, { command: "npm publish" })).toEqual({ behavior: "ask", reason: "needs approval" });
    expect(c.check(bash, { command: "npm test; curl x | sh" })).toEqual({ behavior: "ask", reason: "needs approval" });
  });

  it("follows a mode switch", () => {
    const c = chain("default");
    expect(c.check(edit, { file_path: "posts.ts" })).toEqual({ behavior: "ask", reason: "needs approval" });
    c.mode.update(() => "acceptEdits");
    expect(c.check(edit, { file_path: "posts.ts" })).toEqual({ behavior: "allow" });
  });

  it("asks when a tool cannot say which path it touches", () => {
    const odd = {
      ...read,
      targetPaths: () => {
        throw new Error("bad input");
      },
    };
    expect(chain("default").check(odd, {})).toEqual({ behavior: "ask", reason: "needs approval" });
  });

  it("rejects a malformed rule with the rule in the message", () => {
    expect(() => chain("default", ["mcp tracker"])).toThrow(expect.objectContaining({ code: "invalid-tool-rule" }));
    expect(() => chain("default", [], ["Bash()"])).toThrow('invalid tool rule "Bash()": empty specifier in ()');
  });
});
