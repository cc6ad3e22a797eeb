/**
 * A server's `elicitation/create` request read into what the UI can show: a
 * form of typed fields (the spec's flat subset of JSON Schema), a URL to
 * visit, or the reason we cannot render it. Also the checks a field's value
 * must pass and the content an accepted form returns (defaults applied for
 * fields left empty, as the `applyDefaults` capability promises). Pure.
 */
import { openableUrl } from "../open-url.ts";

/** One choice of an enum field: the value sent and the label shown. */
export interface EnumOption {
  readonly value: string;
  readonly label: string;
}

interface FieldBase {
  readonly key: string;
  /** The title, else the key. Untrusted: render through terminal-safe. */
  readonly label: string;
  readonly description: string;
  readonly required: boolean;
}

export type StringFormat = "email" | "uri" | "date" | "date-time";

export type ElicitField =
  | (FieldBase & { kind: "text"; format?: StringFormat; minLength?: number; maxLength?: number; default?: string })
  | (FieldBase & { kind: "number"; integer: boolean; minimum?: number; maximum?: number; default?: number })
  | (FieldBase & { kind: "boolean"; default?: boolean })
  | (FieldBase & { kind: "enum"; options: readonly EnumOption[]; default?: string })
  | (FieldBase & {
      kind: "multi";
      options: readonly EnumOption[];
      minItems?: number;
      maxItems?: number;
      default?: readonly string[];
    });

/** What a request asks for, or why we cannot show it. */
export type ElicitRequestView =
  | { kind: "form"; message: string; fields: readonly ElicitField[] }
  /** `elicitationId`: 2025-11-25's; a 2026-07-28 server asking inside an input_required result sends none. */
  | { kind: "url"; message: string; url: string; elicitationId?: string }
  | { kind: "unsupported"; reason: string };

/** A field's value as the form holds it: text for text and number fields. */
export type FieldValue = string | boolean | readonly string[] | undefined;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) ? v : undefined);
const FORMATS: readonly string[] = ["email", "uri", "date", "date-time"];

/** Reads the request's params (as the server sent them, unvalidated). */
export function readElicitRequest(params: unknown): ElicitRequestView {
  if (!isObject(params)) return { kind: "unsupported", reason: "params are not an object" };
  const message = str(params.message) ?? "";
  if (params.mode === "url") {
    const url = str(params.url);
    const elicitationId = str(params.elicitationId);
    if (!url) return { kind: "unsupported", reason: "URL request without url" };
    const openable = openableUrl(url);
    if (!openable.ok) return { kind: "unsupported", reason: `its url field: ${openable.reason}` };
    return { kind: "url", message, url, ...(elicitationId ? { elicitationId } : {}) };
  }
  if (params.mode !== undefined && params.mode !== "form")
    return { kind: "unsupported", reason: `unknown mode ${JSON.stringify(params.mode)}` };
  const schema = params.requestedSchema;
  if (!isObject(schema) || schema.type !== "object" || !isObject(schema.properties)) {
    return { kind: "unsupported", reason: "requestedSchema is not an object schema with properties" };
  }
  const required = Array.isArray(schema.required)
    ? schema.required.filter((k): k is string => typeof k === "string")
    : [];
  const fields: ElicitField[] = [];
  for (const [key, property] of Object.entries(schema.properties)) {
    const field = readField(key, property, required.includes(key));
    if (typeof field === "string") return { kind: "unsupported", reason: `field "${key}": ${field}` };
    fields.push(field);
  }
  return { kind: "form", message, fields };
}

/** One property as a field, or why it is not one of the spec's primitive kinds. */
function readField(key: string, property: unknown, required: boolean): ElicitField | string {
  if (!isObject(property)) return "not a schema object";
  const base = { key, label: str(property.title) ?? key, description: str(property.description) ?? "", required };
  const type = property.type;
  if (type === "boolean") {
    return {
      ...base,
      kind: "boolean",
      ...(typeof property.default === "boolean" ? { default: property.default } : {}),
    };
  }
  if (type === "number" || type === "integer") {
    const d = num(property.default);
    return {
      ...base,
      kind: "number",
      integer: type === "integer",
      minimum: num(property.minimum),
      maximum: num(property.maximum),
      ...(d === undefined ? {} : { default: d }),
    };
  }
  if (type === "string") {
    const options = enumOptions(property);
    if (typeof options === "string") return options;
    const d = str(property.default);
    if (options)
      return {
        ...base,
        kind: "enum",
        options,
        ...(d !== undefined && options.some((o) => o.value === d) ? { default: d } : {}),
      };
    const format = str(property.format);
    if (format !== undefined && !FORMATS.includes(format)) return `unknown string format "${format}"`;
    return {
      ...base,
      kind: "text",
      ...(format ? { format: format as StringFormat } : {}),
      minLength: num(property.minLength),
      maxLength: num(property.maxLength),
      ...(d === undefined ? {} : { default: d }),
    };
  }
  if (type === "array") {
    const items = property.items;
    if (!isObject(items)) return "array without items";
    const options = Array.isArray(items.anyOf)
      ? titledOptions(items.anyOf)
      : items.type === "string"
        ? enumOptions(items)
        : undefined;
    if (typeof options === "string") return options;
    if (!options) return "array items are not a string enum";
    const values = new Set(options.map((o) => o.value));
    const d = Array.isArray(property.default)
      ? property.default.filter((v): v is string => typeof v === "string" && values.has(v))
      : undefined;
    return {
      ...base,
      kind: "multi",
      options,
      minItems: num(property.minItems),
      maxItems: num(property.maxItems),
      ...(d ? { default: d } : {}),
    };
  }
  return `unsupported type ${JSON.stringify(type ?? "(none)")}`;
}

