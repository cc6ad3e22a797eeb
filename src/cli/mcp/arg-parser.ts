/**
 * The small argv parser the `mini-cc mcp` subcommands share. Unlike
 * node:util's parseArgs it can hand a server's own command line through
 * untouched: once a subcommand has its leading positionals (NAME for `add`),
 * the first token that is not one of our options, and everything after it,
 * belongs to the server. An option may take several values the way Claude
 * Code's `-e KEY=V KEY2=V2` and `-H "A: b" "C: d"` do: after its first value
 * it takes each following token that has the shape of its values, up to the
 * next option, `--`, or a token that is needed as a positional (a server name
 * never has "=" or ":", so `-e K=V my-server -- cmd` keeps its name).
 */
import { usageError } from "../../errors.ts";

/** One option a subcommand accepts. */
export interface OptionSpec {
  /** Long name without dashes, e.g. "scope"; the key in ParsedArgs.values. */
  readonly long: string;
  readonly short?: string;
  /** Takes a value (`-s user`, `--scope=user`, `-suser`); otherwise a flag. */
  readonly value: boolean;
  /**
   * The value may be left out (`--client-secret` alone asks for it): the next
   * token is its value only when it is no option and the positionals can still
   * be filled without it; else the value is "".
   */
  readonly optionalValue?: boolean;
  /** Takes more values than one (`-e A=1 B=2`): the following tokens this accepts. */
  readonly moreValues?: (token: string) => boolean;
}

/** What the parser found. */
export interface ParsedArgs {
  /** Values of each value option, in the order given. */
  readonly values: ReadonlyMap<string, readonly string[]>;
  /** The flags given. */
  readonly flags: ReadonlySet<string>;
  readonly positionals: readonly string[];
  /** With `passThroughAfter`: the tokens from the first one after those positionals. */
  readonly rest: readonly string[];
}

/** How a subcommand wants its argv read. */
export interface ParseOptions {
  /** After this many positionals, the next positional and everything after it go to `rest` verbatim. */
  readonly passThroughAfter?: number;
  /** Whether that next positional starts the pass-through (default: always); when not, it is one more positional and options go on. */
  readonly passThroughAt?: (token: string, parsed: ParsedArgs) => boolean;
  /** Positionals the command needs: a token is never taken as an option's extra value when they could not be filled without it. */
  readonly neededPositionals?: number;
}

/** `-h` and `--help`: every subcommand accepts them. */
export const HELP_OPTION: OptionSpec = { long: "help", short: "h", value: false };

/** Reads argv against `specs`; throws a usage error for an unknown option or a missing value. */
export function parseArgv(
  argv: readonly string[],
  specs: readonly OptionSpec[],
  options: ParseOptions = {},
): ParsedArgs {
  const values = new Map<string, string[]>();
  const flags = new Set<string>();
  const positionals: string[] = [];
  let rest: string[] = [];
  let optionsEnded = false;

  for (let i = 0; i < argv.length; i++) {
    const token = argv[i]!;
    const isOption = !optionsEnded && isOptionLike(token);
    const passThrough = options.passThroughAt ?? (() => true);
    if (
      options.passThroughAfter !== undefined &&
      positionals.length === options.passThroughAfter &&
      !isOption &&
      (optionsEnded || passThrough(token, { values, flags, positionals, rest }))
    ) {
      rest = argv.slice(i);
      break;
    }
    if (!isOption) {
      positionals.push(token);
      continue;
    }
    if (token === "--") {
      optionsEnded = true;
      continue;
    }
    const { spec, inline } = lookup(token, specs);
    if (!spec.value) {
      if (inline !== undefined) throw usageError(`option ${optionName(token)} takes no value`);
      flags.add(spec.long);
      continue;
    }
    let value = inline;
    if (value === undefined && spec.optionalValue) {
      const next = argv[i + 1];
      const missing = (options.neededPositionals ?? 0) - positionals.length;
      const fits =
        next !== undefined &&
        !isOptionLike(next) &&
        (missing <= 0 || positionalCandidates(argv, i + 2, specs) >= missing);
      value = fits ? argv[++i]! : "";
    }
    if (value === undefined) {
      if (i + 1 >= argv.length) throw usageError(`option ${token} needs a value`);
      value = argv[++i]!;
    }
    const list = values.get(spec.long) ?? [];
    list.push(value);
    values.set(spec.long, list);
    const more = spec.moreValues;
    while (more && i + 1 < argv.length && !isOptionLike(argv[i + 1]!) && more(argv[i + 1]!)) {
      const missing = (options.neededPositionals ?? 0) - positionals.length;
      if (missing > 0 && positionalCandidates(argv, i + 2, specs) < missing) break;
      list.push(argv[++i]!);
    }
  }
  return { values, flags, positionals, rest };
}

/** The last value given for an option (a repeated single-value option: the last one wins). */
export function lastValue(parsed: ParsedArgs, long: string): string | undefined {
  return parsed.values.get(long)?.at(-1);
}

/** Fails when more positionals were given than the subcommand takes. */
export function noMorePositionals(positionals: readonly string[], expected: number): void {
  const extra = positionals[expected];
  if (extra !== undefined) throw usageError(`unexpected argument: ${extra}`);
}

/** `-x`, `--xy`, `--`; not `-` alone (stdin). */
function isOptionLike(token: string): boolean {
  return token.startsWith("-") && token !== "-";
}

/** How many tokens from `start` on could still be positionals: not options, not an option's value; all of them after `--`. */
function positionalCandidates(argv: readonly string[], start: number, specs: readonly OptionSpec[]): number {
  let count = 0;
  for (let j = start; j < argv.length; j++) {
    const token = argv[j]!;
    if (token === "--") return count + argv.length - j - 1;
    if (!isOptionLike(token)) {
      count++;
      continue;
    }
    const spec = token.startsWith("--")
      ? specs.find((s) => s.long === token.slice(2))
      : token.length === 2
        ? specs.find((s) => s.short === token[1])
        : undefined;
    if (spec?.value) j++; // its value, given separately
  }
  return count;
}

function optionName(token: string): string {
  const eq = token.indexOf("=");
  return token.startsWith("--") && eq > 0 ? token.slice(0, eq) : token.slice(0, 2);
}

function lookup(token: string, specs: readonly OptionSpec[]): { spec: OptionSpec; inline?: string } {
  if (token.startsWith("--")) {
    const eq = token.indexOf("=");
    const name = eq > 0 ? token.slice(2, eq) : token.slice(2);
    const spec = specs.find((s) => s.long === name);
    if (!spec) throw usageError(`unknown option: ${eq > 0 ? token.slice(0, eq) : token}`);
    return eq > 0 ? { spec, inline: token.slice(eq + 1) } : { spec };
  }
  const spec = specs.find((s) => s.short === token[1]);
  if (!spec) throw usageError(`unknown option: ${token.slice(0, 2)}`);
  if (token.length === 2) return { spec };
  // `-suser` and `-s=user` both mean `-s user`.
  return { spec, inline: token.slice(token[2] === "=" ? 3 : 2) };
}
