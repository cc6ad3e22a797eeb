/**
 * `Bash(…)` specifiers matched against the simple commands of an analysed
 * command line (shell-commands.ts): `git status:*` (these first words),
 * `npm test` (exactly these words), `git * main` (wildcards over the words).
 */
import { commandName, DYNAMIC, type SimpleCommand } from "./shell-commands.ts";

/** Whether a rule covers a command: yes, no, or it cannot tell (a word known only at run time). */
export type CommandMatch = "match" | "no" | "unclear";

/** A parsed specifier. */
export type CommandSpec =
  | { readonly kind: "prefix" | "exact"; readonly words: readonly string[] }
  | { readonly kind: "wildcard"; readonly pattern: RegExp; readonly first: string | undefined };

/** Parses a specifier written for a shell tool. */
export function commandSpec(spec: string): CommandSpec {
  if (spec.endsWith(":*")) return { kind: "prefix", words: spec.slice(0, -2).trim().split(/\s+/) };
  if (!spec.includes("*")) return { kind: "exact", words: spec.split(/\s+/) };
  const first = spec.split(/\s+/)[0];
  const body = spec
    .split("*")
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join(".*");
  return { kind: "wildcard", pattern: new RegExp(`^${body}$`, "s"), first: first?.includes("*") ? undefined : first };
}

/**
 * Matches one simple command. A deny rule sees the command's name without its
 * folder (`/usr/bin/touch` is touch); an allow rule must match the words as written.
 */
export function matchCommand(spec: CommandSpec, command: SimpleCommand, kind: "allow" | "deny"): CommandMatch {
  const words = kind === "deny" ? [commandName(command), ...command.slice(1)] : command;
  if (spec.kind === "wildcard") {
    if (spec.first !== undefined && typeof words[0] === "string" && words[0] !== spec.first) return "no";
    if (words.some((word) => word === DYNAMIC)) return "unclear";
    return spec.pattern.test(words.join(" ")) ? "match" : "no";
  }
  if (spec.kind === "exact" && words.length !== spec.words.length) return "no";
  if (words.length < spec.words.length) return "no";
  let unclear = false;
  for (const [i, expected] of spec.words.entries()) {
    const word = words[i];
    if (word === DYNAMIC) unclear = true;
    else if (word !== expected) return "no";
  }
  if (spec.kind === "exact" && words.some((word) => word === DYNAMIC)) unclear = true;
  return unclear ? "unclear" : "match";
}
