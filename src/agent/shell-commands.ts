/**
 * What a shell command line runs, for `Bash(cmd:*)` rules: every simple
 * command in it (pipelines, lists, `$(…)`, backticks, function bodies,
 * heredocs), plus the commands that wrappers run (`env`, `xargs`, `sudo`,
 * `bash -c '…'`, `eval`, `find -exec`, …). A word whose value only the shell
 * knows (`$VAR`, `$(…)`, globs, braces) is DYNAMIC; a line the parser cannot
 * read with confidence is "unclear", and rules then ask rather than guess.
 */
import type { Node } from "web-tree-sitter";
import type { ShellParser } from "./shell-parser.ts";

/** A word whose value is decided when the shell runs it. */
export const DYNAMIC: unique symbol = Symbol("dynamic");
export type Word = string | typeof DYNAMIC;

/** One simple command: its words as the shell passes them, the name first. */
export type SimpleCommand = readonly Word[];

export type CommandAnalysis =
  | {
      readonly kind: "commands";
      readonly commands: readonly SimpleCommand[];
      /** Output goes to a file (`> f`, `>> f`, not /dev/null or a descriptor). */
      readonly writesFiles: boolean;
    }
  | { readonly kind: "unclear"; readonly reason: string };

// A `bash -c` inside a `bash -c` inside …: past this, stop looking.
const MAX_NESTING = 4;
const SHELLS = new Set(["bash", "sh", "zsh", "dash", "ksh", "mksh", "ash", "busybox"]);
/** Commands that run the command given in their arguments. */
const WRAPPERS = new Set([
  "env",
  "command",
  "builtin",
  "exec",
  "nohup",
  "time",
  "nice",
  "ionice",
  "sudo",
  "doas",
  "timeout",
  "stdbuf",
  "xargs",
  "setsid",
  "chroot",
  "unbuffer",
  "watch",
  "strace",
  "ltrace",
  "caffeinate",
  "flock",
  "chronic",
  "parallel",
]);
const FIND_EXEC = new Set(["-exec", "-execdir", "-ok", "-okdir"]);
const OUTPUT_REDIRECTS = new Set([">", ">>", "&>", "&>>", ">|"]);

class Unclear extends Error {}

/** Analyses `command` with `parser`; never throws. */
export function analyseCommand(parser: ShellParser, command: string): CommandAnalysis {
  try {
    const found = { commands: [] as SimpleCommand[], writesFiles: false };
    collect(parser, command, found, 0);
    if (found.commands.length === 0) return { kind: "unclear", reason: "no command found" };
    return { kind: "commands", ...found };
  } catch (error) {
    return { kind: "unclear", reason: error instanceof Unclear ? error.message : "the command could not be parsed" };
  }
}

interface Found {
  commands: SimpleCommand[];
  writesFiles: boolean;
}

function collect(parser: ShellParser, script: string, found: Found, depth: number): void {
  if (depth > MAX_NESTING) throw new Unclear("shell commands nested too deep");
  const root = parser.parse(script);
  if (root === undefined || root.hasError) throw new Unclear("the command could not be parsed");
  visit(root, (node) => {
    if (node.type === "command") {
      for (const words of unwrap(simpleCommand(node))) {
        found.commands.push(words);
        for (const inner of scriptsRunBy(words)) collect(parser, inner, found, depth + 1);
      }
    } else if (node.type === "file_redirect" && writesToFile(node)) {
      found.writesFiles = true;
    }
  });
}

function visit(node: Node, onNode: (node: Node) => void): void {
  onNode(node);
  for (const child of node.namedChildren) if (child) visit(child, onNode);
}

function simpleCommand(node: Node): SimpleCommand {
  const name = node.childForFieldName("name");
  if (!name) throw new Unclear("a command without a name");
  const args = node.childrenForFieldName("argument").filter((arg) => arg !== null);
  return [wordOf(name.namedChildren[0] ?? name), ...args.map(wordOf)];
}

/** A word's value as the shell would pass it, or DYNAMIC. */
function wordOf(node: Node | null): Word {
  if (!node) return DYNAMIC;
  switch (node.type) {
    case "word":
    case "number":
      // Globs, braces and ~ expand at run time.
      return /[*?[\]{}~]/.test(node.text) ? DYNAMIC : node.text.replace(/\\\n/g, "").replace(/\\(.)/gs, "$1");
    case "raw_string":
      return node.text.slice(1, -1);
    case "string":
      if (node.namedChildren.some((child) => child?.type !== "string_content")) return DYNAMIC;
      return node.text
        .slice(1, -1)
        .replace(/\\\n/g, "")
        .replace(/\\([$`"\\])/g, "$1");
    case "concatenation": {
      const parts = node.namedChildren.map(wordOf);
      return parts.every((part) => typeof part === "string") ? parts.join("") : DYNAMIC;
    }
    default:
      return DYNAMIC;
  }
}

/**
 * The command and every command its wrappers may run: each later word that
 * could be a command name starts a candidate (for deny rules, more is safer).
 * Candidates are suffixes of the words, so there are at most as many as words.
 */
function unwrap(words: SimpleCommand): SimpleCommand[] {
  const starts = new Set([0]);
  const nested: SimpleCommand[] = [];
  for (const start of starts) {
    const command = words.slice(start);
    const name = commandName(command);
    if (name === DYNAMIC) continue;
    if (WRAPPERS.has(name)) {
      command.forEach((word, i) => {
        if (i > 0 && (word === DYNAMIC || (!word.startsWith("-") && !/^[A-Za-z_][A-Za-z0-9_]*=/.test(word))))
          starts.add(start + i);
      });
    }
    if (name === "find") {
      command.forEach((word, i) => {
        if (typeof word === "string" && FIND_EXEC.has(word))
          nested.push(command.slice(i + 1).filter((w) => w !== ";" && w !== "+"));
      });
    }
  }
  const all = [...starts].map((start) => words.slice(start));
  return [...all, ...nested.flatMap(unwrap)].filter((command) => command.length > 0);
}

/** Scripts a command hands to a shell: `bash -c '…'`, `sh -lc '…'`, `eval …`. */
function scriptsRunBy(words: SimpleCommand): string[] {
  const name = commandName(words);
  if (name === "eval") {
    if (words.slice(1).some((word) => word === DYNAMIC)) throw new Unclear("eval of a value known only at run time");
    return [words.slice(1).join(" ")];
  }
  if (name === DYNAMIC || !SHELLS.has(name)) return [];
  const flag = words.findIndex((word, i) => i > 0 && typeof word === "string" && /^-[a-z]*c[a-z]*$/.test(word));
  if (flag === -1) return [];
  const script = words[flag + 1];
  if (script === undefined) return [];
  if (script === DYNAMIC) throw new Unclear(`${name} -c with a script known only at run time`);
  return [script];
}

/** A command's name without its folder (`/usr/bin/touch` runs touch), or DYNAMIC. */
export function commandName(words: SimpleCommand): Word {
  const first = words[0];
  if (first === undefined || first === DYNAMIC) return DYNAMIC;
  return first.slice(first.lastIndexOf("/") + 1);
}

function writesToFile(redirect: Node): boolean {
  const operator = redirect.children.find((child) => child !== null && OUTPUT_REDIRECTS.has(child.type));
  if (!operator) return false;
  const destination = wordOf(redirect.childForFieldName("destination"));
  return destination !== "/dev/null";
}
