import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ServerConfig, ServerEntry } from "../../../../src/config/types.ts";
import { ApprovalsFile } from "../../../../src/mcp/approvals/approvals.ts";
import { fingerprint } from "../../../../src/mcp/approvals/fingerprint.ts";
import { createSandbox, type CommandSandbox } from "../../../helpers/mcp-command-io.ts";
import { FakeClock } from "../../../helpers/fake-clock.ts";

let box: CommandSandbox;
let store: ApprovalsFile;
const A: ServerEntry = { command: "node", args: ["a.js"] };
const B: ServerEntry = { type: "http", url: "http://h/mcp" };

beforeEach(async () => {
  box = await createSandbox();
  store = new ApprovalsFile({ file: box.home.approvals, clock: new FakeClock(), warn: () => {} });
  await box.write(box.projectFile, JSON.stringify({ mcpServers: { a: A, b: B } }, null, 2));
});
afterEach(async () => {
  await box.dispose();
});

const config = (name: string, entry: ServerEntry): ServerConfig => ({
  name,
  source: "project",
  file: box.projectFile,
  entry,
  resolved: entry,
});
const statuses = async () => ({
  a: await store.status(box.cwd, config("a", A)),
  b: await store.status(box.cwd, config("b", B)),
});

describe("mcp approve", () => {
  it("approves every project server without names", async () => {
    const run = await box.run(["approve"]);
    expect(run).toEqual({
      status: 0,
      stdout: `Approved project server a (fingerprint ${fingerprint(A)})\nApproved project server b (fingerprint ${fingerprint(B)})\n`,
      stderr: "",
    });
    expect(await statuses()).toEqual({ a: "approved", b: "approved" });
    expect(await store.previous(box.cwd, "a")).toEqual({
      fingerprint: fingerprint(A),
      approvedAt: "2026-05-01T10:00:00.000Z",
      entry: A,
    });
  });

  it("approves only the named servers", async () => {
    const run = await box.run(["approve", "b"]);
    expect(run.stdout).toBe(`Approved project server b (fingerprint ${fingerprint(B)})\n`);
    expect(await statuses()).toEqual({ a: "new", b: "approved" });
  });

  it("approves none when a name is unknown", async () => {
    const run = await box.run(["approve", "a", "ghost"]);
    expect(run).toEqual({
      status: 1,
      stdout: "",
      stderr: `mini-cc mcp approve: no server named "ghost" in ${box.projectFile} nor the project's agent files\n`,
    });
    expect(await statuses()).toEqual({ a: "new", b: "new" });
  });

  it("refuses an absurdly deep entry with a clear error instead of overflowing the stack", async () => {
    await box.write(
      box.projectFile,
      `{"mcpServers":{"deep":{"command":"x","extra":${"[".repeat(100_000)}1${"]".repeat(100_000)}}}}`,
    );
    const run = await box.run(["approve", "deep"]);
    const path = `mcpServers.deep.extra${"[0]".repeat(63)}`;
    expect(run).toEqual({
      status: 1,
      stdout: "",
      stderr: `mini-cc mcp approve: cannot approve deep: ${box.projectFile}: ${path}: nested deeper than 64 levels\n`,
    });
  });

  it("skips an invalid entry with its reason and exits 1", async () => {
    await box.write(box.projectFile, JSON.stringify({ mcpServers: { a: A, bad: { command: 3 } } }));
    const run = await box.run(["approve"]);
    expect(run).toEqual({
      status: 1,
      stdout: `Approved project server a (fingerprint ${fingerprint(A)})\n`,
      stderr: `Not approved bad: ${box.projectFile}: mcpServers.bad.command: expected string, got number\n`,
    });
  });

  it("says so when the project declares no servers", async () => {
    await box.write(box.projectFile, "{}");
    expect(await box.run(["approve"])).toEqual({
      status: 0,
      stdout: `No project servers in ${box.projectFile}.\n`,
      stderr: "",
    });
  });

  it("fails naming the position when .mcp.json is not valid JSON", async () => {
    await box.write(box.projectFile, "{\n  mcpServers: {}\n}");
    expect(await box.run(["approve"])).toEqual({
      status: 1,
      stdout: "",
      stderr: `mini-cc mcp approve: ${box.projectFile}:2:3: invalid JSON (Expected property name or '}')\n`,
    });
  });

  it("asks again after the entry changed", async () => {
    await box.run(["approve", "a"]);
    const changed: ServerEntry = { command: "node", args: ["a.js", "--evil"] };
    expect(await store.status(box.cwd, config("a", changed))).toBe("changed");
  });
});

describe("mcp reset-project-choices", () => {
  it("forgets this project's approvals and says how many", async () => {
    await box.run(["approve"]);
    const run = await box.run(["reset-project-choices"]);
    expect(run).toEqual({
      status: 0,
      stdout: `Forgot 2 approvals for ${box.cwd} (a, b); those servers will ask again before they start.\n`,
      stderr: "",
    });
    expect(await statuses()).toEqual({ a: "new", b: "new" });
  });

  it("keeps other projects' approvals", async () => {
    await store.approve("/elsewhere", config("a", A), { sandboxed: false });
    await box.run(["approve"]);
    await box.run(["reset-project-choices"]);
    expect(await store.status("/elsewhere", config("a", A))).toBe("approved");
  });

  it("says so when nothing was remembered", async () => {
    expect(await box.run(["reset-project-choices"])).toEqual({
      status: 0,
      stdout: `No approvals remembered for ${box.cwd}.\n`,
      stderr: "",
    });
  });
});
