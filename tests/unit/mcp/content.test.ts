import { describe, expect, it } from "vitest";
import { capOutput, convertToolResult, maxOutputChars } from "../../../src/mcp/content.ts";

describe("convertToolResult", () => {
  it("keeps text and turns images into base64 image blocks", () => {
    const result = convertToolResult(
      {
        content: [
          { type: "text", text: "a chart:" },
          { type: "image", data: "iVBORw0KGgo=", mimeType: "image/png" },
        ],
      },
      1000,
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
      1000,
    );
    expect(result.content).toEqual([
      { type: "text", text: "[Image (image/svg+xml, 5 bytes) omitted: the model takes only JPEG, PNG, GIF and WebP images.]" },
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
    const result = convertToolResult({ content: [{ type: "resource_link", name: "notes", uri: "file:///notes.md" }] }, 1000);
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
    const result = convertToolResult({ content: [{ type: "text", text: "abcdef" }, { type: "text", text: "ghij" }] }, 8);
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
  it("keeps images when text is cut", () => {
    const image = { type: "image" as const, source: { type: "base64" as const, media_type: "image/png", data: "x" } };
    const out = capOutput([{ type: "text", text: "123456" }, image, { type: "text", text: "789" }], 4);
    expect(out.slice(0, 2)).toEqual([{ type: "text", text: "1234" }, image]);
    expect(out).toHaveLength(3);
  });
});

describe("maxOutputChars", () => {
  it("is 25000 tokens of 4 characters by default, MAX_MCP_OUTPUT_TOKENS otherwise", () => {
    expect(maxOutputChars({})).toBe(100_000);
    expect(maxOutputChars({ MAX_MCP_OUTPUT_TOKENS: "500" })).toBe(2000);
    expect(maxOutputChars({ MAX_MCP_OUTPUT_TOKENS: "lots" })).toBe(100_000);
  });
});
