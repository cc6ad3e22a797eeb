import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { claudeDesktopConfigPath, parseChoice } from "../../../../src/cli/mcp/add-from-claude-desktop.ts";
import { maskedHeaderValue } from "../../../../src/config/describe.ts";
import { createSandbox, type CommandSandbox } from "../../../helpers/mcp-command-io.ts";

let box: CommandSandbox;
beforeEach(async () => {
  box = await createSandbox();
});
afterEach(async () => {
  await box.dispose();
});

const desktop = JSON.stringify({
  mcpServers: {
    filesystem: { command: "npx", args: ["-y", "@modelcontextprotocol/server-filesystem", "/Users/me"] },
    github: { command: "npx", args: ["-y", "@modelcontextprotocol/server-github"] },
    remote: { type: "http", url: "https://h/mcp" },
  },
});

/** A terminal that answers `answer` and records the question. */
function terminal(answer: string) {
  const asked: string[] = [];
  return { asked, prompt: async (question: string) => (asked.push(question), answer) };
}

describe("mcp add-from-claude-desktop on a terminal", () => {
  it("lists the servers numbered (macOS path) and imports the ones chosen", async () => {
    await box.write(`${box.root}/Library/Application Support/Claude/claude_desktop_config.json`, desktop);
    const tty = terminal("1,3");
    const run = await box.run(["add-from-claude-desktop", "-s", "user"], {
      homedir: box.root,
      platform: "darwin",
      prompt: tty.prompt,
    });
    const file = `${box.root}/Library/Application Support/Claude/claude_desktop_config.json`;
    expect(run).toEqual({
      status: 0,
      stderr: "",
      stdout: [
        "Claude Desktop's servers:",
        "  1. filesystem  npx -y @modelcontextprotocol/server-filesystem /Users/me",
        "  2. github  npx -y @modelcontextprotocol/server-github",
        "  3. remote  http https://h/mcp",
        `Imported 2 MCP servers from Claude Desktop (${file}) to user config (${box.home.userConfig}):`,
        "  added    filesystem",
        "  added    remote",
        "",
      ].join("\n"),
    });
    expect(tty.asked).toEqual(['Import which? (numbers like 1,3 or 2-4, "all", or Enter for none) ']);
    expect(Object.keys(((await box.readJson(box.home.userConfig)) as { mcpServers: object }).mcpServers)).toEqual([
      "filesystem",
      "remote",
    ]);
  });

  it("imports nothing and writes nothing on an empty answer", async () => {
    await box.write(`${box.root}/.config/Claude/claude_desktop_config.json`, desktop);
    const run = await box.run(["add-from-claude-desktop"], {
      homedir: box.root,
      platform: "linux",
      prompt: terminal("").prompt,
    });
    expect(run.status).toBe(0);
    expect(run.stdout.split("\n").at(-2)).toBe(
      `Imported no MCP server from Claude Desktop (${box.root}/.config/Claude/claude_desktop_config.json).`,
    );
    await expect(box.read(box.home.localConfig)).rejects.toThrow(/ENOENT/);
  });

  it("fails on an answer out of range, naming what it expects", async () => {
    await box.write(`${box.root}/.config/Claude/claude_desktop_config.json`, desktop);
    const run = await box.run(["add-from-claude-desktop"], {
      homedir: box.root,
      platform: "linux",
      prompt: terminal("4").prompt,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(
      'mini-cc mcp add-from-claude-desktop: invalid choice "4": expected numbers from 1 to 3 (like 1,3 or 2-4), "all", or nothing\n',
    );
  });

  it("says so on Windows", async () => {
    const run = await box.run(["add-from-claude-desktop", "--all"], { homedir: box.root, platform: "win32" });
    expect(run).toEqual({
      status: 1,
      stdout: "",
      stderr:
        "mini-cc mcp add-from-claude-desktop: Claude Desktop's config is read on Linux and macOS only, not on win32\n",
    });
  });
});

describe("parseChoice", () => {
  it("reads lists, ranges, all and nothing", () => {
    expect(parseChoice("1, 3", 3)).toEqual([0, 2]);
    expect(parseChoice("2-3 1", 3)).toEqual([0, 1, 2]);
    expect(parseChoice("all", 2)).toEqual([0, 1]);
    expect(parseChoice("  ", 2)).toEqual([]);
  });

  it("refuses what is not a choice", () => {
    for (const answer of ["0", "x", "3-1", "1-9"]) {
      expect(() => parseChoice(answer, 3)).toThrow(expect.objectContaining({ code: "command-failed" }));
    }
  });
});

describe("claudeDesktopConfigPath", () => {
  it("is under ~/.config on Linux, or $XDG_CONFIG_HOME", () => {
    expect(claudeDesktopConfigPath("linux", "/home/u", {})).toBe("/home/u/.config/Claude/claude_desktop_config.json");
    expect(claudeDesktopConfigPath("linux", "/home/u", { XDG_CONFIG_HOME: "/x" })).toBe(
      "/x/Claude/claude_desktop_config.json",
    );
  });
});

describe("maskedHeaderValue", () => {
  it("keeps the scheme word and masks the secret", () => {
    expect(maskedHeaderValue("Bearer abc.def")).toBe("Bearer ****");
    expect(maskedHeaderValue("Basic dXNlcjpwYXNz")).toBe("Basic ****");
    expect(maskedHeaderValue("sk-live-123")).toBe("****");
    expect(maskedHeaderValue("Token a b c")).toBe("Token ****");
    // A secret followed by a line break is no scheme word.
    expect(maskedHeaderValue("sk-live-123\nX-Evil: 1")).toBe("****");
    expect(maskedHeaderValue("abc\r\nX-Evil: 1")).toBe("****");
  });

  it("shows a lone ${VAR} reference, which holds no secret, but masks a default", () => {
    expect(maskedHeaderValue("Bearer ${TOKEN}")).toBe("Bearer ${TOKEN}");
    expect(maskedHeaderValue("${API_KEY}")).toBe("${API_KEY}");
    expect(maskedHeaderValue("Bearer ${TOKEN:-abc}")).toBe("Bearer ****");
  });
});

describe("mcp get of an invalid entry", () => {
  it("masks its header values too", async () => {
    await box.write(
      box.home.userConfig,
      JSON.stringify({ mcpServers: { bad: { type: "grpc", url: "x", headers: { Authorization: "Bearer s3cret" } } } }),
    );
    const run = await box.run(["get", "--no-connect", "bad"]);
    expect(run.stdout).toContain('  Entry: {"type":"grpc","url":"x","headers":{"Authorization":"Bearer ****"}}\n');
  });
});
