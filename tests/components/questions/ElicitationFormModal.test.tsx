import { cleanup } from "ink-testing-library";
import { afterEach, describe, expect, it } from "vitest";
import { ElicitationFormModal } from "../../../components/questions/ElicitationFormModal.tsx";
import { readElicitRequest, type ElicitField } from "../../../src/mcp/requests/elicitation.ts";
import type { FormAnswer } from "../../../src/mcp/requests/server-requests.ts";
import { screen, renderUntilRendered, typeKeys } from "../../helpers/tui-screen.ts";

afterEach(cleanup);

const TAB = "\t";
const DOWN = "\u001b[B";
const RIGHT = "\u001b[C";
const ENTER = "\r";
const ESC = "\u001b";

/** One field of every kind the spec allows, as the asker fixture sends them. */
const FIELDS = fieldsOf(
  {
    name: { type: "string", title: "Your name", description: "as on your badge", minLength: 2, default: "Ann" },
    email: { type: "string", title: "Email", format: "email" },
    age: { type: "integer", title: "Age", minimum: 1, maximum: 150 },
    subscribe: { type: "boolean", title: "Subscribe", default: true },
    color: {
      type: "string",
      title: "Colour",
      oneOf: [
        { const: "r", title: "Red" },
        { const: "g", title: "Green" },
      ],
    },
    size: { type: "string", title: "Size", enum: ["s", "m"], enumNames: ["Small", "Medium"], default: "m" },
    tags: {
      type: "array",
      title: "Tags",
      items: {
        anyOf: [
          { const: "a", title: "Alpha" },
          { const: "b", title: "Beta" },
        ],
      },
    },
  },
  ["name", "email", "age"],
);

function fieldsOf(properties: Record<string, unknown>, required: string[] = []): readonly ElicitField[] {
  const view = readElicitRequest({ message: "", requestedSchema: { type: "object", properties, required } });
  if (view.kind !== "form") throw new Error("not a form");
  return view.fields;
}

async function modal(
  options: {
    fields?: readonly ElicitField[];
    message?: string;
    width?: number;
    maxHeight?: number;
    isActive?: boolean;
  } = {},
) {
  const answers: FormAnswer[] = [];
  const app = await renderUntilRendered(
    <ElicitationFormModal
      server="asker"
      message={options.message ?? "Tell us about yourself"}
      fields={options.fields ?? FIELDS}
      isActive={options.isActive ?? true}
      onAnswer={(a) => answers.push(a)}
      width={options.width ?? 60}
      maxHeight={options.maxHeight ?? 40}
    />,
  );
  return { app, answers, press: (...keys: string[]) => typeKeys(app.stdin, ...keys) };
}

