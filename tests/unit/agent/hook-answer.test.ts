import { describe, expect, it } from "vitest";
import { PermissionChain } from "../../../src/agent/permissions.ts";
import { RealPaths } from "../../../src/tools/real-paths.ts";
import { CWD, fakeTool } from "../../helpers/agent-fakes.ts";

// A PreToolUse hook's answer sits in the chain after every deny: it stands in for the user's yes, never for more.
const bash = fakeTool("Bash");
const escaping = {
  ...fakeTool("Bash"),
  leavesSandbox: (input: Record<string, unknown>) => input["dangerouslyDisableSandbox"] === true,
};
const write = fakeTool("Write", { editsFiles: true, pathField: "file_path" });
const check = (
  chain: PermissionChain,
  tool: typeof bash,
  input: Record<string, unknown>,
  answer: "allow" | "ask",
  reason?: string,
) => chain.check(tool, input, new RealPaths(), { answer, ...(reason ? { reason } : {}) });

describe("a PreToolUse hook's answer in the permission chain", () => {
  it("allow answers what would ask, even in print mode; a deny rule and plan mode still refuse", () => {
    const print = new PermissionChain({ mode: "default", allow: [], deny: [], cwd: CWD, canAsk: false });
    expect(check(print, bash, { command: "ls" }, "allow")).toEqual({ behavior: "allow" });
    expect(check(print, write, { file_path: "/elsewhere/x" }, "allow")).toEqual({ behavior: "allow" });
    const denied = new PermissionChain({ mode: "default", allow: [], deny: ["Bash"], cwd: CWD });
    expect(check(denied, bash, { command: "ls" }, "allow")).toEqual({
      behavior: "deny",
      message: "Permission to use Bash has been denied by a rule.",
    });
    const plan = new PermissionChain({ mode: "plan", allow: [], deny: [], cwd: CWD });
    expect(check(plan, write, { file_path: "x" }, "allow").behavior).toBe("deny");
  });

  it("allow never lets a call leave the sandbox: that still asks the user", () => {
    const chain = new PermissionChain({ mode: "default", allow: [], deny: [], cwd: CWD });
    expect(check(chain, escaping, { command: "curl x", dangerouslyDisableSandbox: true }, "allow")).toEqual({
      behavior: "ask",
      reason: "needs approval",
    });
  });

  it("ask shows the user a call an allow rule or bypassPermissions would let through (refused in print mode)", () => {
    const chain = new PermissionChain({ mode: "bypassPermissions", allow: ["Bash"], deny: [], cwd: CWD });
    expect(check(chain, bash, { command: "ls" }, "ask")).toEqual({ behavior: "ask", reason: "a PreToolUse hook asks" });
    expect(check(chain, bash, { command: "ls" }, "ask", "check me")).toEqual({
      behavior: "ask",
      reason: "a PreToolUse hook asks: check me",
    });
    const print = new PermissionChain({ mode: "default", allow: ["Bash"], deny: [], cwd: CWD, canAsk: false });
    expect(check(print, bash, { command: "ls" }, "ask").behavior).toBe("deny");
  });
});
