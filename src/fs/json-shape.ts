/**
 * Small checks for JSON read from files (server entries, model scripts), each
 * problem named by its path: `args[1]: expected string, got number`.
 * Hand-written rather than a schema library's: they run before the UI's first
 * frame, where loading zod alone cost more than 10 ms.
 */
import { describeJsonType, isJsonObject } from "./json-path.ts";

export interface ShapeProblem {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** Checks one value; returns its problems (none when it fits). `path`: where the value sits. */
export type Check = (value: unknown, path: readonly PropertyKey[]) => ShapeProblem[];

const problem = (path: readonly PropertyKey[], message: string): ShapeProblem[] => [{ path, message }];
const got = (expected: string, value: unknown): string => `expected ${expected}, got ${describeJsonType(value)}`;

/** A string; `nonEmpty` refuses "". */
export function string(options: { nonEmpty?: boolean } = {}): Check {
  return (value, path) => {
    if (typeof value !== "string") return problem(path, got("string", value));
    return options.nonEmpty && value === "" ? problem(path, "must not be empty") : [];
  };
}

/** A number above zero; `message` says what it means when it is not. */
export function positiveNumber(message: string): Check {
  return (value, path) => {
    if (typeof value !== "number") return problem(path, got("number", value));
    return value > 0 ? [] : problem(path, message);
  };
}

/** One of a few exact values, e.g. `"stdio"`. */
export function oneOf(...values: readonly (string | number | boolean)[]): Check {
  const list = values.map((v) => JSON.stringify(v));
  const expected = list.length === 1 ? list[0]! : `${list.slice(0, -1).join(", ")} or ${list.at(-1)}`;
  return (value, path) =>
    values.includes(value as string)
      ? []
      : problem(path, `expected ${expected}, got ${JSON.stringify(value) ?? describeJsonType(value)}`);
}

/** An array whose every item passes `item`; `min`: fewest items. */
export function arrayOf(item: Check, options: { min?: number } = {}): Check {
  return (value, path) => {
    if (!Array.isArray(value)) return problem(path, got("array", value));
    if (options.min !== undefined && value.length < options.min)
      return problem(path, `expected at least ${options.min} item${options.min === 1 ? "" : "s"}`);
    return value.flatMap((entry, i) => item(entry, [...path, i]));
  };
}

/** An object used as a map: every value passes `each` (e.g. env: name → string). */
export function mapOf(each: Check): Check {
  return (value, path) => {
    if (!isJsonObject(value)) return problem(path, got("object", value));
    return Object.entries(value).flatMap(([key, entry]) => each(entry, [...path, key]));
  };
}

/** Anything at all. */
export const anything: Check = () => [];

export interface Field {
  readonly check: Check;
  readonly required?: boolean;
}

/** A field that may be absent; when present it must pass `check`. */
export const optional = (check: Check): Field => ({ check });
/** A field that must be present. */
export const required = (check: Check): Field => ({ check, required: true });

/**
 * An object with these fields. Unknown fields are kept and ignored unless
 * `strict` (then each is a problem: a typo is not silently dropped).
 */
export function objectOf(fields: Readonly<Record<string, Field>>, options: { strict?: boolean } = {}): Check {
  return (value, path) => {
    if (!isJsonObject(value)) return problem(path, got("object", value));
    const problems: ShapeProblem[] = [];
    for (const [name, field] of Object.entries(fields)) {
      const present = Object.hasOwn(value, name) && value[name] !== undefined;
      if (present) problems.push(...field.check(value[name], [...path, name]));
      else if (field.required)
        problems.push({ path: [...path, name], message: `missing (${missingWhat(field.check)})` });
    }
    if (options.strict) {
      for (const name of Object.keys(value))
        if (!Object.hasOwn(fields, name)) problems.push({ path, message: `unknown key ${JSON.stringify(name)}` });
    }
    return problems;
  };
}

/** What a missing field should have been, as the check itself would say of `undefined`. */
function missingWhat(check: Check): string {
  const said = check(undefined, [])[0]?.message ?? "";
  const expected = /^expected (.+?)(?:, got .*)?$/.exec(said)?.[1];
  return expected ? `expected ${expected}` : "required";
}
