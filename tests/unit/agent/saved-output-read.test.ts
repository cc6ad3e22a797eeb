import { mkdtemp, realpath } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PermissionChain } from "../../../src/agent/permissions.ts";
import { fakeTool } from "../../helpers/agent-fakes.ts";

describe("the folder of saved tool output", () => {
  it("may be read by Read without asking, and by nothing else, and nothing beside it", async () => {
    const root = await realpath(await mkdtemp(join(tmpdir(), "mini-cc-saved-")));
    const saved = join(root, "home", "tool-output");
    const chain = new PermissionChain({
      mode: "default",
      allow: [],
      deny: [],
      cwd: join(root, "project"),
      readableByRead: [saved],
      canAsk: true,
    });
    const reader = (name: string) => ({ ...fakeTool(name, { readOnly: true, pathField: "file_path" }) });
    const read = reader("Read");
    expect(chain.check(read, { file_path: join(saved, "s", "a.txt") })).toEqual({ behavior: "allow" });
    expect(chain.check(read, { file_path: join(root, "home", "tool-output-other", "a.txt") })).toEqual({
      behavior: "ask",
      reason: "outside the working directory",
    });
    expect(chain.check(read, { file_path: join(root, "home", "mcp.json") })).toEqual({
      behavior: "ask",
      reason: "outside the working directory",
    });
    expect(chain.check(reader("Grep"), { file_path: join(saved, "s", "a.txt") })).toEqual({
      behavior: "ask",
      reason: "outside the working directory",
    });
    expect(chain.check({ ...read, server: "srv", toolName: "Read" }, { file_path: join(saved, "a.txt") })).toEqual({
      behavior: "ask",
      reason: "outside the working directory",
    });
  });
});
