/**
 * The check both command lines (`mini-cc` and `mini-cc mcp`) make of a value
 * that must come from a closed list.
 */
import { usageError } from "../errors.ts";

/** `value` as one of `allowed`, else a usage error: `unknown scope: foo (expected local, project or user)`. */
export function oneOf<T extends string>(what: string, value: string, allowed: readonly T[]): T {
  if ((allowed as readonly string[]).includes(value)) return value as T;
  const expected = allowed.length > 1 ? `${allowed.slice(0, -1).join(", ")} or ${allowed.at(-1)}` : allowed.join("");
  throw usageError(`unknown ${what}: ${value} (expected ${expected})`);
}
