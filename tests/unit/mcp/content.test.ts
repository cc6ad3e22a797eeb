import { describe, expect, it } from "vitest";
import { capOutput, convertToolResult, maxOutputChars } from "../../../src/mcp/tools/content.ts";

describe("convertToolResult", () => {
  it("keeps text and turns images into base64 image blocks", () => {
    const result = convertToolResult(
      {
        content: [
          { type: "text", text: "a chart:" },
          { type: "image", data: "iVBORw0KGgo=", mimeType: "image/png" },
        ],
      },
      100_000,
    );
    expect(result).toEqual({
      content: [
        { type: "text", text: "a chart:" },
        { type: "image", source: { type: "base64", media_type: "image/png", data: "iVBORw0KGgo=" } },
      ],
      isError: false,
    });
  });

  it("replaces an image of a media type the API does not take with a note, so later requests are not refused", () => {
    const result = convertToolResult(
      {
        content: [
          { type: "image", data: "PHN2Zz4=", mimeType: "image/svg+xml" },
          { type: "image", data: "/9j/", mimeType: "image/jpeg" },
        ],
      },
      100_000,
    );
    expect(result.content).toEqual([
      {
        type: "text",
        text: "[Image (image/svg+xml, 5 bytes) omitted: the model takes only JPEG, PNG, GIF and WebP images.]",
      },
      { type: "image", source: { type: "base64", media_type: "image/jpeg", data: "/9j/" } },
    ]);
  });

  it("replaces audio with a note", () => {
    const result = convertToolResult({ content: [{ type: "audio", data: "AAAA", mimeType: "audio/wav" }] }, 1000);
    expect(result.content).toEqual([
      { type: "text", text: "[Audio (audio/wav, 3 bytes) omitted: the model cannot receive audio.]" },
    ]);
  });

  it("gives an embedded resource's text, and a note for a blob", () => {
    const result = convertToolResult(
      {
        content: [
          { type: "resource", resource: { uri: "file:///a.txt", text: "hello" } },
          { type: "resource", resource: { uri: "file:///a.bin", mimeType: "application/zip", blob: "AAECAw==" } },
        ],
      },
      1000,
    );
    expect(result.content).toEqual([
      { type: "text", text: "hello" },
      { type: "text", text: "[Resource file:///a.bin (application/zip, 4 bytes): binary content not shown.]" },
    ]);
  });

  it("writes a resource link as a line with its name and URI", () => {
    const result = convertToolResult(
      { content: [{ type: "resource_link", name: "notes", uri: "file:///notes.md" }] },
      1000,
    );
    expect(result.content).toEqual([{ type: "text", text: "Resource link: notes <file:///notes.md>" }]);
  });

  it("uses structuredContent as JSON text when there is no content", () => {
    const result = convertToolResult({ content: [], structuredContent: { count: 2, ids: ["BUG-101"] } }, 1000);
    expect(result.content).toEqual([{ type: "text", text: '{"count":2,"ids":["BUG-101"]}' }]);
  });

  it("passes isError through", () => {
    const result = convertToolResult({ content: [{ type: "text", text: "No issue NOPE." }], isError: true }, 1000);
    expect(result).toEqual({ content: [{ type: "text", text: "No issue NOPE." }], isError: true });
  });

  it("says so when a result is empty", () => {
    expect(convertToolResult({ content: [{ type: "text", text: "" }] }, 1000).content).toEqual([
      { type: "text", text: "(no content)" },
    ]);
  });

  it("cuts text beyond the cap and notes the original size", () => {
    const result = convertToolResult(
      {
        content: [
          { type: "text", text: "abcdef" },
          { type: "text", text: "ghij" },
        ],
      },
      8,
    );
    expect(result.content).toEqual([
      { type: "text", text: "abcdef" },
      { type: "text", text: "gh" },
      {
        type: "text",
        text:
          "[Output truncated: the tool returned 10 characters (about 3 tokens); only the first 8 are shown. " +
          "Ask the tool for less (filters, pagination) if you need the rest.]",
      },
    ]);
  });
});

describe("capOutput", () => {
  const image = (data = "x") => ({
    type: "image" as const,
    source: { type: "base64" as const, media_type: "image/png", data },
  });
  /** What one image costs: about 1,600 tokens of 4 characters. */
  const IMAGE = 6400;

  it("keeps images that fit when text is cut, each counting against the cap", () => {
    const out = capOutput([image(), { type: "text", text: "123456" }, { type: "text", text: "789" }], IMAGE + 4);
    expect(out).toEqual([
      image(),
      { type: "text", text: "1234" },
      {
        type: "text",
        text:
          "[Output truncated: the tool returned 9 characters (about 3 tokens); only the first 4 are shown. " +
          "Ask the tool for less (filters, pagination) if you need the rest.]",
      },
    ]);
  });

  it("leaves out the images past MAX_MCP_OUTPUT_TOKENS with one note", () => {
    const out = capOutput([image("a"), image("b"), image("c"), { type: "text", text: "done" }], 2 * IMAGE + 4);
    expect(out).toEqual([
      image("a"),
      image("b"),
      { type: "text", text: "done" },
      {
        type: "text",
        text: "[1 image omitted: 1 past MAX_MCP_OUTPUT_TOKENS (an image counts as about 1600 tokens). Ask the tool for fewer or smaller images.]",
      },
    ]);
  });

  it("keeps at most 20 images of 2,000, however large the cap", () => {
    const out = capOutput(
      Array.from({ length: 2000 }, () => image()),
      100 * 1000 * IMAGE,
    );
    expect(out.filter((b) => b.type === "image")).toHaveLength(20);
    expect(out.at(-1)).toEqual({
      type: "text",
      text: "[1980 images omitted: 1980 past the 20 images one result may carry. Ask the tool for fewer or smaller images.]",
    });
    expect(out).toHaveLength(21);
  });
});

describe("image limits in convertToolResult", () => {
  it("turns an image over 5 MB of base64 into a note", () => {
    const big = "A".repeat(8 * 1024 * 1024);
    const result = convertToolResult({ content: [{ type: "image", data: big, mimeType: "image/png" }] }, 100_000_000);
    expect(result.content).toEqual([
      {
        type: "text",
        text: "[Image (image/png, 6291456 bytes) omitted: the model takes images of at most 5 MB (base64).]",
      },
    ]);
  });

  it("counts images against MAX_MCP_OUTPUT_TOKENS by default (25,000 tokens: 15 images)", () => {
    const content = Array.from({ length: 2000 }, () => ({
      type: "image" as const,
      data: "iVBORw0KGgo=",
      mimeType: "image/png",
    }));
    const blocks = convertToolResult({ content }, 100_000).content as Array<{ type: string }>;
    expect(blocks.filter((b) => b.type === "image")).toHaveLength(15);
    expect(blocks.at(-1)).toEqual({
      type: "text",
      text:
        "[1985 images omitted: 1980 past the 20 images one result may carry; 5 past MAX_MCP_OUTPUT_TOKENS " +
        "(an image counts as about 1600 tokens). Ask the tool for fewer or smaller images.]",
    });
  });
});

describe("maxOutputChars", () => {
  it("is 25000 tokens of 4 characters by default, MAX_MCP_OUTPUT_TOKENS otherwise", () => {
    expect(maxOutputChars({})).toBe(100_000);
    expect(maxOutputChars({ MAX_MCP_OUTPUT_TOKENS: "500" })).toBe(2000);
    expect(maxOutputChars({ MAX_MCP_OUTPUT_TOKENS: "lots" })).toBe(100_000);
  });
});
