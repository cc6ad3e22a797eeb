/**
 * What an approval is bound to: a hash of what will run (type, command, args,
 * env, url, headers, headersHelper, sandbox, oauth) taken from the entry as written, before ${VAR} expansion,
 * so secrets never enter the hash and rotating one does not ask again.
 * `trustReadOnlyHint` is left out: only turning it back on asks again (approvals.ts).
 * `scope` is left out too: `"agents"` changes who is offered the tools (the main
 * conversation or the agents that name it), not what runs nor what it may touch,
 * and an approval is trust in what runs; moving a server to agents asks nothing again.
 */
import { sha256Hex } from "../../on-demand-crypto.ts";
import type { ServerEntry } from "../../config/types.ts";

/** First 16 hex digits of sha256 over the canonical JSON of the entry's run-relevant fields. */
export function fingerprint(entry: ServerEntry): string {
  const fields = entry as unknown as Partial<Record<string, unknown>>;
  // Absent fields take their empty value, so `{"command":"x"}` equals `{"type":"stdio","command":"x","args":[]}`.
  const normalised = {
    type: fields.type ?? "stdio",
    command: fields.command ?? "",
    args: fields.args ?? [],
    env: fields.env ?? {},
    url: fields.url ?? "",
    headers: fields.headers ?? {},
    // A command mini-cc runs; only when set, so the fingerprints of entries without one stay as they were.
    ...(fields.headersHelper !== undefined ? { headersHelper: fields.headersHelper } : {}),
    // What the server may touch: loosening it asks again. Also only when set.
    ...(fields.sandbox !== undefined ? { sandbox: fields.sandbox } : {}),
    // Which client secret goes where, and whether it goes on every connect (client_credentials): only when set.
    ...(fields.oauth !== undefined ? { oauth: fields.oauth } : {}),
  };
  return sha256Hex(canonicalJson(normalised)).slice(0, 16);
}

/** JSON with object keys sorted at every level and no whitespace. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}
