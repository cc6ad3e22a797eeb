/**
 * Where a glob search really reads. `../*`, `/etc/*` or `../../etc/passwd`
 * reach outside the folder they are given: the fixed folders before the first
 * wildcard are the search's base, which the permission check judges like any
 * other path. Below the base, a pattern may not climb out again.
 */
import path from "node:path";
import { MiniCcError } from "../errors.ts";

/** A glob split at its first wildcard segment. */
export interface GlobParts {
  /** The folder (or, without wildcards, the one file) it reads: relative to the search root, or absolute. */
  base: string;
  /** The pattern below base; "" when the glob names one path. */
  rest: string;
}

// Characters that make a segment a pattern in node's fs.glob (minimatch syntax, extglobs included).
const WILDCARD = /[*?[\]{}()!+@]/;
// `..` as a whole path part, or an absolute alternative, anywhere in brace or extglob lists.
const CLIMBS_OUT = /(?:^|[/{},(|])\.\.(?:$|[/{},)|])|[{,(|]\//;

/** Splits `pattern` into the folder it starts from and the pattern below it. */
export function splitGlob(pattern: string): GlobParts {
  const segments = pattern.split("/");
  const wild = segments.findIndex((segment) => WILDCARD.test(segment));
  if (wild === -1) return { base: pattern, rest: "" };
  const fixed = segments.slice(0, wild).join("/");
  return { base: fixed === "" ? (wild > 0 ? "/" : ".") : fixed, rest: segments.slice(wild).join("/") };
}

/**
 * The base of searching `pattern` under `root` (relative to the working
 * directory, or absolute) and the pattern below it. Throws MiniCcError "invalid-tool-input" when
 * the part after the first wildcard could climb out of the base.
 */
export function searchBase(tool: string, root: string, pattern: string): GlobParts {
  const { base, rest } = splitGlob(pattern);
  if (CLIMBS_OUT.test(rest)) {
    throw new MiniCcError(
      "invalid-tool-input",
      `${tool}: "${pattern}" climbs out of its folder after a wildcard; put ".." or an absolute path only before the first wildcard`,
    );
  }
  return { base: path.isAbsolute(base) ? path.normalize(base) : path.join(root, base), rest };
}
