/**
 * One server entry in Claude Code's format, checked field by field. Unknown
 * extra fields are kept and ignored, as Claude Code does. Errors come back as
 * one line naming the JSON path: `mcpServers.tracker.args[1]: expected string, got number`.
 */
import { describeJsonType, formatJsonPath, isJsonObject, nestedDeeperThan } from "../fs/json-path.ts";
import {
  arrayOf,
  mapOf,
  objectOf,
  oneOf,
  optional,
  positiveNumber,
  required,
  string,
  type Check,
} from "../fs/json-shape.ts";
import { REMOTE_TYPES, SIGNING_ALGORITHMS, type ServerEntry } from "./types.ts";
import { sandboxCheck } from "./sandbox-field.ts";

const timeout = optional(positiveNumber("must be a positive number of milliseconds"));
const stringMap = optional(mapOf(string()));
/** When the process starts: with the session (eager), or on the first call of one of its tools (lazy). */
const startup = optional(oneOf("eager", "lazy"));
/** A lazy server idle this long is stopped (default: never). */
const idleTimeoutMs = optional(positiveNumber("must be a positive number of milliseconds"));
/** false: the server's readOnlyHint no longer lets its tools run without asking. */
const trustReadOnlyHint = optional(oneOf(true, false));
/** `includeTools` / `excludeTools`: the server's own tool names, `*` matching any run of characters. */
const toolPatterns = optional(arrayOf(string({ nonEmpty: true })));
/** "agents": never started for, nor offered to, the main conversation; only to agents that name it. */
const scope = optional(oneOf("agents"));

/** The fields every entry may carry, whatever its transport. */
const commonFields = {
  timeout,
  startup,
  idleTimeoutMs,
  includeTools: toolPatterns,
  excludeTools: toolPatterns,
  trustReadOnlyHint,
  scope,
};

/** A stdio server: `{command, args?, env?, type?: "stdio", sandbox?}` and the common fields. */
const stdioEntry: Check = objectOf({
  type: optional(oneOf("stdio")),
  command: required(string({ nonEmpty: true })),
  args: optional(arrayOf(string())),
  env: stringMap,
  sandbox: optional(sandboxCheck),
  ...commonFields,
});

/** A TCP port: a whole number from 1 to 65535. */
const port: Check = (value, path) => {
  if (typeof value !== "number") return [{ path, message: `expected number, got ${describeJsonType(value)}` }];
  return Number.isInteger(value) && value >= 1 && value <= 65535
    ? []
    : [{ path, message: "must be a port from 1 to 65535" }];
};

/**
 * A client ID metadata document's URL (SEP-991, used as the client_id): https with a path,
 * as the SDK and the authorization server require; a template (`${VAR}`) is checked once expanded.
 */
const clientMetadataUrl: Check = (value, path) => {
  if (typeof value !== "string") return [{ path, message: `expected string, got ${describeJsonType(value)}` }];
  if (value.includes("${") || isClientMetadataUrl(value)) return [];
  return [
    {
      path,
      message: `must be an https:// URL with a path (a client ID metadata document), got ${JSON.stringify(value.slice(0, 200))}`,
    },
  ];
};

/** Whether a URL may name a client ID metadata document: https, with a path beyond "/". */
export function isClientMetadataUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return url.protocol === "https:" && url.pathname !== "/" && url.username === "" && url.password === "";
}

const oauthFields = objectOf(
  {
    clientId: optional(string({ nonEmpty: true })),
    clientSecret: optional(string()),
    callbackPort: optional(port),
    clientMetadataUrl: optional(clientMetadataUrl),
    grantType: optional(oneOf("authorization_code", "client_credentials")),
    privateKeyFile: optional(string({ nonEmpty: true })),
    signingAlgorithm: optional(oneOf(...SIGNING_ALGORITHMS)),
  },
  { strict: true },
);

/**
 * How mini-cc is known to the server's authorization server: a pre-registered client
 * `{clientId, clientSecret?, callbackPort?, grantType?}`, a client ID metadata document
 * `{clientMetadataUrl}`, or both; strict, so a misspelt secret is not silently dropped.
 * The client-credentials grant (a machine client, no browser) needs the client's ID.
 */
