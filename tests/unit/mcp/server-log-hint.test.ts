import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ErrorCode } from "../../../src/errors.ts";
import { failedServerLog } from "../../../src/mcp/logs/log-hint.ts";
import { serverLogPath } from "../../../src/mcp/logs/stderr-log.ts";
import type { ServerView } from "../../../src/mcp/state/server-state.ts";
import { stdioServer } from "../../helpers/mcp-fixtures.ts";
import { beginLife } from "../../../src/mcp/state/lifecycle.ts";

const HEADER = "--- 2026-01-02T03:04:05.000Z mini-cc started db: node db.js";

function failed(code: ErrorCode): ServerView {
  return {
    name: "db",
    source: "user",
    config: stdioServer("db", { command: "node", args: ["db.js"] }),
    ...beginLife({ status: "failed", error: "x", code }),
  };
}

describe("failedServerLog", () => {
  // The log's last start wrote output, as when another session started the same server after ours.
  const logDir = mkdtempSync(join(tmpdir(), "log-hint-"));
  writeFileSync(serverLogPath(logDir, "db"), `${HEADER}\nError: no database\n`);

  it("points at the log of a server that ran and failed", async () => {
    expect(await failedServerLog(failed("server-exited"), logDir)).toBe(serverLogPath(logDir, "db"));
  });

  it("gives no log for a server whose process never started", async () => {
    for (const code of ["command-not-found", "not-executable", "spawn-failed"] as const) {
      expect(await failedServerLog(failed(code), logDir)).toBeUndefined();
    }
  });
});
