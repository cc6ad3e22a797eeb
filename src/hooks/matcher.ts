/**
 * A hook's matcher as Claude Code reads it: empty or `*` matches everything;
 * names and `|` alternatives match exactly (`Edit|Write`); anything else is a
 * regular expression (`mcp__github__.*`, `Notebook.*`) tested against the name.
 */
import { errorText } from "../errors.ts";

export type CompiledMatcher =
  | { kind: "all" }
  | { kind: "names"; names: ReadonlySet<string> }
  | { kind: "regex"; regex: RegExp }
  | { kind: "bad"; why: string };

const PLAIN = /^[A-Za-z0-9_|]+$/;

export function compileMatcher(matcher: string): CompiledMatcher {
  const text = matcher.trim();
  if (text === "" || text === "*") return { kind: "all" };
  if (PLAIN.test(text)) return { kind: "names", names: new Set(text.split("|").filter(Boolean)) };
  try {
    // Claude Code anchors nothing: `Edit.*` also matches a tool whose name contains "Edit".
    return { kind: "regex", regex: new RegExp(text) };
  } catch (error) {
    return { kind: "bad", why: errorText(error) };
  }
}

/** Whether `matcher` covers `subject` (a tool's name, a session start's source…). */
export function matcherCovers(matcher: string, subject: string): boolean {
  const compiled = compileMatcher(matcher);
  switch (compiled.kind) {
    case "all":
      return true;
    case "names":
      return compiled.names.has(subject);
    case "regex":
      return compiled.regex.test(subject);
    case "bad":
      return false;
  }
}
