/**
 * JSON paths as people read them in error messages: `mcpServers.tracker.args[1]`,
 * with keys that are not identifiers quoted: `["/home/me/proj"].mcpServers`.
 */

/** Formats path segments; an empty path is "(top level)". */
export function formatJsonPath(segments: readonly PropertyKey[]): string {
  let out = "";
  for (const segment of segments) {
    if (typeof segment === "number") out += `[${segment}]`;
    else if (typeof segment === "string" && /^[A-Za-z_$][A-Za-z0-9_$-]*$/.test(segment))
      out += out ? `.${segment}` : segment;
    else out += `[${JSON.stringify(String(segment))}]`;
  }
  return out || "(top level)";
}

/** "array", "null", or the typeof of a JSON value — for "expected object, got array". */
export function describeJsonType(value: unknown): string {
  if (Array.isArray(value)) return "array";
  if (value === null) return "null";
  return typeof value;
}

/** True for a JSON object (not an array, not null). */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Where `value` first nests deeper than `limit` arrays and objects (its path
 * inside `value`), or undefined. Iterative: a value too deep to stringify
 * must not overflow the stack while it is measured.
 */
export function nestedDeeperThan(value: unknown, limit: number): PropertyKey[] | undefined {
  const stack: { value: unknown; path: PropertyKey[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current !== "object" || current === null) continue;
    if (path.length >= limit) return path;
    const children: [PropertyKey, unknown][] = Array.isArray(current)
      ? current.map((item, i) => [i, item])
      : Object.entries(current);
    for (const [key, child] of children) stack.push({ value: child, path: [...path, key] });
  }
  return undefined;
}
