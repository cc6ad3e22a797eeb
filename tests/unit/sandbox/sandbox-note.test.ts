import { describe, expect, it } from "vitest";
import { blockedWritesIn, withSandboxNote } from "../../../src/sandbox/violations.ts";
import type { SandboxProfile } from "../../../src/sandbox/profile.ts";

const PROFILE: SandboxProfile = {
  denyRead: [],
  allowRead: [],
  allowWrite: ["/p"],
  denyWrite: ["/p/.git/hooks"],
  allowedDomains: [],
  env: {},
};

describe("a sandboxed server's refused writes in its reply", () => {
  it("finds the paths its EROFS errors name outside what the profile lets it write", () => {
    const text = `EROFS: read-only file system, open '/home/me/.bashrc'; [Errno 30] Read-only file system: '/p/.git/hooks/x'; EACCES: permission denied, open '/p/ok.txt'`;
    expect(blockedWritesIn(text, PROFILE)).toEqual([
      { kind: "write", target: "/home/me/.bashrc" },
      { kind: "write", target: "/p/.git/hooks/x" },
    ]);
    expect(blockedWritesIn("wrote '/home/me/.bashrc'", PROFILE)).toEqual([]);
  });

  it("adds the sandbox's word to a tool result as a text block, and to an error's message", () => {
    const line = "blocked: write ~/.bashrc (sandbox.allowWrite would allow it)";
    const result = { jsonrpc: "2.0", id: 1, result: { content: [{ type: "text", text: "EROFS" }], isError: true } };
    expect(withSandboxNote(result, [line]).result.content).toEqual([
      { type: "text", text: "EROFS" },
      { type: "text", text: "Blocked by the sandbox: write ~/.bashrc (sandbox.allowWrite would allow it)" },
    ]);
    const error = { jsonrpc: "2.0", id: 2, error: { code: -32603, message: "EROFS" } };
    expect(withSandboxNote(error, [line]).error.message).toBe(
      "EROFS (Blocked by the sandbox: write ~/.bashrc (sandbox.allowWrite would allow it))",
    );
    expect(withSandboxNote(result, [])).toBe(result);
  });
});
