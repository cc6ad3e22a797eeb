/**
 * `/model` in the real TUI on a pseudo-terminal (with an API key, so the model
 * can be switched; no request is made): Claude Code's four choices with what
 * each means, the current one highlighted; an unknown name is refused with
 * the list, a full id the catalog knows is taken.
 */
import { describe, expect, it } from "vitest";
import { ptyAppsForTestFile, until } from "../helpers/pty-app.ts";

const apps = ptyAppsForTestFile({ sandbox: true });
const ESC = "\u001b";

describe("/model", () => {
  it("offers Default, Opus, Sonnet and Haiku with the current one selected, and refuses a name it does not know", async () => {
    const box = apps.box;
    const env = { ...box.env, ANTHROPIC_API_KEY: "sk-ant-test", ANTHROPIC_BASE_URL: "http://127.0.0.1:9" };
    const app = apps.launch([], { cols: 110, rows: 36, cwd: box.project, env });
    await app.waitFor("Ask anything", 20_000);
    expect(app.text()).toContain("· claude-sonnet-5-5 ·");

    app.write("/model\r");
    await app.waitFor("Select a model");
    await app.waitFor("❯ 1. Default (recommended) ✔");
    for (const line of [
      "Sonnet 5.5 · the best balance of skill and speed (claude-sonnet-5-5)",
      "2. Opus",
      "Opus 5.5 · the most capable, for complex work (claude-opus-5-5)",
      "3. Sonnet",
      "4. Haiku",
      "Haiku 5.5 · the fastest, for quick answers (claude-haiku-5-5)",
      "5. Cancel",
    ]) {
      expect(app.text()).toContain(line);
    }
    app.write("2");
    await app.waitFor("Model: claude-opus-5-5 from the next request on.");
    await app.waitFor("· claude-opus-5-5 ·");

    app.write("/model gpt-4o\r");
    await app.waitFor(
      "Unknown model gpt-4o: choose default, opus, sonnet, haiku or one of the model ids mini-cc knows:",
    );
    expect(app.text()).toContain("claude-opus-4-5, claude-opus-4-6");
    expect(app.text()).toContain("· claude-opus-5-5 ·");

    app.write("/model\r");
    await app.waitFor("❯ 2. Opus ✔");
    app.write(ESC);
    await until(() => !app.text().includes("Select a model"), "the picker closes");

    // A full id the catalog knows is taken; the picker then shows it first, as the one in use.
    app.write("/model claude-haiku-4-5\r");
    await app.waitFor("Model: claude-haiku-4-5 from the next request on.");
    app.write("/model\r");
    await app.waitFor("❯ 1. claude-haiku-4-5 ✔");
    expect(app.text()).toContain("6. Cancel");
    app.write(ESC);
    await until(() => !app.text().includes("Select a model"), "the picker closes");
    app.write("/exit\r");
    expect(await app.exited).toBe(0);
  }, 60_000);
});
