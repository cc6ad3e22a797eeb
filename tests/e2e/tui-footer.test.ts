/**
 * The footer on a real pseudo-terminal says when Bash runs in the sandbox:
 * `--sandbox` at start, and `/sandbox` switching it off and on again.
 */
import { describe, expect, it } from "vitest";
import { ptyAppsForTestFile, until } from "../helpers/pty-app.ts";

const apps = ptyAppsForTestFile({ sandbox: true });

describe("the footer", () => {
  it("shows ▣ sandbox beside the mode while Bash runs sandboxed", async () => {
    const box = apps.box;
    const app = apps.launch(["--sandbox"], { cols: 110, rows: 30, cwd: box.project, env: box.env });
    await app.waitFor("⏵ default ▣ sandbox ·", 20_000);
    app.write("/sandbox off\r");
    await app.waitFor("Sandbox mode off");
    await until(
      () => app.text().includes("⏵ default ·") && !app.text().includes("▣ sandbox"),
      "the footer drops the sandbox",
    );
    app.write("/sandbox on\r");
    await app.waitFor("⏵ default ▣ sandbox ·");
    app.write("/exit\r");
    expect(await app.exited).toBe(0);
  }, 60_000);
});
