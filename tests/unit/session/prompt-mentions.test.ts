import { mkdtemp, mkdir, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { attachPromptMentions } from "../../../src/session/prompt-mentions.ts";
import { sizeText } from "../../../src/text/size-text.ts";
import type { ResourceSource } from "../../../src/mcp/features/resources.ts";
import { beginLife } from "../../../src/mcp/state/lifecycle.ts";
import { PathScope } from "../../../src/tools/real-paths.ts";

/** A server offering one resource, read through the same seam McpManager offers. */
const resources: ResourceSource = {
  getSnapshot: () => ({
    servers: [
      {
        name: "tracker",
        source: "user",
        ...beginLife({
          status: "connected",
          tools: [],
          instructions: "",
          connectMs: 1,
          capabilities: { resources: {} },
        }),
      },
    ],
  }),
  request: async (_server, _method, run) =>
    run(
      {
        readResource: async (uri) =>
          uri === "issues://1"
            ? { kind: "result", result: { contents: [{ uri, text: "BUG-1: it breaks" }] } }
            : { kind: "failed", error: "not found" },
      },
      { timeoutMs: 1000 },
    ) as never,
};

let dir = "";
afterEach(async () => rm(dir, { recursive: true, force: true }));

async function project(): Promise<string> {
  dir = await mkdtemp(join(tmpdir(), "mentions-"));
  await writeFile(join(dir, "posts.ts"), "export const posts = [];\n");
  await mkdir(join(dir, "src"));
  await writeFile(join(dir, "src", "a.ts"), "a\n");
  await writeFile(join(dir, "logo.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 1]));
  return dir;
}

describe("@ mentions in a prompt", () => {
  it("attaches nothing from outside the project, by a link or by ..: the model never gets it unasked", async () => {
    const cwd = await project();
    const secrets = join(dir, "..", `${dir.split("/").pop()}-secrets`);
    await mkdir(secrets, { recursive: true });
    try {
      await writeFile(join(secrets, "id_rsa"), "PRIVATE KEY\n");
      await symlink(join(secrets, "id_rsa"), join(cwd, "notes.md"));
      const outside = `../${secrets.split("/").pop()}/id_rsa`;
      const { prompt, outcomes } = await attachPromptMentions(`read @notes.md and @${outside}`, {
        cwd,
        resources,
        env: {},
      });
      expect(JSON.stringify(prompt)).not.toContain("PRIVATE KEY");
      const detail = "outside the project, not attached (ask for a Read: it asks first)";
      expect(outcomes).toEqual([
        { mention: "notes.md", attached: false, detail },
        { mention: outside, attached: false, detail },
      ]);
    } finally {
      await rm(secrets, { recursive: true, force: true });
    }
  });

  it("attaches from a folder added to the project (--add-dir) as from the project, and from nowhere else", async () => {
    const cwd = await project();
    const added = join(dir, "..", `${dir.split("/").pop()}-docs`);
    const other = join(dir, "..", `${dir.split("/").pop()}-other`);
    await Promise.all([mkdir(added, { recursive: true }), mkdir(other, { recursive: true })]);
    try {
      await writeFile(join(added, "guide.md"), "GUIDE\n");
      await writeFile(join(other, "key.md"), "KEY\n");
      const [docs, elsewhere] = [`../${added.split("/").pop()}/guide.md`, `${other}/key.md`];
      const folders = new PathScope([cwd, added]);
      const { prompt, outcomes } = await attachPromptMentions(`see @${docs} and @${elsewhere}`, {
        cwd,
        folders,
        resources,
        env: {},
      });
      expect(outcomes).toEqual([
        { mention: docs, attached: true, detail: "6 B" },
        {
          mention: elsewhere,
          attached: false,
          detail: "outside the project, not attached (ask for a Read: it asks first)",
        },
      ]);
      expect(JSON.stringify(prompt)).toContain("GUIDE");
      expect(JSON.stringify(prompt)).not.toContain("KEY");
    } finally {
      await Promise.all([rm(added, { recursive: true, force: true }), rm(other, { recursive: true, force: true })]);
    }
  });

  it("attaches files, folders and resources after the typed text, each said", async () => {
    const cwd = await project();
    const typed = "fix @posts.ts, see @src and @tracker:issues://1";
    const { prompt, outcomes } = await attachPromptMentions(typed, { cwd, resources, env: {} });
    expect(outcomes).toEqual([
      { mention: "posts.ts", attached: true, detail: "25 B" },
      { mention: "src", attached: true, detail: "folder, 1 entry" },
      { mention: "tracker:issues://1", attached: true, detail: "16 B" },
    ]);
    const text = JSON.stringify(prompt);
    expect(text).toContain(`Contents of @posts.ts (${join(cwd, "posts.ts")}):\\nexport const posts = [];`);
    expect(text).toContain("Listing of @src");
    expect(text).toContain("BUG-1: it breaks");
  });

  it("says what matched nothing or could not be read, and leaves prose alone", async () => {
    const cwd = await project();
    const { prompt, outcomes } = await attachPromptMentions(
      "ask @alice about @nope.ts, @ghost:x://1, @tracker:issues://2 and @logo.png",
      { cwd, resources, env: {} },
    );
    expect(outcomes.map((o) => [o.mention, o.attached, o.detail.split(":")[0]])).toEqual([
      ["nope.ts", false, "no such file in the project; sent as typed"],
      ["ghost:x://1", false, "no connected MCP server ghost offers resources; sent as typed"],
      ["tracker:issues://2", false, "could not be read"],
      ["logo.png", false, "a binary file (7 B), not attached"],
    ]);
    expect(JSON.stringify(prompt)).not.toContain('alice":');
  });

  it("writes sizes as Claude Code does", () => {
    expect([sizeText(168), sizeText(1229), sizeText(3 * 1024 * 1024)]).toEqual(["168 B", "1.2 KB", "3.0 MB"]);
  });
});
