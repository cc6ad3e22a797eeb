import chalk from "chalk";
import { describe, expect, it } from "vitest";
import { markdownLines } from "../../../../components/transcript/markdown.ts";
import { itemRows } from "../../../../components/transcript/lines.ts";
import { withChalkColors } from "../../../helpers/chalk-colors.ts";

describe("markdownLines", () => {
  withChalkColors();

  it("styles headings, bold, italic and inline code, and shows a link's URL", () => {
    expect(markdownLines("# Title\n\n**bold** *it* `code` [docs](https://x.dev)", 80)).toEqual([
      chalk.bold.underline("Title"),
      "",
      `${chalk.bold("bold")} ${chalk.italic("it")} ${chalk.cyan("code")} ${chalk.blue.underline("docs")} ${chalk.dim("(https://x.dev)")}`,
    ]);
  });

  it("keeps a fenced block's lines and indentation, on the terminal's own background", () => {
    expect(markdownLines("```py\ndef f():\n    return 1\n```", 80)).toEqual(["  def f():", "      return 1"]);
  });

  it("shows escape sequences in model text as visible pictures, never raw", () => {
    const [line] = markdownLines("red \u001b[31mtext\u001b]0;title\u0007", 80);
    expect(line).toBe("red ␛[31mtext␛]0;title␇");
  });

  it("wraps prose to the width, wide characters counting two cells", () => {
    expect(markdownLines("日本語の文章はとても長い", 10)).toEqual(["日本語の文", "章はとても", "長い"]);
  });
});

describe("itemRows", () => {
  it("shows control characters in tool output as pictures", () => {
    const rows = itemRows(
      { kind: "tool-result", id: 1, name: "Bash", isError: false, lines: ["\u001b[2Jgone?"] },
      { width: 80, expanded: false },
    );
    expect(rows).toEqual(["✔ Bash -> ␛[2Jgone?"]);
  });
});
