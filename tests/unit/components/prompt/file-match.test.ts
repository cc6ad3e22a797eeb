import { describe, expect, it } from "vitest";
import { matchFiles } from "../../../../components/prompt/file-match.ts";
import { completionMenu } from "../../../../components/prompt/completion.ts";

const FILES = [
  "README.md",
  "docs/posts-guide.md",
  "posts.ts",
  "src/server.ts",
  "src/blog/posts.test.ts",
  "test/repost.ts",
];

describe("matchFiles", () => {
  it("ranks a name's prefix, then a name holding the query, then a path, then the characters in order", () => {
    expect(matchFiles(FILES, "pos", 8)).toEqual([
      "posts.ts",
      "docs/posts-guide.md",
      "src/blog/posts.test.ts",
      "test/repost.ts",
    ]);
    expect(matchFiles(FILES, "srvts", 8)).toEqual(["src/server.ts"]);
    expect(matchFiles(FILES, "POSTS.T", 8)).toEqual(["posts.ts", "src/blog/posts.test.ts"]);
  });

  it("keeps only the best few, and finds them in a big tree quickly", () => {
    const big = Array.from({ length: 50_000 }, (_, i) => `pkg${i % 97}/src/module-${i}.ts`);
    big.push("pkg1/src/wanted.ts");
    const started = performance.now();
    expect(matchFiles(big, "wan", 3)).toEqual(["pkg1/src/wanted.ts"]);
    expect(matchFiles(big, "module-4999", 3)).toEqual([
      "pkg52/src/module-4999.ts",
      "pkg35/src/module-49990.ts",
      "pkg36/src/module-49991.ts",
    ]);
    // About 30 ms a keystroke here on a loaded machine; the bound only catches a walk gone quadratic.
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe("@ completion of files", () => {
  it("offers files before resources, inserting the path after @", () => {
    const menu = completionMenu("read @pos", 9, {
      commands: [],
      files: FILES,
      resources: [{ server: "tracker", uri: "issues://posts", name: "posts" }],
    });
    expect(menu?.start).toBe(5);
    expect(menu?.items.map((item) => item.insert)).toEqual([
      "@posts.ts ",
      "@docs/posts-guide.md ",
      "@src/blog/posts.test.ts ",
      "@test/repost.ts ",
      "@tracker:issues://posts ",
    ]);
  });

  it("asks only for resources once the query names a server", () => {
    const menu = completionMenu("@tracker:", 9, {
      commands: [],
      files: ["tracker:odd.ts"],
      resources: [{ server: "tracker", uri: "issues://1", name: "one" }],
    });
    expect(menu?.items.map((item) => item.label)).toEqual(["@tracker:issues://1"]);
  });
});
