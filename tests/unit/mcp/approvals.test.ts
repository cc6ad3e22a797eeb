import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ServerConfig, ServerEntry } from "../../../src/config/types.ts";
import { ApprovalsFile } from "../../../src/mcp/approvals/approvals.ts";
import type { ApprovalRecords } from "../../../src/mcp/approvals/approval-types.ts";
import { McpManager } from "../../../src/mcp/manager.ts";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { memoryTransports, statuses } from "../../helpers/mcp-fixtures.ts";
import { fingerprint } from "../../../src/mcp/approvals/fingerprint.ts";
import { FakeClock } from "../../helpers/fake-clock.ts";

let dir: string;
let file: string;
let warnings: string[];
const project = "/work/proj";
const clock = new FakeClock(new Date("2026-05-01T10:20:30.000Z"));

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "mini-cc-approvals-"));
  file = join(dir, "mcp-approvals.json");
  warnings = [];
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const store = () => new ApprovalsFile({ file, clock, warn: (message) => warnings.push(message) });
const server = (name: string, entry: ServerEntry = { command: "node", args: ["t.ts"] }): ServerConfig => ({
  name,
  source: "project",
  file: join(project, ".mcp.json"),
  entry,
  resolved: entry,
});

describe("ApprovalsFile", () => {
  it("reports new, then approved, then changed when the entry changes", async () => {
    const approvals = store();
    expect(await approvals.status(project, server("tracker"))).toBe("new");
    await approvals.approve(project, server("tracker"), { sandboxed: false });
    expect(await approvals.status(project, server("tracker"))).toBe("approved");
    expect(await approvals.status(project, server("tracker", { command: "sh", args: ["-c", "curl x | sh"] }))).toBe(
      "changed",
    );
    expect(await approvals.status("/other/proj", server("tracker"))).toBe("new");
  });

  it("stores fingerprint, time and the entry as written, and returns them as the previous approval", async () => {
    const entry = { command: "node", args: ["t.ts"], env: { TOKEN: "${TOKEN}" } };
    await store().approve(project, server("tracker", entry), { sandboxed: false });
    const record = { fingerprint: fingerprint(entry), approvedAt: "2026-05-01T10:20:30.000Z", entry };
    expect(JSON.parse(await readFile(file, "utf8"))).toEqual({ [project]: { tracker: record } });
    expect(await store().previous(project, "tracker")).toEqual(record);
  });

  it("reads the older form that stores only the fingerprint string", async () => {
    const entry = { command: "node", args: ["t.ts"] };
    await writeFile(file, JSON.stringify({ [project]: { tracker: fingerprint(entry), other: "0000000000000000" } }));
    expect(await store().status(project, server("tracker", entry))).toBe("approved");
    expect(await store().status(project, server("other", entry))).toBe("changed");
    expect(await store().previous(project, "other")).toEqual({ fingerprint: "0000000000000000" });
  });

  it("moves a corrupt file aside with a warning and starts empty", async () => {
    await writeFile(file, '{"/work/proj": {"tracker": "abc"');
    expect(await store().status(project, server("tracker"))).toBe("new");
    const backup = `${file}.corrupt-2026-05-01T10-20-30.000Z`;
    expect(warnings).toEqual([
      `${file}:1:33: invalid JSON (Expected ',' or '}' after property value); moved it to ${backup} and starting with no approvals.`,
    ]);
    expect(await readFile(backup, "utf8")).toBe('{"/work/proj": {"tracker": "abc"');
    await store().approve(project, server("tracker"), { sandboxed: false });
    expect((await readdir(dir)).sort()).toEqual([
      "mcp-approvals.json",
      "mcp-approvals.json.corrupt-2026-05-01T10-20-30.000Z",
    ]);
  });

  it("loses no entry when two stores approve twenty servers each at once", async () => {
    const [a, b] = [store(), store()];
    const names = Array.from({ length: 20 }, (_, i) => `s${i}`);
    await Promise.all(
      names.flatMap((name) => [
        a.approve(project, server(`a-${name}`), { sandboxed: false }),
        b.approve(project, server(`b-${name}`), { sandboxed: false }),
      ]),
    );
    const saved = JSON.parse(await readFile(file, "utf8")) as Record<string, Record<string, unknown>>;
    expect(Object.keys(saved[project]!).sort()).toEqual(names.flatMap((n) => [`a-${n}`, `b-${n}`]).sort());
  });

  it("keeps other projects' entries when approving", async () => {
    await mkdir(dir, { recursive: true });
    await writeFile(file, JSON.stringify({ "/elsewhere": { x: "1111111111111111" } }));
    await store().approve(project, server("tracker"), { sandboxed: false });
    expect(Object.keys(JSON.parse(await readFile(file, "utf8")))).toEqual(["/elsewhere", project]);
  });

  it("forgets the named servers, or every server of the project", async () => {
    const approvals = store();
    for (const name of ["a", "b", "c"]) await approvals.approve(project, server(name), { sandboxed: false });
    await approvals.approve("/elsewhere", server("a"), { sandboxed: false });
    expect(await approvals.forget(project, ["a", "missing"])).toEqual(["a"]);
    expect(await approvals.status(project, server("a"))).toBe("new");
    expect(await approvals.forget(project)).toEqual(["b", "c"]);
    expect(Object.keys(JSON.parse(await readFile(file, "utf8")))).toEqual(["/elsewhere"]);
  });
});

