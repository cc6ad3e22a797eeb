/**
 * Typed failures of the config layer. Loading never throws for bad user input
 * (it reports problems); these are for the `--mcp-config` flag check and the
 * `mini-cc mcp add/remove` writers, where the command must stop.
 */
import type { WritableScope } from "./scope-files.ts";

export type ConfigErrorCode =
  | "invalid-mcp-config" // a --mcp-config value that is neither a readable config file nor inline JSON
  | "invalid-json" // a config file that does not parse: never overwritten
  | "invalid-shape" // valid JSON, but not where servers can be read or written
  | "unreadable" // the file exists but cannot be read
  | "invalid-entry" // a server entry to add is of the wrong shape
  | "invalid-name" // a server name to add has characters other than letters, digits, _ and -
  | "exists" // adding a name the scope already has, without force
  | "not-found" // removing a name no scope has
  | "ambiguous"; // removing a name several scopes have, without a scope

/** A config failure with a one-line message naming the file, JSON path or server. */
export class ConfigError extends Error {
  readonly code: ConfigErrorCode;
  /** The file concerned, when there is one. */
  readonly file?: string;
  /** For "ambiguous": the scopes that declare the name. */
  readonly scopes?: readonly WritableScope[];

  constructor(code: ConfigErrorCode, message: string, details: { file?: string; scopes?: readonly WritableScope[] } = {}) {
    super(message);
    this.name = "ConfigError";
    this.code = code;
    if (details.file !== undefined) this.file = details.file;
    if (details.scopes !== undefined) this.scopes = details.scopes;
  }
}
