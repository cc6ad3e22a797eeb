/**
 * The one rule for header values mini-cc sends (an entry's `headers`, after
 * `${VAR}` expansion, and what a `headersHelper` prints): no CR, LF or NUL.
 * A line break would end the header and start another the value chose (the
 * fetch API refuses it anyway, with an error that quotes the value — a
 * secret — into `mcp list`, `mcp get` and stderr). What is wrong is said by
 * the header's name, never its value.
 */

const FORBIDDEN = /[\r\n\0]/;

/** Why header `name` cannot carry `value` (a phrase naming the header only), or undefined when it can. */
export function headerValueProblem(name: string, value: string): string | undefined {
  if (!FORBIDDEN.test(value)) return undefined;
  return `header ${JSON.stringify(name)} has a line break (CR or LF) or NUL in its value, so it is not sent`;
}

/** The first problem among `headers`, or undefined when all can be sent. */
export function headersProblem(headers: Readonly<Record<string, string>> | undefined): string | undefined {
  for (const [name, value] of Object.entries(headers ?? {})) {
    const problem = headerValueProblem(name, value);
    if (problem) return problem;
  }
  return undefined;
}
