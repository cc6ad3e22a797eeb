import chalk from "chalk";
import { stripVTControlCharacters } from "node:util";
import { describe, expect, it } from "vitest";
import { serverRowText } from "../../../../components/mcp-panel/server-row-text.ts";
import { statusStyle } from "../../../../components/mcp-panel/server-status-style.ts";
import type { ServerState, ServerView } from "../../../../src/mcp/state/server-state.ts";
import { server } from "../../../helpers/tui-fixtures.ts";
import { withChalkColors } from "../../../helpers/chalk-colors.ts";

const connected: ServerState = { status: "connected", tools: [], instructions: "", connectMs: 40 };
const pending: ServerState = { status: "pending" };

function row(view: ServerView, look: { selected?: boolean; blocked?: number } = {}): string {
  const style = statusStyle(view.state, view.health.lastFailure);
  return serverRowText(view, 30, { style, selected: look.selected ?? false, blocked: look.blocked, spinner: "⠙" });
}

describe("a server's row in the side panel", () => {
  withChalkColors();

  it("cuts and pads the columns to the panel's width", () => {
    const text = row(server("a-server-with-a-long-name", connected, "project"));
    expect(stripVTControlCharacters(text)).toBe("● a-server… project 0 tools");
  });

  it("styles each column as the panel shows it", () => {
    expect(row(server("tracker", connected, "user"))).toBe(
      `${chalk.green("●")} ${chalk.bold("tracker")}   ${chalk.dim("user")}    ${chalk.green("0 tools")}`,
    );
  });

  it("puts the spinner before a busy server's label, in its colour", () => {
    expect(row(server("slow", pending, "user"))).toContain(chalk.yellow("⠙ starting"));
    expect(row(server("slow", pending, "user"))).toContain(chalk.dim("user"));
  });

  it("marks the selection in cyan, its name bold", () => {
    expect(
      row(server("slow", pending), { selected: true }).startsWith(
        `${chalk.cyan("❯")} ${chalk.bold(chalk.cyan("slow"))}`,
      ),
    ).toBe(true);
  });

  it("shows a shadowing entry's source in yellow", () => {
    const shadowing = server("tracker", connected, "user");
    const view = { ...shadowing, config: { ...shadowing.config!, shadows: ["project"] } } as ServerView;
    expect(row(view)).toContain(chalk.yellow("user"));
  });

  it("adds the sandbox's mark, with what it blocked once it blocked something", () => {
    expect(row(server("t", connected), { blocked: 0 }).endsWith(chalk.dim(" ▣"))).toBe(true);
    expect(row(server("t", connected), { blocked: 3 }).endsWith(chalk.yellow(" ▣3"))).toBe(true);
    expect(row(server("t", connected))).not.toContain("▣");
  });

  it("shows a hostile name's escapes as text, never sends them", () => {
    const text = row(server("evil\u001b[2J", connected));
    expect(text).not.toContain("\u001b[2J");
    expect(text).toContain("evil\\x1b");
  });
});
