import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openUrl } from "../../src/mcp/open-url.ts";
import { noteInServerLog } from "../../src/mcp/logs/request-log.ts";
import { eventually } from "../helpers/tui-screen.ts";

// A URL elicitation the user chose to open runs $BROWSER with the URL as one argument (never shell
// text); a declined request's reason lands in the server's log.

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "mini-cc-open-url-"));
  dirs.push(dir);
  return dir;
}

describe("openUrl", () => {
  it("runs $BROWSER with the URL as a single argument", async () => {
    const dir = tempDir();
    const browser = join(dir, "browser.sh");
    const out = join(dir, "args.txt");
    writeFileSync(browser, `#!/bin/sh\nprintf '%s\\n' "$#" "$@" > '${out}'\n`);
    chmodSync(browser, 0o755);
    const url = "https://example.com/a?x=1&y=$(touch pwned);z";
    expect(await openUrl(url, { BROWSER: browser, PATH: process.env.PATH })).toEqual({
      kind: "opened",
      via: "$BROWSER",
    });
    await eventually(() => expect(existsSync(out)).toBe(true));
    await eventually(() => expect(readFileSync(out, "utf8")).toBe(`1\n${new URL(url).href}\n`));
    expect(existsSync(join(dir, "pwned"))).toBe(false);
  });

  it("hands the opener no credential of mini-cc's", async () => {
    const dir = tempDir();
    const browser = join(dir, "browser.sh");
    const out = join(dir, "env.txt");
    writeFileSync(browser, `#!/bin/sh\nenv > '${out}'\n`);
    chmodSync(browser, 0o755);
    const env = {
      BROWSER: browser,
      PATH: process.env.PATH,
      ANTHROPIC_API_KEY: "sk-ant-opener",
      CLAUDE_CODE_OAUTH_TOKEN: "oauth-opener",
      KEPT: "yes",
    };
    expect(await openUrl("https://example.com", env)).toEqual({ kind: "opened", via: "$BROWSER" });
    await eventually(() => expect(readFileSync(out, "utf8")).toContain("KEPT=yes"));
    expect(readFileSync(out, "utf8")).not.toMatch(/opener/);
  });

  it("says so when the opener cannot start", async () => {
    expect(await openUrl("https://example.com", { BROWSER: "/nonexistent/browser", PATH: "" })).toMatchObject({
      kind: "failed",
      via: "$BROWSER",
    });
  });

  it("never hands $BROWSER a URL that is not a web page", async () => {
    const dir = tempDir();
    const browser = join(dir, "browser.sh");
    const out = join(dir, "args.txt");
    writeFileSync(browser, `#!/bin/sh\nprintf '%s\\n' "$@" >> '${out}'\n`);
    chmodSync(browser, 0o755);
    for (const url of ["file:///etc/passwd", "smb://attacker.example/share", "x-evil-scheme://run?cmd=touch%20pwned"]) {
      expect(await openUrl(url, { BROWSER: browser, PATH: process.env.PATH })).toMatchObject({ kind: "refused" });
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(existsSync(out)).toBe(false);
  });
});

describe("noteInServerLog", () => {
  it("appends a stamped line to the server's log, private to the user", () => {
    const dir = tempDir();
    noteInServerLog(
      dir,
      "asker",
      "elicitation declined: the request cannot be shown (x)",
      new Date("2026-12-03T04:00:00Z"),
    );
    expect(readFileSync(join(dir, "mcp-asker.log"), "utf8")).toBe(
      "[mini-cc 2026-12-03T04:00:00.000Z] elicitation declined: the request cannot be shown (x)\n",
    );
    expect(statSync(join(dir, "mcp-asker.log")).mode & 0o777).toBe(0o600);
  });

  it("costs only the line when the log cannot be written", () => {
    expect(() => noteInServerLog("/nonexistent/dir", "asker", "x", new Date())).not.toThrow();
  });
});
