// /add-dir as the CLI wires it: the folder joins the permission scope and the
// roots, and a connected server that asked for roots hears list_changed and
// sees the new root (server-everything's get-roots-list); an @ mention attaches from it.
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { createRuntime } from "../../src/session/runtime.ts";
import { NODE, SERVERS_DIR } from "../helpers/cli-sandbox.ts";
import { cliRunOptions } from "../helpers/runtime-session.ts";

const EVERYTHING = join(SERVERS_DIR, "server-everything/dist/index.js");
const root = realpathSync(mkdtempSync(join(tmpdir(), "mini-cc-add-dir-")));
const project = join(root, "project");
const extra = join(root, "extra");
afterAll(() => rmSync(root, { recursive: true, force: true }));

const everything = { command: NODE, args: [EVERYTHING, "stdio"] };
const options = cliRunOptions({ print: true, mcpConfig: [JSON.stringify({ mcpServers: { everything } })] });

describe("adding a folder during the session", () => {
  it("widens the file tools' scope and tells the servers about the new root", async () => {
    const { mkdirSync } = await import("node:fs");
    mkdirSync(project, { recursive: true });
    mkdirSync(extra);
    const runtime = await createRuntime({
      options,
      cwd: project,
      env: { ...process.env, MINI_CC_HOME: join(root, "home") },
      interactive: false,
      warn: () => {},
      ask: async () => ({ behavior: "deny" }),
    });
    try {
      await runtime.startServers();
      await expect(runtime.addDir(join(root, "missing"))).rejects.toThrow(/no such folder/);
      expect(runtime.permissions.scope.contains(join(extra, "a.txt"))).toBe(false);
      writeFileSync(join(extra, "a.txt"), "added\n");
      // An @ mention attaches from the folders the file tools may read without asking, as they are at that turn.
      const attached = async () => {
        for await (const event of runtime.runTurn(`see @${join(extra, "a.txt")}`, new AbortController().signal))
          if (event.type === "attachment") return event.attached;
        return undefined;
      };
      expect(await attached()).toBe(false);
      await runtime.addDir(extra);
      expect(runtime.permissions.scope.contains(join(extra, "a.txt"))).toBe(true);
      expect(await attached()).toBe(true);
      let roots = "";
      for (let i = 0; i < 100 && !roots.includes(pathToFileURL(extra).href); i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        roots = JSON.stringify((await runtime.manager.call("everything", "get-roots-list", {})).content);
      }
      expect(roots).toContain(pathToFileURL(project).href);
      expect(roots).toContain(pathToFileURL(extra).href);
    } finally {
      await runtime.close();
    }
  }, 30_000);
});
