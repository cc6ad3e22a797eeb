/**
 * A mistake on the command line, for `mini-cc` and its `mcp` subcommands
 * alike: shown as one line with the usage, exit status 2, nothing started.
 */

/** A mistake on the command line: one line, shown with the usage, exit status 2. */
export class UsageError extends Error {
  readonly code = "usage";

  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}
