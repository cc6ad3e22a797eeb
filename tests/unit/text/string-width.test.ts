import { build } from "esbuild";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import packageStringWidth from "string-width";
import { describe, expect, it } from "vitest";
import { lazyStringWidth } from "../../../scripts/ink-bundle.ts";
import stringWidth from "../../../src/text/string-width.ts";

const everyFastPathCharacter = (): string[] => {
  const chars: string[] = [];
  for (let code = 0x00; code <= 0xffff; code++) {
    if (code >= 0xd800 && code <= 0xdfff) continue;
    chars.push(String.fromCharCode(code));
  }
  return chars;
};

describe("stringWidth's fast path", () => {
  it("agrees with the string-width package on every character of the basic plane", () => {
    const wrong = everyFastPathCharacter().filter(
      (ch) =>
        stringWidth(ch) !== packageStringWidth(ch) ||
        stringWidth(ch, { countAnsiEscapeCodes: true }) !== packageStringWidth(ch, { countAnsiEscapeCodes: true }),
    );
    expect(wrong.map((ch) => ch.codePointAt(0)!.toString(16))).toEqual([]);
  });

  it("agrees on the UI's own strings, styled or not, and on mixed and combining text", () => {
    const samples = [
      "❯ Ask anything, or /help",
      "\u001b[90m⏵ default\u001b[39m\u001b[2m · offline · /tmp/proj\u001b[22m",
      "◇ system  date 2026-12-03",
      "● tracker     project 3 tools",
      "╭──────╮ ✔ ✘ ⠋ ⠙ │ ↓ 3 lines below · PgDn, End",
      "日本語のテキスト and 한국어",
      "e\u0301 café",
      "     1\texport const a = 1;\r\n\u0085next\u009b31mx",
      "👍🏽 family: 👨‍👩‍👧",
      "1\ufe0f\u20e3 ☺\ufe0f",
      "\u001b]8;;https://example.com\u0007link\u001b]8;;\u0007",
      "",
    ];
    for (const sample of samples) expect([sample, stringWidth(sample)]).toEqual([sample, packageStringWidth(sample)]);
    const counted = { countAnsiEscapeCodes: true };
    for (const sample of samples)
      expect([sample, stringWidth(sample, counted)]).toEqual([sample, packageStringWidth(sample, counted)]);
  });

  it("agrees on random strings drawn from the fast-path ranges", () => {
    const pool = [..."aZ ·×éßΩЖ–—‘’“”…→⇒∑≠⌘⏵─│╭●◇★✔❯⠋あア漢한！"];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let n = 0; n < 500; n++) {
      const s = Array.from({ length: 1 + Math.floor(next() * 30) }, () => pool[Math.floor(next() * pool.length)]).join(
        "",
      );
      expect([s, stringWidth(s)]).toEqual([s, packageStringWidth(s)]);
    }
  });
});

describe("string-width bundled with its segmenter and emoji pattern built on first use (scripts/ink-bundle.ts)", () => {
  it("measures every character of the basic plane, and emoji, as the package does", async () => {
    const dir = mkdtempSync(join(tmpdir(), "lazy-string-width-"));
    try {
      const outfile = join(dir, "string-width.mjs");
      await build({
        stdin: { contents: 'export { default } from "string-width";', resolveDir: import.meta.dirname },
        outfile,
        bundle: true,
        platform: "node",
        format: "esm",
        logLevel: "error",
        plugins: [lazyStringWidth],
      });
      expect(readFileSync(outfile, "utf8")).toContain("(segmenter ??= new Intl.Segmenter())");
      const lazy = ((await import(pathToFileURL(outfile).href)) as { default: (text: string) => number }).default;
      const emoji = [
        "👍🏽",
        "👨‍👩‍👧",
        "1\ufe0f\u20e3",
        "☺\ufe0f",
        "🇫🇷",
        "🏳️‍🌈",
        "e\u0301",
        "한국어",
        "\u1100\u1161\u11a8",
        "a\u200db",
      ];
      const wrong = [...everyFastPathCharacter(), ...emoji, emoji.join(" ")].filter(
        (text) => lazy(text) !== packageStringWidth(text),
      );
      expect(wrong).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