describe("ElicitationFormModal", () => {
  it("never throws typed input away on a held ↓ and Enter: ↓ stops at Accept, which submits", async () => {
    const fields = fieldsOf({ note: { type: "string", title: "Note" }, count: { type: "integer", title: "Count" } });
    const { press, answers } = await modal({ fields });
    await press("hello", ...Array<string>(12).fill(DOWN), ENTER);
    expect(answers).toEqual([{ action: "accept", values: { note: "hello", count: "" } }]);
  });

  it("submits with Enter in the last field, once the form checks", async () => {
    const fields = fieldsOf({ note: { type: "string", title: "Note" }, count: { type: "integer", title: "Count" } }, [
      "count",
    ]);
    const { app, press, answers } = await modal({ fields });
    await press("hi", ENTER, "x", ENTER);
    expect(answers).toEqual([]);
    expect(screen(app.lastFrame())).toContain("❯ Count*");
    await press("\u007f", "3", ENTER);
    expect(answers).toEqual([{ action: "accept", values: { note: "hi", count: "3" } }]);
  });

  it("asks before Esc, Decline or Cancel throw typed input away: only y does, any other key goes back", async () => {
    const fields = fieldsOf({ note: { type: "string", title: "Note" } });
    const { app, press, answers } = await modal({ fields });
    await press("draft", ESC);
    expect(screen(app.lastFrame())).toContain("Discard your input and cancel? y yes · other key: back");
    await press(ENTER);
    expect(answers).toEqual([]);
    expect(screen(app.lastFrame())).toContain("Last field: Enter submits · Tab: Decline · Esc: cancel");
    await press(TAB, TAB, ENTER);
    expect(screen(app.lastFrame())).toContain("Discard your input and decline?");
    await press("y");
    expect(answers).toEqual([{ action: "decline" }]);
  });

  it("cancels at once on Esc when nothing was typed", async () => {
    const { press, answers } = await modal({ fields: fieldsOf({ note: { type: "string", title: "Note" } }) });
    await press(ESC);
    expect(answers).toEqual([{ action: "cancel" }]);
  });

  it("shows each field kind with its hints and defaults pre-filled", async () => {
    const { app } = await modal();
    expect(screen(app.lastFrame())).toMatchInlineSnapshot(`
      "╭──────────────────────────────────────────────────────────╮
      │ asker asks for input                                     │
      │ Tell us about yourself                                   │
      │ ❯ Your name* (≥2 chars)                                  │
      │     as on your badge                                     │
      │     › Ann                                                │
      │   Email* (email)                                         │
      │     ›                                                    │
      │   Age* (whole number, 1–150)                             │
      │     ›                                                    │
      │   Subscribe                                              │
      │     [x] yes                                              │
      │   Colour                                                 │
      │     ( ) Red                                              │
      │     ( ) Green                                            │
      │   Size                                                   │
      │     ( ) Small                                            │
      │     (•) Medium                                           │
      │   Tags (Space toggles)                                   │
      │     [ ] Alpha                                            │
      │     [ ] Beta                                             │
      │                                                          │
      │  Accept  Decline  Cancel                                 │
      │ Last field: Enter submits · Tab: Decline · Esc: cancel   │
      ╰──────────────────────────────────────────────────────────╯"
    `);
  });

  it("shows a field's error as it is typed, and refuses Accept until the form is valid", async () => {
    const { app, press, answers } = await modal();
    await press(TAB, "ann@example", TAB, "200");
    expect(screen(app.lastFrame())).toMatchInlineSnapshot(`
      "╭──────────────────────────────────────────────────────────╮
      │ asker asks for input                                     │
      │ Tell us about yourself                                   │
      │   Your name* (≥2 chars)                                  │
      │     as on your badge                                     │
      │     › Ann                                                │
      │   Email* (email)                                         │
      │     › ann@example                                        │
      │     ✗ an email address                                   │
      │ ❯ Age* (whole number, 1–150)                             │
      │     › 200                                                │
      │     ✗ at most 150                                        │
      │   Subscribe                                              │
      │     [x] yes                                              │
      │   Colour                                                 │
      │     ( ) Red                                              │
      │     ( ) Green                                            │
      │   Size                                                   │
      │     ( ) Small                                            │
      │     (•) Medium                                           │
      │   Tags (Space toggles)                                   │
      │     [ ] Alpha                                            │
      │     [ ] Beta                                             │
      │                                                          │
      │  Accept  Decline  Cancel                                 │
      │ Last field: Enter submits · Tab: Decline · Esc: cancel   │
      ╰──────────────────────────────────────────────────────────╯"
    `);
    // Accept with errors: nothing is sent, the first invalid field gets focus.
    await press(TAB, TAB, TAB, TAB, TAB, ENTER);
    expect(answers).toEqual([]);
    expect(screen(app.lastFrame())).toContain("❯ Email*");
  });

  it("sends the typed values on Accept", async () => {
    const { press, answers } = await modal();
    await press(TAB, "ann@example.com", ENTER, "42", ENTER, " ", DOWN, RIGHT, DOWN, RIGHT, DOWN, " ", DOWN, ENTER);
    expect(answers).toEqual([
      {
        action: "accept",
        values: {
          name: "Ann",
          email: "ann@example.com",
          age: "42",
          subscribe: false,
          color: "r",
          size: "s",
          tags: ["a"],
        },
      },
    ]);
  });

  it("declines with the Decline button and cancels with Esc", async () => {
    const declined = await modal();
    await declined.press(TAB, TAB, TAB, TAB, TAB, TAB, TAB, TAB, ENTER);
    expect(declined.answers).toEqual([{ action: "decline" }]);
    const cancelled = await modal();
    await cancelled.press(ESC);
    expect(cancelled.answers).toEqual([{ action: "cancel" }]);
  });

  it("takes no keys until armed: the choices and fields are shown without focus", async () => {
    const { app, press, answers } = await modal({ isActive: false });
    await press("x", ENTER, ESC);
    expect(answers).toEqual([]);
    expect(screen(app.lastFrame())).not.toContain("❯");
  });

  it("fits a narrow terminal: long rows are cut, the message wraps", async () => {
    const { app } = await modal({ width: 30, message: "Please tell us a little about yourself for the badge" });
    expect(screen(app.lastFrame())).toMatchInlineSnapshot(`
      "╭────────────────────────────╮
      │ asker asks for input       │
      │ Please tell us a little    │
      │ about yourself for the     │
      │ badge                      │
      │ ❯ Your name* (≥2 chars)    │
      │     as on your badge       │
      │     › Ann                  │
      │   Email* (email)           │
      │     ›                      │
      │   Age* (whole number, 1–1… │
      │     ›                      │
      │   Subscribe                │
      │     [x] yes                │
      │   Colour                   │
      │     ( ) Red                │
      │     ( ) Green              │
      │   Size                     │
      │     ( ) Small              │
      │     (•) Medium             │
      │   Tags (Space toggles)     │
      │     [ ] Alpha              │
      │     [ ] Beta               │
      │                            │
      │  Accept  Decline  Cancel   │
      │ Last field: Enter submits… │
      ╰────────────────────────────╯"
    `);
  });

  it("scrolls a form taller than its room, keeping the focused field in view", async () => {
    const { app, press } = await modal({ maxHeight: 12 });
    expect(screen(app.lastFrame())).toMatchInlineSnapshot(`
      "╭──────────────────────────────────────────────────────────╮
      │ asker asks for input                                     │
      │ Tell us about yourself                                   │
      │ ❯ Your name* (≥2 chars)                                  │
      │     as on your badge                                     │
      │     › Ann                                                │
      │   Email* (email)                                         │
      │     ›                                                    │
      │   Age* (whole number, 1–150)                             │
      │ ↓ 14 more                                                │
      │ Last field: Enter submits · Tab: Decline · Esc: cancel   │
      ╰──────────────────────────────────────────────────────────╯"
    `);
    await press(TAB, TAB, TAB, TAB, TAB, TAB);
    expect(screen(app.lastFrame())).toMatchInlineSnapshot(`
      "╭──────────────────────────────────────────────────────────╮
      │ asker asks for input                                     │
      │     ( ) Green                                            │
      │   Size                                                   │
      │     ( ) Small                                            │
      │     (•) Medium                                           │
      │ ❯ Tags (Space toggles)                                   │
      │     [ ] Alpha                                            │
      │     [ ] Beta                                             │
      │ ↑ 14 more · ↓ 2 more                                     │
      │ Last field: Enter submits · Tab: Decline · Esc: cancel   │
      ╰──────────────────────────────────────────────────────────╯"
    `);
  });

  it("shows a server's escape sequences as text, never obeyed", async () => {
    const fields = fieldsOf({ x: { type: "string", title: "Name\u001b[2J", description: "d\u0007" } });
    const { app } = await modal({ fields, message: "hi\u001b]0;pwned\u0007" });
    const frame = app.lastFrame() ?? "";
    expect(frame).not.toContain("\u001b[2J");
    expect(frame).not.toContain("\u0007");
    expect(screen(frame)).toContain("Name\\x1b[2J");
  });
});

describe("ElicitationFormModal, keys typed fast", () => {
  it("takes Tab and Enter inside one chunk as keys, in order", async () => {
    const { press, answers } = await modal();
    await press("\tann@example.com\t42\t\t\t\t\t\r");
    expect(answers).toEqual([
      {
        action: "accept",
        values: {
          name: "Ann",
          email: "ann@example.com",
          age: "42",
          subscribe: true,
          color: undefined,
          size: "m",
          tags: [],
        },
      },
    ]);
  });
});
