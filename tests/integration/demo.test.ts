import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  cliForTestFile,
  deniedText,
  mcpConfig,
  ROOT,
  toolResults,
  toolUses,
  trackerEntry,
  type CliRun,
  type CliSandbox,
} from "../helpers/cli-sandbox.ts";

// The seed chapter's session, end to end: the built CLI in print mode, the real tracker
// subprocess, a fresh temporary copy of examples/demo/ for each run.
const DEMO = join(ROOT, "examples/demo");
const REPO_POSTS = join(DEMO, "posts.ts");

const EDITED_POSTS = `export interface Post {
  id: number;
  title: string;
}

/** The posts shown on the home page. */
export function listPosts(posts: Post[], page = 1, pageSize = 20): Post[] {
  const start = (page - 1) * pageSize;
  return posts.slice(start, start + pageSize);
}
`;
const COMMENT =
  "Fixed: listPosts now paginates (page = 1, pageSize = 20 by default), so the home page gets 20 posts instead of 5000.";
const FINAL =
  "BUG-101 is fixed and I replied on the tracker. I left BUG-102 alone: it is Safari styling, and someone is already working on it.";
const ISSUE_HEAD =
  "BUG-101: list_posts has no pagination; the home page returns 5000 posts\nstatus: Todo\ncomments:\n" +
  "- The home page takes about 4 seconds to load on a cold cache.";
const HOW_TO_ALLOW = deniedText("mcp__tracker__add_comment");

const text = (value: string) => [{ type: "text", text: value }];

const cli = cliForTestFile();
let repoPosts: Buffer;
let script: string;

beforeAll(async () => {
  repoPosts = await readFile(REPO_POSTS);
  // ch15.json with one more response before the closing message: read the comment back.
  const ch15 = JSON.parse(await readFile(join(ROOT, "examples/ch15.json"), "utf8")) as { responses: unknown[] };
  const readBack = { content: [{ type: "tool_use", name: "mcp__tracker__get_issue", input: { id: "BUG-101" } }] };
  const responses = [...ch15.responses.slice(0, -1), readBack, ...ch15.responses.slice(-1)];
  const holder = await cli.sandbox();
  script = await holder.write("ch15-readback.json", { responses });
});

/** One demo run on a fresh copy of examples/demo/. */
async function demo(format: string, extra: string[] = []): Promise<{ run: CliRun; box: CliSandbox }> {
  const box = await cli.sandbox({ copyFrom: DEMO });
  const run = await box.run([
    "-p",
    "Fix BUG-101 and tell the tracker",
    "--model-script",
    script,
    "--permission-mode",
    "acceptEdits",
    "--mcp-config",
    mcpConfig({ tracker: trackerEntry }),
    "--output-format",
    format,
    ...extra,
  ]);
  return { run, box };
}

describe("the ch15 demo in print mode", () => {
  it("edits posts.ts, comments on BUG-101, reads the comment back and exits 0", async () => {
    const { run, box } = await demo("stream-json", ["--allowedTools", "mcp__tracker__add_comment"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(await box.read("project/posts.ts")).toBe(EDITED_POSTS);
    expect(toolUses(run.lines).map((use) => use.name)).toEqual([
      "mcp__tracker__list_issues",
      "mcp__tracker__get_issue",
      "Read",
      "Edit",
      "mcp__tracker__add_comment",
      "mcp__tracker__get_issue",
    ]);
    const results = toolResults(run.lines);
    expect(results.map((r) => r.is_error)).toEqual([false, false, false, false, false, false]);
    expect(results[4]?.content).toEqual(text("Comment added to BUG-101 (2 total)."));
    expect(results[5]?.content).toEqual(text(`${ISSUE_HEAD}\n- ${COMMENT}`));
    const result = run.lines.at(-1);
    expect(result).toMatchObject({
      type: "result",
      subtype: "success",
      is_error: false,
      num_turns: 7,
      result: FINAL,
      permission_denials: [],
    });
  });

  it("denies add_comment when it is not allowed, says how to allow it, and still edits", async () => {
    const { run, box } = await demo("stream-json");
    expect(run.code).toBe(0);
    expect(await box.read("project/posts.ts")).toBe(EDITED_POSTS);
    const results = toolResults(run.lines);
    expect(results[4]).toEqual({
      type: "tool_result",
      tool_use_id: "toolu_scripted_5",
      content: HOW_TO_ALLOW,
      is_error: true,
    });
    // Read back: no comment was added.
    expect(results[5]?.content).toEqual(text(ISSUE_HEAD));
    expect(run.lines.at(-1)?.permission_denials).toEqual([
      {
        tool_name: "mcp__tracker__add_comment",
        tool_use_id: "toolu_scripted_5",
        tool_input: { id: "BUG-101", body: COMMENT },
      },
    ]);
  });

  it("lists the denial in the json result", async () => {
    const { run } = await demo("json");
    expect(run.code).toBe(0);
    expect(run.lines).toHaveLength(1);
    expect(run.lines[0]).toMatchObject({
      subtype: "success",
      result: FINAL,
      permission_denials: [
        {
          tool_name: "mcp__tracker__add_comment",
          tool_use_id: "toolu_scripted_5",
          tool_input: { id: "BUG-101", body: COMMENT },
        },
      ],
    });
  });

  it("reports the denial on stderr in text mode and prints only the final text", async () => {
    const { run, box } = await demo("text");
    expect(run).toMatchObject({ code: 0, stdout: `${FINAL}\n`, stderr: `mini-cc: ${HOW_TO_ALLOW}\n` });
    expect(await box.read("project/posts.ts")).toBe(EDITED_POSTS);
  });

  it("never changes the repository's demo files", async () => {
    // Runs last in this file: every demo above has edited its own copy by now.
    expect(await readFile(REPO_POSTS)).toEqual(repoPosts);
  });
});
