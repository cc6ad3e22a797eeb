import { chmod, mkdir, mkdtemp, readFile, readdir, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { HomeJsonFile } from "../../../src/fs/home-json-file.ts";
import { resolveHome } from "../../../src/home.ts";
import { ApprovalsFile } from "../../../src/mcp/approvals/approvals.ts";
import { DisabledServersFile } from "../../../src/mcp/approvals/disabled-servers.ts";
import { OAuthStore } from "../../../src/mcp/connection/oauth/token-store.ts";
import { ToolCacheFiles } from "../../../src/mcp/tools/cache.ts";
import { SettingsApprovalsFile } from "../../../src/settings/settings-trust.ts";
import { NoticeFeed } from "../../../components/runtime/notice-feed.ts";
import { FakeClock } from "../../helpers/fake-clock.ts";
import { stdioServer } from "../../helpers/mcp-fixtures.ts";

const NOW = Date.UTC(2026, 4, 1, 10, 20, 30);
const STAMP = "2026-05-01T10-20-30.000Z";
const CORRUPT = '{"oops": ';
const ECHO = stdioServer("echo", { command: "node", args: ["echo.mjs"] });
const GRANTS = { allow: ["Bash(ls)"], additionalDirectories: [], env: {}, enabledMcpjsonServers: [] };

/** Each JSON file of the home folder: how to build it, use it after the damage, then write to it. */
const KINDS = [
  {
    kind: "approvals",
    file: (home: ReturnType<typeof resolveHome>) => home.approvals,
    lost: "starting with no approvals",
    async use(home: ReturnType<typeof resolveHome>, clock: FakeClock, warn: (m: string) => void) {
      const file = new ApprovalsFile({ file: home.approvals, clock, warn });
      expect(await file.status("/p", ECHO)).toBe("new");
      await file.approve("/p", ECHO, { sandboxed: false });
      expect(await file.status("/p", ECHO)).toBe("approved");
    },
  },
  {
    kind: "settings approvals",
    file: (home: ReturnType<typeof resolveHome>) => home.settingsApprovals,
    lost: "shared settings approved before will be asked about again",
    async use(home: ReturnType<typeof resolveHome>, clock: FakeClock, warn: (m: string) => void) {
      const file = new SettingsApprovalsFile(home.settingsApprovals, clock, warn);
      expect(await file.status("/p", GRANTS)).toBe("new");
      await file.approve("/p", GRANTS);
      expect(await file.status("/p", GRANTS)).toBe("approved");
    },
  },
  {
    kind: "OAuth store",
    file: (home: ReturnType<typeof resolveHome>) => home.oauth,
    lost: "its servers need a login again",
    async use(home: ReturnType<typeof resolveHome>, clock: FakeClock, warn: (m: string) => void) {
      const store = new OAuthStore({ file: home.oauth, clock, warn });
      expect(await store.read("http://x/mcp")).toEqual({});
      expect(store.movedAside).toBe(`${home.oauth}.corrupt-${STAMP}`);
      await store.update("http://x/mcp", () => ({ tokens: { access_token: "t", token_type: "Bearer" } }));
      expect((await store.read("http://x/mcp")).tokens?.access_token).toBe("t");
    },
  },
  {
    kind: "disabled servers",
    file: (home: ReturnType<typeof resolveHome>) => home.disabled,
    lost: "starting with no server switched off",
    async use(home: ReturnType<typeof resolveHome>, clock: FakeClock, warn: (m: string) => void) {
      const list = new DisabledServersFile({ file: home.disabled, clock, warn });
      expect([...(await list.list("/p"))]).toEqual([]);
      expect(await list.set("/p", "a", true)).toBe(true);
      expect([...(await list.list("/p"))]).toEqual(["a"]);
    },
  },
  {
    kind: "tool cache",
    file: (home: ReturnType<typeof resolveHome>) =>
      new ToolCacheFiles({ dir: home.toolCache, projectDir: "/p", clock: new FakeClock(), warn: () => {} }).pathOf(
        ECHO,
      ),
    lost: "its tools are listed again when the server connects",
    async use(home: ReturnType<typeof resolveHome>, clock: FakeClock, warn: (m: string) => void) {
      const cache = new ToolCacheFiles({ dir: home.toolCache, projectDir: "/p", clock, warn });
      expect(await cache.read(ECHO)).toBeUndefined();
      await cache.write(ECHO, { tools: [], skippedTools: [], instructions: "hi" });
      expect((await cache.read(ECHO))?.instructions).toBe("hi");
    },
  },
];

async function newHome() {
  return resolveHome({ MINI_CC_HOME: await mkdtemp(join(tmpdir(), "home-json-")) }, "/nowhere");
}

describe("a corrupt JSON file in the home folder", () => {
  for (const { kind, file, lost, use } of KINDS) {
    it(`${kind}: is moved aside with one warning naming it, and the program goes on`, async () => {
      const home = await newHome();
      const path = file(home);
      await mkdir(join(path, ".."), { recursive: true });
      await writeFile(path, CORRUPT);
      const warnings: string[] = [];
      await use(home, new FakeClock(NOW), (message) => warnings.push(message));
      const backup = `${path}.corrupt-${STAMP}`;
      expect(warnings).toEqual([
        `${path}:1:10: invalid JSON (unexpected end of input); moved it to ${backup} and ${lost}.`,
      ]);
      expect(await readFile(backup, "utf8")).toBe(CORRUPT);
      expect((await stat(path)).mode & 0o777).toBe(0o600);
    });
  }

  it("a second corrupt file the same moment gets its own backup name", async () => {
    const home = await newHome();
    const warnings: string[] = [];
    const list = new DisabledServersFile({
      file: home.disabled,
      clock: new FakeClock(NOW),
      warn: (m) => warnings.push(m),
    });
    for (const text of ["[", "[1]"]) {
      await writeFile(home.disabled, text);
      await list.list("/p");
    }
    expect((await readdir(home.root)).filter((n) => n.includes(".corrupt-")).sort()).toEqual([
      `mcp-disabled.json.corrupt-${STAMP}`,
      `mcp-disabled.json.corrupt-${STAMP}-1`,
    ]);
    expect(warnings[1]).toBe(
      `${home.disabled}: expected an object of project folders; moved it to ${home.disabled}.corrupt-${STAMP}-1 and starting with no server switched off.`,
    );
  });

  it("one that cannot be moved aside is an error naming it, and is never overwritten", async () => {
    if (process.getuid?.() === 0) return; // root renames in a read-only folder
    const home = await newHome();
    await writeFile(home.disabled, CORRUPT);
    await chmod(home.root, 0o500);
    try {
      const list = new HomeJsonFile({
        file: home.disabled,
        clock: new FakeClock(NOW),
        warn: () => {},
        check: () => undefined,
        empty: () => ({}),
        lost: "x",
      });
      await expect(list.read()).rejects.toThrow(
        `${home.disabled}:1:10: invalid JSON (unexpected end of input); could not move it aside`,
      );
    } finally {
      await chmod(home.root, 0o700);
    }
    expect(await readFile(home.disabled, "utf8")).toBe(CORRUPT);
  });
});

describe("NoticeFeed", () => {
  it("hands what waited to the UI, then each later notice as it comes, once", () => {
    const feed = new NoticeFeed();
    feed.push("config problem");
    feed.unshift("no model");
    const seen: string[] = [];
    const stop = feed.follow((text) => seen.push(text));
    feed.push("moved a corrupt file");
    stop();
    feed.push("after the UI");
    expect(seen).toEqual(["no model", "config problem", "moved a corrupt file"]);
    const later: string[] = [];
    feed.follow((text) => later.push(text));
    expect(later).toEqual(["after the UI"]);
  });
});
