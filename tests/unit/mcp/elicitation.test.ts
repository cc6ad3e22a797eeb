import { describe, expect, it } from "vitest";
import {
  fieldError,
  formContent,
  formErrors,
  initialValue,
  readElicitRequest,
  type ElicitField,
} from "../../../src/mcp/requests/elicitation.ts";

const form = (properties: Record<string, unknown>, required: string[] = []) =>
  readElicitRequest({ message: "Please", requestedSchema: { type: "object", properties, required } });

function fields(properties: Record<string, unknown>, required: string[] = []): readonly ElicitField[] {
  const view = form(properties, required);
  if (view.kind !== "form") throw new Error(`not a form: ${JSON.stringify(view)}`);
  return view.fields;
}

describe("readElicitRequest", () => {
  it("reads each primitive kind with its constraints and defaults", () => {
    expect(
      fields(
        {
          name: { type: "string", title: "Name", description: "who", minLength: 2, default: "Ann" },
          when: { type: "string", format: "date" },
          age: { type: "integer", minimum: 1, maximum: 9 },
          on: { type: "boolean", default: true },
        },
        ["name"],
      ),
    ).toEqual([
      {
        key: "name",
        label: "Name",
        description: "who",
        required: true,
        kind: "text",
        minLength: 2,
        maxLength: undefined,
        default: "Ann",
      },
      {
        key: "when",
        label: "when",
        description: "",
        required: false,
        kind: "text",
        format: "date",
        minLength: undefined,
        maxLength: undefined,
      },
      {
        key: "age",
        label: "age",
        description: "",
        required: false,
        kind: "number",
        integer: true,
        minimum: 1,
        maximum: 9,
      },
      { key: "on", label: "on", description: "", required: false, kind: "boolean", default: true },
    ]);
  });

  it("reads enums in all three spellings: titled oneOf, legacy enumNames, plain enum; multi-select titled and plain", () => {
    const [titled, legacy, plain, multi, plainMulti] = fields({
      a: { type: "string", oneOf: [{ const: "r", title: "Red" }], default: "r" },
      b: { type: "string", enum: ["s", "m"], enumNames: ["Small", "Medium"] },
      c: { type: "string", enum: ["x"] },
      d: { type: "array", items: { anyOf: [{ const: "p", title: "Pea" }] }, default: ["p", "zz"], maxItems: 1 },
      e: { type: "array", items: { type: "string", enum: ["q"] } },
    });
    expect(titled).toMatchObject({ kind: "enum", options: [{ value: "r", label: "Red" }], default: "r" });
    expect(legacy).toMatchObject({
      kind: "enum",
      options: [
        { value: "s", label: "Small" },
        { value: "m", label: "Medium" },
      ],
    });
    expect(plain).toMatchObject({ kind: "enum", options: [{ value: "x", label: "x" }] });
    // A default naming no option is dropped.
    expect(multi).toMatchObject({
      kind: "multi",
      options: [{ value: "p", label: "Pea" }],
      default: ["p"],
      maxItems: 1,
    });
    expect(plainMulti).toMatchObject({ kind: "multi", options: [{ value: "q", label: "q" }] });
  });

  it("says why a schema cannot be rendered: nested objects, unknown types and formats", () => {
    expect(form({ address: { type: "object", properties: {} } })).toEqual({
      kind: "unsupported",
      reason: 'field "address": unsupported type "object"',
    });
    expect(form({ x: { type: "null" } })).toEqual({
      kind: "unsupported",
      reason: 'field "x": unsupported type "null"',
    });
    expect(form({ x: {} })).toEqual({ kind: "unsupported", reason: 'field "x": unsupported type "(none)"' });
    expect(form({ x: { type: "string", format: "ipv4" } })).toEqual({
      kind: "unsupported",
      reason: 'field "x": unknown string format "ipv4"',
    });
    expect(form({ x: { type: "array", items: { type: "object" } } })).toEqual({
      kind: "unsupported",
      reason: 'field "x": array items are not a string enum',
    });
    expect(readElicitRequest({ message: "m", requestedSchema: { type: "array" } })).toMatchObject({
      kind: "unsupported",
    });
    expect(readElicitRequest("nonsense")).toMatchObject({ kind: "unsupported" });
  });

  it("reads a URL request and refuses one that is not a web page", () => {
    expect(
      readElicitRequest({ mode: "url", message: "Sign in", url: "https://a.example/x", elicitationId: "1" }),
    ).toEqual({
      kind: "url",
      message: "Sign in",
      url: "https://a.example/x",
      elicitationId: "1",
    });
    expect(readElicitRequest({ mode: "url", message: "", url: "file:///etc/passwd", elicitationId: "1" })).toEqual({
      kind: "unsupported",
      reason:
        "its url field: `file:///etc/passwd` is not a web page (scheme file:); only https:, or http: to this machine, is opened",
    });
    expect(
      readElicitRequest({ mode: "url", message: "", url: "http://a.example/x", elicitationId: "1" }),
    ).toMatchObject({ kind: "unsupported" });
    // 2026-07-28's URL requests, inside an input_required result, carry no elicitationId.
    expect(readElicitRequest({ mode: "url", message: "Sign in", url: "https://a.example/x" })).toEqual({
      kind: "url",
      message: "Sign in",
      url: "https://a.example/x",
    });
    expect(readElicitRequest({ mode: "url", message: "Sign in" })).toEqual({
      kind: "unsupported",
      reason: "URL request without url",
    });
  });
});

