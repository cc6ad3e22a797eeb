/**
 * The zod schema of one server entry in Claude Code's format. Unknown extra
 * fields are kept and ignored, as Claude Code does. Errors come back as one
 * line naming the JSON path: `mcpServers.tracker.args[1]: expected string, got number`.
 */
import { z } from "zod";
import { describeJsonType, formatJsonPath, isJsonObject, nestedDeeperThan } from "../fs/json-path.ts";
import type { ServerEntry } from "./types.ts";

const timeout = z.number().positive("must be a positive number of milliseconds").optional();
const stringMap = z.record(z.string(), z.string()).optional();

/** A stdio server: `{command, args?, env?, type?: "stdio", timeout?}`. */
const stdioEntrySchema = z.looseObject({
  type: z.literal("stdio").optional(),
  command: z.string().min(1, "must not be empty"),
  args: z.array(z.string()).optional(),
  env: stringMap,
  timeout,
});

/** A pre-registered OAuth client: `{clientId, clientSecret?, callbackPort?}`. */
const oauthSchema = z.strictObject({
  clientId: z.string().min(1, "must not be empty"),
  clientSecret: z.string().optional(),
  callbackPort: z.number().int("must be a whole number").min(1, "must be a port from 1 to 65535").max(65535, "must be a port from 1 to 65535").optional(),
});

/** A remote server: `{type: "http" | "sse", url, headers?, timeout?, oauth?, headersHelper?}`. */
const remoteEntrySchema = z.looseObject({
  type: z.enum(["http", "sse"]),
  url: z.string().min(1, "must not be empty"),
  headers: stringMap,
  timeout,
  oauth: oauthSchema.optional(),
  headersHelper: z.string().min(1, "must not be empty").optional(),
});

export type EntryValidation = { ok: true; entry: ServerEntry } | { ok: false; error: string };

/** Validates one entry; `path` is where it sits in its file, for the message. */
/**
 * How deep an entry may nest (a real one needs 2: env's values). An approval stores the
 * entry as written, and one nested thousands of levels deep could not be hashed or written back.
 */
const MAX_ENTRY_DEPTH = 64;

export function validateEntry(raw: unknown, path: readonly PropertyKey[]): EntryValidation {
  if (!isJsonObject(raw)) return { ok: false, error: `${formatJsonPath(path)}: expected object, got ${describeJsonType(raw)}` };
  // Measured before anything recursive (zod, fingerprints, writing an approval) touches it.
  const tooDeep = nestedDeeperThan(raw, MAX_ENTRY_DEPTH);
  if (tooDeep) return { ok: false, error: `${formatJsonPath([...path, ...tooDeep])}: nested deeper than ${MAX_ENTRY_DEPTH} levels` };
  // Dispatch on `type` ourselves: a union's error would list both shapes' complaints.
  const type = raw.type;
  let schema: typeof stdioEntrySchema | typeof remoteEntrySchema;
  if (type === undefined || type === "stdio") schema = stdioEntrySchema;
  else if (type === "http" || type === "sse") schema = remoteEntrySchema;
  else {
    return {
      ok: false,
      error: `${formatJsonPath([...path, "type"])}: expected "stdio", "http" or "sse", got ${JSON.stringify(type)}`,
    };
  }
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { ok: true, entry: parsed.data as ServerEntry };
  const messages = parsed.error.issues.map((issue) => {
    const where = formatJsonPath([...path, ...issue.path]);
    return `${where}: ${describeIssue(issue, valueAt(raw, issue.path))}`;
  });
  return { ok: false, error: messages.join("; ") };
}

function describeIssue(issue: z.core.$ZodIssue, value: unknown): string {
  if (issue.code === "invalid_type") {
    if (value === undefined) return `missing (expected ${issue.expected})`;
    return `expected ${issue.expected}, got ${describeJsonType(value)}`;
  }
  return issue.message;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let current = root;
  for (const key of path) {
    if (typeof current !== "object" || current === null) return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}