const oauthClient: Check = (value, path) => {
  const problems = oauthFields(value, path);
  if (problems.length > 0 || !isJsonObject(value)) return problems;
  if (value.clientId === undefined && value.clientMetadataUrl === undefined)
    return [{ path: [...path, "clientId"], message: "missing (expected string; or give clientMetadataUrl)" }];
  if (value.grantType === "client_credentials" && value.clientId === undefined)
    return [
      {
        path: [...path, "clientId"],
        message: 'missing: the "client_credentials" grant needs the client\'s ID (and its secret or private key)',
      },
    ];
  const keyed = value.privateKeyFile !== undefined;
  if (keyed && value.grantType !== "client_credentials")
    return [
      { path: [...path, "privateKeyFile"], message: 'only for a machine client: "grantType": "client_credentials"' },
    ];
  if (keyed && value.signingAlgorithm === undefined)
    return [
      {
        path: [...path, "signingAlgorithm"],
        message: `missing: the key's algorithm (${SIGNING_ALGORITHMS.join(", ")})`,
      },
    ];
  if (keyed && value.clientSecret !== undefined)
    return [{ path: [...path, "clientSecret"], message: "give a client secret or a private key file, not both" }];
  if (!keyed && value.signingAlgorithm !== undefined)
    return [{ path: [...path, "privateKeyFile"], message: "missing: signingAlgorithm is for a private key file" }];
  return [];
};

/** The schemes each remote type connects with. */
const URL_SCHEMES: Readonly<Record<string, readonly string[]>> = {
  http: ["http:", "https:"],
  sse: ["http:", "https:"],
  ws: ["ws:", "wss:"],
};

/**
 * What is wrong with `url` as a `type` server's URL, or undefined: `not a URL: "x" (expected …)`,
 * `must start with http:// or https:// (type "sse"), got "file:///etc/passwd"`. `shown`: how to quote it.
 */
export function remoteUrlProblem(
  type: string,
  url: string,
  shown = JSON.stringify(url.length > 200 ? `${url.slice(0, 200)}…` : url),
): string | undefined {
  const schemes = URL_SCHEMES[type] ?? [];
  const expected = schemes.map((scheme) => `${scheme}//`).join(" or ");
  if (!URL.canParse(url)) return `not a URL: ${shown} (expected ${expected}…)`;
  return schemes.includes(new URL(url).protocol)
    ? undefined
    : `must start with ${expected} (type "${type}"), got ${shown}`;
}

/**
 * A remote entry's `url`, checked with the other entry checks rather than
 * first when the server starts (after approval). A template (`${VAR}`) is
 * checked once expanded, when it connects (transports.ts).
 */
const remoteUrl =
  (type: unknown): Check =>
  (value, path) => {
    const problems = string({ nonEmpty: true })(value, path);
    if (problems.length > 0 || typeof value !== "string" || value.includes("${")) return problems;
    const problem = remoteUrlProblem(String(type), value);
    return problem ? [{ path, message: problem }] : [];
  };

/** A remote server: `{type: "http" | "sse" | "ws", url, headers?, oauth?, headersHelper?}` and the common fields. */
const remoteEntry = (type: unknown): Check =>
  objectOf({
    type: required(oneOf(...REMOTE_TYPES)),
    url: required(remoteUrl(type)),
    headers: stringMap,
    oauth: optional(oauthClient),
    headersHelper: optional(string({ nonEmpty: true })),
    ...commonFields,
  });

export type EntryValidation = { ok: true; entry: ServerEntry } | { ok: false; error: string };

/**
 * How deep an entry may nest (a real one needs 2: env's values). An approval stores the
 * entry as written, and one nested thousands of levels deep could not be hashed or written back.
 */
const MAX_ENTRY_DEPTH = 64;

/** Validates one entry; `path` is where it sits in its file, for the message. */
export function validateEntry(raw: unknown, path: readonly PropertyKey[]): EntryValidation {
  if (!isJsonObject(raw))
    return { ok: false, error: `${formatJsonPath(path)}: expected object, got ${describeJsonType(raw)}` };
  // Measured before anything recursive (the field checks, fingerprints, writing an approval) touches it.
  const tooDeep = nestedDeeperThan(raw, MAX_ENTRY_DEPTH);
  if (tooDeep)
    return {
      ok: false,
      error: `${formatJsonPath([...path, ...tooDeep])}: nested deeper than ${MAX_ENTRY_DEPTH} levels`,
    };
  // Dispatch on `type` ourselves: checking against both shapes would list both shapes' complaints.
  const type = raw.type;
  let check: Check;
  if (type === undefined || type === "stdio") check = stdioEntry;
  else if ((REMOTE_TYPES as readonly unknown[]).includes(type)) check = remoteEntry(type);
  else {
    return {
      ok: false,
      error: `${formatJsonPath([...path, "type"])}: expected "stdio", "http", "sse" or "ws", got ${JSON.stringify(type)}`,
    };
  }
  const problems = check(raw, path);
  if (problems.length === 0) return { ok: true, entry: { ...raw } as unknown as ServerEntry };
  return { ok: false, error: problems.map((p) => `${formatJsonPath(p.path)}: ${p.message}`).join("; ") };
}