describe("field checks", () => {
  const [name, email, age, ratio, when, at, link] = fields(
    {
      name: { type: "string", minLength: 2, maxLength: 4 },
      email: { type: "string", format: "email" },
      age: { type: "integer", minimum: 1, maximum: 150 },
      ratio: { type: "number" },
      when: { type: "string", format: "date" },
      at: { type: "string", format: "date-time" },
      link: { type: "string", format: "uri" },
    },
    ["name"],
  );

  it("checks required, lengths, formats, whole numbers and bounds", () => {
    expect(fieldError(name!, "")).toBe("required");
    expect(fieldError(name!, "A")).toBe("at least 2 characters");
    expect(fieldError(name!, "Annie")).toBe("at most 4 characters");
    expect(fieldError(name!, "Ann")).toBeUndefined();
    expect(fieldError(email!, "")).toBeUndefined();
    expect(fieldError(email!, "ann@example")).toBe("an email address");
    expect(fieldError(email!, "ann@example.com")).toBeUndefined();
    expect(fieldError(age!, "4.5")).toBe("a whole number");
    expect(fieldError(age!, "abc")).toBe("a whole number");
    expect(fieldError(age!, "0")).toBe("at least 1");
    expect(fieldError(age!, "151")).toBe("at most 150");
    expect(fieldError(age!, " 42 ")).toBeUndefined();
    expect(fieldError(ratio!, "1e3")).toBeUndefined();
    expect(fieldError(ratio!, "0x10")).toBe("a number");
    expect(fieldError(when!, "2026-02-30x")).toBe("a date (YYYY-MM-DD)");
    expect(fieldError(when!, "2026-12-03")).toBeUndefined();
    expect(fieldError(at!, "2026-12-03T10:00:00Z")).toBeUndefined();
    expect(fieldError(at!, "2026-12-03 10:00")).toBe("a date-time (YYYY-MM-DDThh:mm:ssZ)");
    expect(fieldError(link!, "not a uri")).toBe("a URI (scheme:…)");
    expect(fieldError(link!, "https://example.com")).toBeUndefined();
  });

  it("checks a multi-select's item counts", () => {
    const [tags] = fields({
      tags: { type: "array", minItems: 1, maxItems: 2, items: { type: "string", enum: ["a", "b", "c"] } },
    });
    expect(fieldError(tags!, [])).toBe("pick at least 1");
    expect(fieldError(tags!, ["a", "b", "c"])).toBe("pick at most 2");
    expect(fieldError(tags!, ["a"])).toBeUndefined();
  });
});

describe("formContent", () => {
  const list = fields(
    {
      name: { type: "string", default: "Ann" },
      age: { type: "integer" },
      ratio: { type: "number", default: 0.5 },
      on: { type: "boolean" },
      size: { type: "string", enum: ["s", "m"], default: "m" },
      tags: { type: "array", items: { type: "string", enum: ["a", "b"] } },
      note: { type: "string" },
    },
    ["age"],
  );

  it("starts from the defaults", () => {
    expect(list.map(initialValue)).toEqual(["Ann", "", "0.5", false, "m", [], ""]);
  });

  it("sends typed values, fills defaults for fields left empty (applyDefaults), leaves out empty optional ones", () => {
    const values = { name: "", age: "42", ratio: "", on: true, size: undefined, tags: ["b"], note: "  " };
    expect(formErrors(list, values)).toEqual({});
    expect(formContent(list, values)).toEqual({ name: "Ann", age: 42, ratio: 0.5, on: true, size: "m", tags: ["b"] });
  });

  it("lists the errors of a form that may not be sent", () => {
    expect(formErrors(list, { age: "" })).toEqual({ age: "required" });
  });
});
