import { describe, expect, it } from "vitest";
import { completionMenu, type CompletionSources } from "../../../../components/prompt/completion.ts";

const sources: CompletionSources = {
  commands: [
    { name: "mcp", description: "MCP servers", usage: ["/mcp [-v]"] },
    { name: "help", description: "Show this help" },
    { name: "mcp__srv__weather", description: "Weather\u001b[31m", usage: ["/mcp__srv__weather <city>"] },
  ],
  resources: [
    { server: "srv", uri: "file:///notes.md", name: "Notes" },
    { server: "docs", uri: "docs://guide", name: "Guide", description: "The guide" },
  ],
};

describe("prompt completion", () => {
  it("offers slash commands by prefix at the start of the prompt, with usage and description (terminal-safe)", () => {
    expect(completionMenu("/mc", 3, sources)).toEqual({
      start: 0,
      end: 3,
      items: [
        { label: "/mcp [-v]", description: "MCP servers", insert: "/mcp " },
        { label: "/mcp__srv__weather <city>", description: "Weather\\x1b[31m", insert: "/mcp__srv__weather " },
      ],
    });
  });

  it("closes once the command is typed whole, or after a space", () => {
    expect(completionMenu("/help", 5, sources)).toBeNull();
    expect(completionMenu("/mcp -v", 7, sources)).toBeNull();
    expect(completionMenu("a /mc", 5, sources)).toBeNull();
  });

  it("offers resources as @server:uri for a word starting with @, filtered by server, uri or name", () => {
    expect(completionMenu("read @gui", 9, sources)).toEqual({
      start: 5,
      end: 9,
      items: [{ label: "@docs:docs://guide", description: "The guide", insert: "@docs:docs://guide " }],
    });
    expect(completionMenu("@", 1, sources)?.items.map((item) => item.insert)).toEqual([
      "@srv:file:///notes.md ",
      "@docs:docs://guide ",
    ]);
  });

  it("leaves e-mail addresses alone and says nothing when nothing matches", () => {
    expect(completionMenu("mail me@srv", 11, sources)).toBeNull();
    expect(completionMenu("@zzz", 4, sources)).toBeNull();
  });
});
