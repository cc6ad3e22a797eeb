import { mkdirSync, writeFileSync } from "node:fs";
import { mkdtemp, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { gitTracking } from "../../../src/fs/git-index.ts";
import { gitIn } from "../../helpers/git-repo.ts";

// A real repository: each index version git writes, read without starting git.

let dir: string;
beforeEach(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), "mini-cc-git-index-")));
  mkdirSync(join(dir, "repo/.claude"), { recursive: true });
  for (let i = 0; i < 30; i++) writeFileSync(join(dir, `repo/file-${i}.txt`), `${i}\n`);
  writeFileSync(join(dir, "repo/.claude/settings.local.json"), "{}\n");
  writeFileSync(join(dir, "repo/.claude/settings.local.json.bak"), "{}\n");
  gitIn(join(dir, "repo"), "init", "-q");
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const at = (path: string) => join(dir, "repo", path);

describe("gitTracking", () => {
  it.each([2, 3, 4])("reads index version %i: a path is tracked only when its own entry is there", async (version) => {
    gitIn(at(""), "add", "file-1.txt", "file-12.txt", ".claude/settings.local.json.bak");
    gitIn(at(""), "update-index", "--index-version", String(version));
    expect(await gitTracking(at(".claude/settings.local.json"))).toBe("untracked");
    expect(await gitTracking(at("file-12.txt"))).toBe("tracked");
    expect(await gitTracking(at("file-2.txt"))).toBe("untracked");
    gitIn(at(""), "add", "-A");
    expect(await gitTracking(at(".claude/settings.local.json"))).toBe("tracked");
    expect(await gitTracking(at("file-29.txt"))).toBe("tracked");
  });

  it("finds the index of a worktree (a .git file) and answers through git for a split index", async () => {
    gitIn(at(""), "add", "-A");
    gitIn(at(""), "commit", "-q", "-m", "one");
    gitIn(at(""), "worktree", "add", "-q", join(dir, "other"));
    expect(await gitTracking(join(dir, "other/.claude/settings.local.json"))).toBe("tracked");
    writeFileSync(join(dir, "other/new.txt"), "x\n");
    expect(await gitTracking(join(dir, "other/new.txt"))).toBe("untracked");
    gitIn(at(""), "update-index", "--split-index");
    expect(await gitTracking(at("file-3.txt"))).toBe("tracked");
  });

  it("says when there is no repository, and an empty one tracks nothing", async () => {
    mkdirSync(join(dir, "plain"));
    expect(await gitTracking(join(dir, "plain/x.json"))).toBe("no-repository");
    expect(await gitTracking(at("file-1.txt"))).toBe("untracked");
  });
});
