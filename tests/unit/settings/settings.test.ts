import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { PermissionChain } from "../../../src/agent/permissions.ts";
import { chainRules, effectiveSettings, loadSettings } from "../../../src/settings/project-settings.ts";
import { parseSettings } from "../../../src/settings/settings-file.ts";
import { addSettingsRule, removeSettingsRule } from "../../../src/settings/settings-rules-editor.ts";
import { SettingsSession } from "../../../src/settings/settings-session.ts";
import { SettingsApprovalsFile, grantLines } from "../../../src/settings/settings-trust.ts";
import { CWD, fakeTool } from "../../helpers/agent-fakes.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A project, a user home and a mini-cc home under one temporary root. */
function places() {
  const root = mkdtempSync(join(tmpdir(), "mini-cc-settings-"));
  dirs.push(root);
  const cwd = join(root, "proj");
  mkdirSync(join(cwd, ".claude"), { recursive: true });
  const write = (path: string, value: unknown) => {
    mkdirSync(join(path, ".."), { recursive: true });
    writeFileSync(path, typeof value === "string" ? value : JSON.stringify(value));
  };
  const approvals = new SettingsApprovalsFile(
    join(root, "mini/settings-approvals.json"),
    { now: () => 0 } as never,
    () => {},
  );
  return { root, cwd, write, approvals, places: { cwd, userHome: root, miniCcHome: join(root, "mini") } };
}

