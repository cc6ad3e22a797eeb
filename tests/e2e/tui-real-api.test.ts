/**
 * The TUI on a real pseudo-terminal against a stand-in Messages API that is
 * overloaded at first: the working line says so and when the next try comes,
 * the reply then arrives once, and its thinking shows folded until Ctrl+O.
 */
import { describe, expect, it } from "vitest";
import { messagesApisForTestFile } from "../helpers/fake-messages-api.ts";
import { ptyAppsForTestFile } from "../helpers/pty-app.ts";

const CTRL_O = "\u000f";

const apps = ptyAppsForTestFile({ sandbox: true });
const startApi = messagesApisForTestFile();

describe("the TUI against an overloaded API", () => {
  it("shows the retry on the working line, then the reply once, its thinking folded until Ctrl+O", async () => {
    const api = await startApi([
      { kind: "error", status: 529, type: "overloaded_error", message: "Overloaded" },
      {
        kind: "message",
        message: {
          content: [
            { type: "thinking", thinking: "The user says hi; answer briefly.", signature: "sig-1" },
            { type: "text", text: "Hi, what shall we build?" },
          ],
        },
      },
    ]);
    // A base of 1.5 s: the first overloaded wait is 2.25–3 s, long enough to read.
    const box = apps.box;
    const env = {
      ...box.env,
      ANTHROPIC_API_KEY: "sk-ant-test",
      ANTHROPIC_BASE_URL: api.baseURL,
      ANTHROPIC_MODEL: "claude-sonnet-4-5",
      MINI_CC_RETRY_BASE_MS: "1500",
    };
    const app = apps.launch(["--thinking"], { cols: 110, rows: 30, cwd: box.project, env });
    await app.waitFor("Ask anything", 20_000);

    app.write("hi\r");
    await app.waitFor("API overloaded · retry 1/10 in", 10_000);
    expect(app.text()).toContain("(esc to interrupt)");
    await app.waitFor("● Hi, what shall we build?", 10_000);
    // The thinking row joins once the whole message is in, which can be a frame after its streamed text.
    await app.waitFor("∴ Thinking… (ctrl+o to show)", 10_000);
    expect(app.text()).not.toContain("retry 1/10");
    expect(app.text().split("Hi, what shall we build?")).toHaveLength(2);

    app.write(CTRL_O);
    await app.waitFor("∴ The user says hi; answer briefly.");
    expect(api.requests).toHaveLength(2);
    app.write("/exit\r");
  }, 60_000);
});