describe("the one approvals interface", () => {
  it("keeps the sandboxed answer given through McpManager, with servers the settings enable approved", async () => {
    const approvals = new ApprovalsFile({
      file,
      clock,
      warn: () => {},
      enabledBySettings: (name) => name === "enabled",
    });
    const { factory } = memoryTransports({ probe: () => new McpServer({ name: "probe", version: "1" }) });
    const manager = new McpManager({
      projectDir: project,
      approvals,
      logDir: join(dir, "logs"),
      env: {},
      interactive: true,
      transportFactory: factory,
    });
    await manager.start([server("probe"), server("enabled")]);
    // "enabled" was started without a question (it has no server here, so it failed).
    expect(statuses(manager.getSnapshot())).toEqual({ probe: "needs-approval", enabled: "failed" });
    await manager.decide("probe", "sandbox");
    await manager.close();
    expect(await store().previous(project, "probe")).toMatchObject({ sandboxed: true });
    expect(await approvals.status(project, server("enabled"))).toBe("approved");
    expect(await store().status(project, server("enabled"))).toBe("new");
  });

  it("does not compile a wrapper that drops how the server runs", () => {
    // Checked by tsc (npm run typecheck): the old hand-copied wrapper's approve lost the sandboxed answer.
    const wrap = (inner: ApprovalRecords): ApprovalRecords => ({
      status: (projectDir, named) => inner.status(projectDir, named),
      previous: (projectDir, name) => inner.previous(projectDir, name),
      // @ts-expect-error the mode is required, so forwarding without it is a type error
      approve: (projectDir, named) => inner.approve(projectDir, named),
    });
    expect(typeof wrap).toBe("function");
  });
});

describe("trustReadOnlyHint and the approval", () => {
  it("needs no new approval to turn the trust off, and asks again to turn it back on", async () => {
    const trusting = { command: "node", args: ["t.ts"] };
    const distrusting = { ...trusting, trustReadOnlyHint: false };
    await store().approve(project, server("tracker", trusting), { sandboxed: false });
    expect(await store().status(project, server("tracker", distrusting))).toBe("approved");
    await store().approve(project, server("tracker", distrusting), { sandboxed: false });
    expect(await store().status(project, server("tracker", distrusting))).toBe("approved");
    expect(await store().status(project, server("tracker", trusting))).toBe("changed");
    expect(await store().status(project, server("tracker", { ...trusting, trustReadOnlyHint: true }))).toBe("changed");
  });
});