/** A string enum's options (titled `oneOf`, or `enum` with legacy `enumNames`); undefined when the string is free text. */
function enumOptions(schema: Json): readonly EnumOption[] | string | undefined {
  if (Array.isArray(schema.oneOf)) return titledOptions(schema.oneOf);
  if (!Array.isArray(schema.enum)) return undefined;
  if (!schema.enum.every((v) => typeof v === "string")) return "enum values must be strings";
  const names = Array.isArray(schema.enumNames) ? schema.enumNames : [];
  return (schema.enum as string[]).map((value, i) => ({ value, label: str(names[i]) ?? value }));
}

function titledOptions(list: readonly unknown[]): readonly EnumOption[] | string {
  const options: EnumOption[] = [];
  for (const item of list) {
    if (!isObject(item) || typeof item.const !== "string") return "an option without a string const";
    options.push({ value: item.const, label: str(item.title) ?? item.const });
  }
  return options;
}

/** The value a field starts with: its default, else empty. */
export function initialValue(field: ElicitField): FieldValue {
  switch (field.kind) {
    case "text":
      return field.default ?? "";
    case "number":
      return field.default === undefined ? "" : String(field.default);
    case "boolean":
      return field.default ?? false;
    case "enum":
      return field.default;
    case "multi":
      return field.default ?? [];
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** Whether a text field holds nothing (an unanswered optional field is left out of the content). */
function isEmpty(field: ElicitField, value: FieldValue): boolean {
  if (field.kind === "text" || field.kind === "number") return typeof value !== "string" || value.trim() === "";
  if (field.kind === "enum") return value === undefined;
  return false;
}

/** Why the value is not acceptable, in a few words; undefined when it is. */
export function fieldError(field: ElicitField, value: FieldValue): string | undefined {
  if (isEmpty(field, value)) return field.required ? "required" : undefined;
  switch (field.kind) {
    case "text": {
      const text = String(value);
      if (field.minLength !== undefined && text.length < field.minLength)
        return `at least ${field.minLength} characters`;
      if (field.maxLength !== undefined && text.length > field.maxLength)
        return `at most ${field.maxLength} characters`;
      return formatError(field.format, text);
    }
    case "number": {
      const text = String(value).trim();
      const n = Number(text);
      if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text) || !Number.isFinite(n))
        return field.integer ? "a whole number" : "a number";
      if (field.integer && !Number.isInteger(n)) return "a whole number";
      if (field.minimum !== undefined && n < field.minimum) return `at least ${field.minimum}`;
      if (field.maximum !== undefined && n > field.maximum) return `at most ${field.maximum}`;
      return undefined;
    }
    case "multi": {
      const count = Array.isArray(value) ? value.length : 0;
      if (field.required && count === 0 && field.minItems === undefined) return "pick at least one";
      if (field.minItems !== undefined && count < field.minItems) return `pick at least ${field.minItems}`;
      if (field.maxItems !== undefined && count > field.maxItems) return `pick at most ${field.maxItems}`;
      return undefined;
    }
    default:
      return undefined;
  }
}

function formatError(format: StringFormat | undefined, text: string): string | undefined {
  switch (format) {
    case "email":
      return EMAIL.test(text) ? undefined : "an email address";
    case "uri":
      return URL.canParse(text) ? undefined : "a URI (scheme:…)";
    case "date":
      return DATE.test(text) && !Number.isNaN(Date.parse(text)) ? undefined : "a date (YYYY-MM-DD)";
    case "date-time":
      return DATE_TIME.test(text) && !Number.isNaN(Date.parse(text)) ? undefined : "a date-time (YYYY-MM-DDThh:mm:ssZ)";
    default:
      return undefined;
  }
}

/** Each invalid field's error by key; empty when the form may be sent. */
export function formErrors(
  fields: readonly ElicitField[],
  values: Readonly<Record<string, FieldValue>>,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const error = fieldError(field, values[field.key]);
    if (error) errors[field.key] = error;
  }
  return errors;
}

/** The accepted form's content: typed values; an empty optional field gets its default, else is left out. */
export function formContent(
  fields: readonly ElicitField[],
  values: Readonly<Record<string, FieldValue>>,
): Record<string, string | number | boolean | string[]> {
  const content: Record<string, string | number | boolean | string[]> = {};
  for (const field of fields) {
    const value = values[field.key];
    if (isEmpty(field, value)) {
      if (field.default !== undefined)
        content[field.key] = Array.isArray(field.default)
          ? [...field.default]
          : (field.default as string | number | boolean);
      continue;
    }
    if (field.kind === "number") content[field.key] = Number(String(value).trim());
    else if (field.kind === "multi") content[field.key] = [...(value as readonly string[])];
    else content[field.key] = value as string | boolean;
  }
  return content;
}
