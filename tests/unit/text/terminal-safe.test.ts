import { describe, expect, it } from "vitest";
import { terminalSafeLine, terminalSafeText } from "../../../src/text/terminal-safe.ts";
import { visibleText } from "../../../components/transcript/text.ts";

describe("terminalSafeText", () => {
  it("shows an escape sequence as visible text instead of sending it", () => {
    expect(terminalSafeText("rm -rf /\u001b[2J\u001b[Hok")).toBe("rm -rf /\\x1b[2J\\x1b[Hok");
  });

  it("keeps line breaks, turns CRLF into one break and a lone CR into a visible \\r", () => {
    expect(terminalSafeText("a\r\nb\rc\nd")).toBe("a\nb\\x0dc\nd");
  });

  it("escapes DEL, C1 controls (0x9b is a CSI) and bidirectional overrides", () => {
    expect(terminalSafeText("x\u007fy\u009b2Jz\u202eevil\u2066")).toBe("x\\x7fy\\x9b2Jz\\u202eevil\\u2066");
  });

  it("turns tabs into spaces and leaves ordinary text, secrets included, as it is", () => {
    expect(terminalSafeText("\tTOKEN=sk-123 ünïcødé 漢字 ✔")).toBe("    TOKEN=sk-123 ünïcødé 漢字 ✔");
  });
});

describe("terminalSafeLine", () => {
  it("shows line breaks as \\n so the text stays on one row", () => {
    expect(terminalSafeLine("one\ntwo\u0007")).toBe("one\\ntwo\\x07");
  });
});

describe("the transcript's picture style (one sanitiser for every untrusted text)", () => {
  it("shows C0 controls as one-cell pictures and escapes DEL, C1, separators and bidi overrides", () => {
    expect(terminalSafeText("a\u001b[2Jb\u007f\u009b\u2028\u202e!", { style: "picture" })).toBe(
      "a\u241b[2Jb\u2421\\x9b\\u2028\\u202e!",
    );
  });

  it("is what the transcript shows of model and tool text", () => {
    expect(visibleText("evil \u202egnp.exe\r\nnext\tcol")).toBe("evil \\u202egnp.exe\nnext    col");
  });
});
