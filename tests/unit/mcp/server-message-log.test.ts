import { existsSync, mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  LOG_BATCH_MS,
  MAX_KEPT_WARNINGS,
  requestedLogLevel,
  ServerMessageLog,
} from "../../../src/mcp/logs/message-log.ts";
import type { ServerLogEntry } from "../../../src/mcp/state/server-state.ts";
import { FakeClock } from "../../helpers/fake-clock.ts";

const logFile = () => join(mkdtempSync(join(tmpdir(), "mcp-messages-")), "logs", "mcp-s.log");

describe("server log messages", () => {
  it("asks for MCP_LOG_LEVEL when it names a level, else info", () => {
    expect([
      requestedLogLevel({ MCP_LOG_LEVEL: "Debug" }),
      requestedLogLevel({ MCP_LOG_LEVEL: "loud" }),
      requestedLogLevel({}),
    ]).toEqual(["debug", "info", "info"]);
  });

  it("writes each message with its time, level and logger, in one batch", () => {
    const path = logFile();
    const clock = new FakeClock(new Date("2026-05-01T10:00:00.000Z"));
    const log = new ServerMessageLog({ path, clock, onWarnings: () => {} });
    log.add({ level: "info", logger: "db", data: "connected" });
    log.add({ level: "debug", data: { rows: 3, text: "a\nb" } });
    expect(existsSync(path)).toBe(false);
    clock.advance(LOG_BATCH_MS);
    expect(readFileSync(path, "utf8")).toBe(
      '2026-05-01T10:00:00.000Z [info] db: connected\n2026-05-01T10:00:00.000Z [debug] {"rows":3,"text":"a\\nb"}\n',
    );
  });

  it("writes a message's escape sequences and line breaks as text, so a cat of the log cannot drive the terminal", () => {
    const path = logFile();
    const clock = new FakeClock(new Date("2026-05-01T10:00:00.000Z"));
    const log = new ServerMessageLog({ path, clock, onWarnings: () => {} });
    log.add({ level: "error", logger: "x\u001b]0;owned\u0007", data: "\u001b[2J\u001b[Hgone\nfake line\r\u009b31m" });
    clock.advance(LOG_BATCH_MS);
    expect(readFileSync(path, "utf8")).toBe(
      "2026-05-01T10:00:00.000Z [error] x\\x1b]0;owned\\x07: \\x1b[2J\\x1b[Hgone\\nfake line\\x0d\\x9b31m\n",
    );
  });

  it("keeps the recent warnings and worse, reported once a batch", () => {
    const clock = new FakeClock();
    const reports: (readonly ServerLogEntry[])[] = [];
    const log = new ServerMessageLog({ clock, onWarnings: (w) => reports.push(w) });
    log.add({ level: "info", data: "fine" });
    for (let i = 0; i < MAX_KEPT_WARNINGS + 5; i++)
      log.add({ level: i % 2 ? "error" : "warning", logger: "x", data: `w${i}` });
    clock.advance(LOG_BATCH_MS);
    expect(reports).toHaveLength(1);
    expect(reports[0]).toHaveLength(MAX_KEPT_WARNINGS);
    expect(reports[0]?.at(-1)).toEqual({ level: "warning", logger: "x", text: `w${MAX_KEPT_WARNINGS + 4}` });
    expect(reports[0]?.[0]?.text).toBe("w5");
  });

  it("rotates a flooded log mid-run so it never grows past two logs' worth", () => {
    const path = logFile();
    const clock = new FakeClock();
    const log = new ServerMessageLog({ path, clock, onWarnings: () => {}, maxBytes: 4096 });
    for (let batch = 0; batch < 50; batch++) {
      for (let i = 0; i < 100; i++) log.add({ level: "info", data: `line ${batch}.${i} ${"x".repeat(40)}` });
      clock.advance(LOG_BATCH_MS);
    }
    expect(statSync(path).size).toBeLessThanOrEqual(4096);
    expect(statSync(`${path}.1`).size).toBeLessThanOrEqual(4096);
    expect(readFileSync(path, "utf8")).toContain("line 49.99");
  });

  it("drops messages after close", () => {
    const path = logFile();
    const clock = new FakeClock();
    const log = new ServerMessageLog({ path, clock, onWarnings: () => {} });
    log.add({ level: "info", data: "kept" });
    log.close();
    log.add({ level: "info", data: "dropped" });
    clock.advance(LOG_BATCH_MS);
    expect(readFileSync(path, "utf8")).toMatch(/kept\n$/);
  });
});
