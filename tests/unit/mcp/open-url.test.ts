import { describe, expect, it } from "vitest";
import { isLoopbackHost, openableUrl, openerCommand } from "../../../src/mcp/open-url.ts";
import { shellWords } from "../../../src/text/shell-words.ts";

describe("openableUrl", () => {
  it("opens https: anywhere and http: only to this machine", () => {
    for (const url of [
      "https://auth.example.com/authorize?x=1",
      "http://127.0.0.1:8080/cb",
      "http://localhost/x",
      "http://[::1]:3000/",
    ]) {
      expect(openableUrl(url)).toMatchObject({ ok: true });
    }
  });

  it("refuses every other scheme, naming the URL and why", () => {
    expect(openableUrl("file:///etc/passwd")).toEqual({
      ok: false,
      reason: "`file:///etc/passwd` is not a web page (scheme file:); only https:, or http: to this machine, is opened",
    });
    expect(openableUrl("smb://attacker.example/share")).toMatchObject({
      ok: false,
      reason: expect.stringContaining("is not a web page (scheme smb:)"),
    });
    expect(openableUrl("x-evil-scheme://run?cmd=calc")).toMatchObject({
      ok: false,
      reason: expect.stringContaining("is not a web page (scheme x-evil-scheme:)"),
    });
    expect(openableUrl("javascript:alert(1)")).toMatchObject({ ok: false });
    expect(openableUrl("http://evil.example/login")).toMatchObject({
      ok: false,
      reason: expect.stringContaining("plain http: to another machine"),
    });
    expect(openableUrl("not a url")).toEqual({ ok: false, reason: "`not a url` is not a URL" });
  });

  it("shows a hostile URL's control characters escaped in the reason", () => {
    const check = openableUrl("x-evil:\u001b[2J");
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.reason).not.toContain("\u001b");
  });

  it("counts 127.0.0.0/8, ::1 and localhost as loopback, nothing else", () => {
    expect(["127.0.0.1", "127.1.2.3", "localhost", "[::1]", "::1"].map(isLoopbackHost)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(["128.0.0.1", "localhost.evil.com", "0.0.0.0", "10.0.0.1"].map(isLoopbackHost)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});

describe("openerCommand", () => {
  it("splits $BROWSER into words as sh does, without a shell, and puts the URL last or at %s", () => {
    const url = "https://example.com/?a=1&b=$(x)";
    expect(openerCommand(url, { BROWSER: "firefox --new-tab" }, "linux")).toEqual(["firefox", "--new-tab", url]);
    expect(openerCommand(url, { BROWSER: `"/opt/My Browser/run" --x` }, "linux")).toEqual([
      "/opt/My Browser/run",
      "--x",
      url,
    ]);
    expect(openerCommand(url, { BROWSER: "chrome %s --incognito" }, "linux")).toEqual(["chrome", url, "--incognito"]);
    expect(openerCommand(url, {}, "linux")).toEqual(["xdg-open", url]);
    expect(openerCommand(url, {}, "darwin")).toEqual(["open", url]);
  });

  it("splits words with quotes and backslashes and expands nothing", () => {
    expect(shellWords(`a 'b c' "d \\"e\\"" f\\ g $HOME ''`)).toEqual(["a", "b c", 'd "e"', "f g", "$HOME", ""]);
  });
});
