// A server's readOnlyHint lets its tool run without a question, in every mode (the seed chapter's
// rule), unless the entry's "trustReadOnlyHint": false or the user's "mcpTrustReadOnlyHints": false
// turns it off: then the tool asks, and print mode, which cannot ask, denies it.
import { beforeEach, describe, expect, it } from "vitest";
import {
  cliForTestFile,
  deniedResult,
  mcpConfig,
  scriptedStreamRun,
  toolResultsById,
  toolUse,
  trackerEntry,
  type CliSandbox,
} from "../helpers/cli-sandbox.ts";

const cli = cliForTestFile();
let box: CliSandbox;
beforeEach(async () => {
  box = await cli.sandbox();
});

const LIST = "mcp__tracker__list_issues";

async function listIssues(entry: Record<string, unknown>) {
  const run = await scriptedStreamRun(
    box,
    [[toolUse("t1", LIST, { status: "Todo" })], [{ type: "text", text: "Done." }]],
    ["--mcp-config", mcpConfig({ tracker: entry })],
  );
  expect(run.code).toBe(0);
  return toolResultsById(run.lines)["t1"];
}

describe("read-only hints in print mode", () => {
  it("runs a read-only tool without asking by default", async () => {
    expect((await listIssues(trackerEntry))?.is_error).toBe(false);
  });

  it('asks (so print mode denies it) where the entry says "trustReadOnlyHint": false', async () => {
    expect(await listIssues({ ...trackerEntry, trustReadOnlyHint: false })).toEqual(deniedResult(LIST));
  });

  it('asks for every server where the user setting says "mcpTrustReadOnlyHints": false', async () => {
    await box.write("home/settings.json", { mcpTrustReadOnlyHints: false });
    expect(await listIssues(trackerEntry)).toEqual(deniedResult(LIST));
  });

  it("names the file and the field of a trustReadOnlyHint that is not true or false", async () => {
    const run = await scriptedStreamRun(
      box,
      [[{ type: "text", text: "Done." }]],
      ["--mcp-config", mcpConfig({ tracker: { ...trackerEntry, trustReadOnlyHint: "no" } })],
    );
    expect(run.stderr).toContain("tracker.trustReadOnlyHint");
  });
});
