import { describe, expect, it } from "vitest";
import { runHookProcess } from "../../../src/hooks/hook-process.ts";

const base = { stdin: "{}", cwd: process.cwd(), env: { PATH: process.env.PATH ?? "" } };

describe("runHookProcess", () => {
  it("reads stdin, and keeps stdout and stderr apart with the exit status", async () => {
    expect(
      await runHookProcess({ ...base, stdin: '{"a":1}', command: "cat; echo err >&2; exit 4", timeoutMs: 5000 }),
    ).toEqual({ kind: "exited", code: 4, stdout: '{"a":1}', stderr: "err\n" });
  });

  it("a timeout ends the hook even when a process that left its group keeps the pipes open", async () => {
    const started = Date.now();
    const ending = await runHookProcess({ ...base, command: "setsid sleep 5 & sleep 5", timeoutMs: 300 });
    expect(ending.kind).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it("output past the cap stops the hook", async () => {
    expect(
      await runHookProcess({ ...base, command: "head -c 300000 /dev/zero", timeoutMs: 5000, capBytes: 100_000 }),
    ).toEqual({ kind: "too-much-output" });
  });
});