describe("settings files", () => {
  it("reads each field on its own: a bad one is named with its file and field, the rest applies", () => {
    const file = parseSettings("local", "/p/.claude/settings.local.json", {
      permissions: { allow: ["Bash(npm test:*)", "Bash(", "WebFetch"], deny: "Read(x)", defaultMode: "acceptEdits" },
      enabledMcpjsonServers: ["a", 1],
    });
    expect(file.rules).toEqual([
      { behavior: "allow", rule: "Bash(npm test:*)", source: "/p/.claude/settings.local.json" },
    ]);
    expect(file.defaultMode).toBe("acceptEdits");
    expect(file.enabledMcpjsonServers).toEqual(["a"]);
    expect(file.problems).toEqual([
      expect.stringMatching(
        /^\/p\/\.claude\/settings\.local\.json: permissions\.allow\[1\]: invalid tool rule "Bash\(": /,
      ),
      "/p/.claude/settings.local.json: permissions.deny: expected an array of strings, got string",
      "/p/.claude/settings.local.json: enabledMcpjsonServers[1]: expected a string, got number",
    ]);
    expect(file.notes).toEqual([
      "/p/.claude/settings.local.json: permissions.allow rule WebFetch is ignored: mini-cc has no WebFetch tool",
    ]);
  });

  it("spells path rules as the chain matches them, and spreads Read and Edit rules to the tools that do the same", () => {
    expect(chainRules("Read(./secrets/**)", "/home/ann")).toEqual([
      "Read(secrets/**)",
      "Glob(secrets/**)",
      "Grep(secrets/**)",
    ]);
    expect(chainRules("Edit(/src/**)", "/home/ann")).toEqual(["Edit(src/**)", "Write(src/**)"]);
    expect(chainRules("Read(~/.ssh/**)", "/home/ann")).toEqual([
      "Read(/home/ann/.ssh/**)",
      "Glob(/home/ann/.ssh/**)",
      "Grep(/home/ann/.ssh/**)",
    ]);
    expect(chainRules("Read(//etc/passwd)", "/home/ann")).toEqual([
      "Read(/etc/passwd)",
      "Glob(/etc/passwd)",
      "Grep(/etc/passwd)",
    ]);
    expect(chainRules("Bash(npm test:*)", "/home/ann")).toEqual(["Bash(npm test:*)"]);
    expect(chainRules("mcp__tracker", "/home/ann")).toEqual(["mcp__tracker"]);
  });

  it("takes the shared file's grants only once approved; its deny and ask rules at once; the local file wins a value", async () => {
    const t = places();
    t.write(join(t.cwd, ".claude/settings.json"), {
      permissions: {
        allow: ["Bash(npm test:*)"],
        deny: ["Read(./secrets/**)"],
        ask: ["Bash(git push:*)"],
        defaultMode: "acceptEdits",
      },
      env: { FROM: "shared", SHARED_ONLY: "1" },
      enableAllProjectMcpServers: true,
    });
    t.write(join(t.cwd, ".claude/settings.local.json"), { env: { FROM: "local" } });
    t.write(join(t.root, ".claude/settings.json"), { env: { FROM: "user" }, permissions: { defaultMode: "plan" } });
    const loaded = await loadSettings(t.places, t.approvals);
    expect(loaded.shared.status).toBe("new");
    const before = effectiveSettings(loaded);
    expect(before.rules.map((r) => `${r.behavior} ${r.rule}`)).toEqual([
      "deny Read(./secrets/**)",
      "ask Bash(git push:*)",
    ]);
    expect(before).toMatchObject({ defaultMode: "plan", env: { FROM: "local" }, enableAllProjectServers: false });
    expect(grantLines(loaded.shared.grants)).toEqual([
      "allow Bash(npm test:*) without asking",
      "start in permission mode acceptEdits",
      "set FROM=shared for tools and servers",
      "set SHARED_ONLY=1 for tools and servers",
      "start every server of .mcp.json without asking",
    ]);

    await t.approvals.approve(t.cwd, loaded.shared.grants);
    const approved = await loadSettings(t.places, t.approvals);
    expect(approved.shared.status).toBe("approved");
    expect(effectiveSettings(approved)).toMatchObject({
      defaultMode: "acceptEdits",
      env: { FROM: "local", SHARED_ONLY: "1" },
      enableAllProjectServers: true,
    });

    // Another grant, or a changed one, asks again; a changed deny rule does not.
    t.write(join(t.cwd, ".claude/settings.json"), {
      permissions: { allow: ["Bash(npm test:*)"], deny: ["Read(x)"], defaultMode: "acceptEdits" },
      env: { FROM: "shared", SHARED_ONLY: "1" },
      enableAllProjectMcpServers: true,
    });
    expect((await loadSettings(t.places, t.approvals)).shared.status).toBe("approved");
    t.write(join(t.cwd, ".claude/settings.json"), { permissions: { allow: ["Bash(*)"] } });
    expect((await loadSettings(t.places, t.approvals)).shared.status).toBe("changed");
  });

  it("an ask rule wins over an allow rule and bypassPermissions; a deny rule over both", () => {
    const bash = fakeTool("Bash");
    const read = fakeTool("Read", { readOnly: true, pathField: "file_path" });
    const chain = new PermissionChain({
      mode: "bypassPermissions",
      allow: ["Bash"],
      deny: [],
      cwd: CWD,
      rules: [
        { behavior: "ask", rule: "mcp__tracker", source: "/p/s.json" },
        { behavior: "ask", rule: "Bash", source: "/p/s.json" },
        {
          behavior: "deny",
          rule: "Read(./secrets/**)",
          matches: chainRules("Read(./secrets/**)", "/h"),
          source: "/p/s.json",
        },
      ],
    });
    expect(chain.check(bash, { command: "ls" })).toEqual({ behavior: "ask", reason: "the rule Bash asks" });
    expect(chain.check(read, { file_path: "secrets/a/key" })).toEqual({
      behavior: "deny",
      message: "Permission to use Read has been denied by a rule.",
    });
    expect(chain.check(read, { file_path: "notes.txt" })).toEqual({ behavior: "allow" });
    expect(chain.listRules()).toEqual([
      { behavior: "allow", rule: "Bash", source: "--allowedTools" },
      { behavior: "ask", rule: "mcp__tracker", source: "/p/s.json" },
      { behavior: "ask", rule: "Bash", source: "/p/s.json" },
      { behavior: "deny", rule: "Read(./secrets/**)", source: "/p/s.json" },
    ]);
    chain.setRules([]);
    expect(chain.check(bash, { command: "ls" })).toEqual({ behavior: "allow" });
  });

  it("adds and removes a rule keeping the file's other keys, order and indentation; never rewrites a file that is not JSON", async () => {
    const t = places();
    const file = join(t.cwd, ".claude/settings.local.json");
    t.write(file, '{\n\t"model": "x",\n\t"permissions": {\n\t\t"deny": ["Read(a)"]\n\t}\n}\n');
    expect(await addSettingsRule(file, "allow", "Bash(npm test:*)")).toBe(true);
    expect(await addSettingsRule(file, "allow", "Bash(npm test:*)")).toBe(false);
    expect(readFileSync(file, "utf8")).toBe(
      '{\n\t"model": "x",\n\t"permissions": {\n\t\t"deny": ["Read(a)"],\n\t\t"allow": [\n\t\t\t"Bash(npm test:*)"\n\t\t]\n\t}\n}\n',
    );
    expect(await removeSettingsRule(file, "deny", "Read(a)")).toBe(true);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({
      model: "x",
      permissions: { deny: [], allow: ["Bash(npm test:*)"] },
    });
    t.write(file, '{"permissions": ');
    await expect(addSettingsRule(file, "allow", "Bash")).rejects.toThrow(
      /settings\.local\.json:1:\d+: invalid JSON .*; not changed/,
    );
    expect(readFileSync(file, "utf8")).toBe('{"permissions": ');
  });

  it("a remembered allow is written to settings.local.json, applies at once, and /permissions can take it out again", async () => {
    const t = places();
    const session = await SettingsSession.load(t.places, t.approvals);
    const chain = new PermissionChain({ mode: "default", allow: [], deny: [], cwd: CWD, rules: session.chainRules() });
    session.attach(chain);
    const comment = { ...fakeTool("mcp__tracker__add_comment"), server: "tracker", toolName: "add_comment" };
    expect(chain.check(comment, {}).behavior).toBe("ask");
    await session.rememberAllow("mcp__tracker");
    expect(JSON.parse(readFileSync(session.localFile, "utf8"))).toEqual({ permissions: { allow: ["mcp__tracker"] } });
    expect(chain.check(comment, {})).toEqual({ behavior: "allow" });
    const [listed] = chain.listRules();
    await session.remove(listed!);
    expect(chain.check(comment, {}).behavior).toBe("ask");
  });

  it("\"don't ask again\" (a session allow while the rule is written) lists the rule once, as the file's; removing it stops allowing", async () => {
    const t = places();
    const session = await SettingsSession.load(t.places, t.approvals);
    const chain = new PermissionChain({ mode: "default", allow: [], deny: [], cwd: CWD, rules: session.chainRules() });
    session.attach(chain);
    const comment = { ...fakeTool("mcp__tracker__add_comment"), server: "tracker", toolName: "add_comment" };
    // As the TUI does: the call is allowed for the session at once, and the rule is written beside it.
    chain.allowForSession("mcp__tracker");
    expect(await session.rememberAllow("mcp__tracker")).toBe(session.localFile);
    expect(session.rules()).toEqual([{ behavior: "allow", rule: "mcp__tracker", source: session.localFile }]);
    await session.remove(session.rules()[0]!);
    expect(session.rules()).toEqual([]);
    expect(chain.check(comment, {}).behavior).toBe("ask");
  });
});
