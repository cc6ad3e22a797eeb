// A call as the permission rules see it, on plain values and a real folder with a symlink out of it.
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callTarget, namedCall, ruleCall, underEveryName } from "../../../src/agent/rule-call.ts";
import { RealPaths } from "../../../src/tools/real-paths.ts";
import { fakeTool } from "../../helpers/agent-fakes.ts";

let root: string;
let project: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "mini-cc-rule-call-"));
  project = path.join(root, "project");
  await mkdir(path.join(project, "src"), { recursive: true });
  await writeFile(path.join(root, "secret.txt"), "secret\n");
  await symlink(path.join(root, "secret.txt"), path.join(project, "link"));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const edit = fakeTool("Edit", { pathField: "file_path" });
const subjectOf = (filePath: string) => {
  const input = { file_path: filePath };
  return ruleCall(edit, input, callTarget(edit, input, new RealPaths(), project), undefined, project).subject;
};

describe("the call a rule matches", () => {
  it("has its path relative to the project inside it, the project itself as '.', and a real path outside", () => {
    expect(subjectOf("src/app.ts")).toBe(path.join("src", "app.ts"));
    expect(subjectOf(".")).toBe(".");
    expect(subjectOf("/etc/hosts")).toBe("/etc/hosts");
  });

  it("follows a symlink to where it really leads", () => {
    expect(subjectOf("link")).toBe(path.join(root, "secret.txt"));
  });

  it("has no path it cannot vouch for: a targetPaths() that throws leaves the target unknown", () => {
    const pathless = { ...edit, targetPaths: () => [] as string[] };
    expect(callTarget(pathless, {}, new RealPaths(), project)).toEqual({ kind: "none" });
    const throwing = {
      ...edit,
      targetPaths: () => {
        throw new Error("no path");
      },
    };
    expect(callTarget(throwing, {}, new RealPaths(), project)).toEqual({ kind: "unknown" });
  });

  it("answers to an MCP tool's server and tool, under its own name first and then each alias", () => {
    const tool = { ...fakeTool("mcp__x__plain_1a2b3c"), server: "x", toolName: "plain", aliases: ["mcp__x__plain"] };
    expect(underEveryName(namedCall(tool), tool)).toEqual([
      { name: "mcp__x__plain_1a2b3c", mcp: { server: "x", tool: "plain" } },
      { name: "mcp__x__plain", mcp: { server: "x", tool: "plain" } },
    ]);
  });
});
