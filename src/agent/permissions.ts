/**
 * The permission chain: decides, per tool call, whether it runs, asks the user
 * or is refused. One instance lives for the session, so "allow for the session"
 * answers and mode switches (Shift+Tab in the TUI) stick.
 */
import type { HookAnswer } from "../hooks/hook-events.ts";
import { resolve } from "node:path";
import { Store } from "../store.ts";
import { PathScope, RealPaths } from "../tools/real-paths.ts";
import type { Tool } from "../tools/tool.ts";
import type { PermissionMode } from "./events.ts";
import { callTarget, namedCall, ruleCall, underEveryName } from "./rule-call.ts";
import type { ShellParser } from "./shell-parser.ts";
import {
  allowedBy,
  denyMatch,
  parseToolRule,
  parseToolRules,
  sessionRuleCovers,
  type RuleCoverage,
  type ToolRule,
} from "./tool-rules.ts";

/** The chain's verdict on one call. */
export type PermissionCheck =
  | { behavior: "allow" }
  | { behavior: "ask"; reason: string }
  | { behavior: "deny"; message: string };

export interface PermissionChainOptions {
  mode: PermissionMode;
  /** `--allowedTools` rules (see tool-rules.ts for the forms). */
  allow: readonly string[];
  /** `--disallowedTools` rules; a deny rule wins over everything. */
  deny: readonly string[];
  /** The working directory: paths outside it (and outside addDirs) always ask. */
  cwd: string;
  /** More folders the user gave with --add-dir: inside them is as good as inside cwd. */
  addDirs?: readonly string[];
  /**
   * Reads shell commands for `Bash(…)` rules (loadShellParser()). Without it a
   * command cannot be analysed: specifier allow rules never match and specifier
   * deny rules make the call ask.
   */
  shell?: ShellParser;
  /** False in print mode: nobody can answer, so what would ask is denied, saying how to allow it. */
  canAsk?: boolean;
  /** Folders the Read tool (only it) may read without asking: where MCP output past the cap is saved. */
  readableByRead?: readonly string[];
  /** Rules from settings files, each with its file (setRules replaces them). */
  rules?: readonly ChainRule[];
}

/** A rule from a settings file: as written, the forms the chain matches (see chainRules), and where it came from. */
export interface ChainRule {
  readonly behavior: "allow" | "deny" | "ask";
  readonly rule: string;
  /** The forms matched; the rule itself when absent. */
  readonly matches?: readonly string[];
  readonly source: string;
}

/** A rule as /permissions lists it. */
export interface ListedRule {
  readonly behavior: "allow" | "deny" | "ask";
  readonly rule: string;
  /** A settings file's path, `--allowedTools`, `--disallowedTools` or `this session`. */
  readonly source: string;
}

interface ParsedRules {
  readonly allow: readonly ToolRule[];
  readonly deny: readonly ToolRule[];
  readonly ask: readonly ToolRule[];
}

export const PERMISSION_MODES: readonly PermissionMode[] = ["default", "acceptEdits", "plan", "bypassPermissions"];

const OUTSIDE = "outside the working directory";
const NEEDS_APPROVAL = "needs approval";

/** Decides allow / ask / deny for each tool call, in the order documented on check(). */
export class PermissionChain {
  /** The current mode, as a store: the TUI's footer reads it and Shift+Tab updates it; calls that follow obey it. */
  readonly mode: Store<PermissionMode>;
  readonly #allow: readonly ToolRule[];
  readonly #deny: readonly ToolRule[];
  readonly #cwd: string;
  #scope: PathScope;
  readonly #sessionAllowed: ToolRule[] = [];
  readonly #canAsk: boolean;
  readonly #readableByRead: PathScope;
  #shell: ShellParser | undefined;
  #settings: readonly ChainRule[] = [];
  #settingsParsed: ParsedRules = { allow: [], deny: [], ask: [] };

  /** Throws MiniCcError "invalid-tool-rule" for a malformed rule. */
  constructor(options: PermissionChainOptions) {
    this.mode = new Store(options.mode);
    this.#allow = parseToolRules(options.allow);
    this.#deny = parseToolRules(options.deny);
    this.#cwd = resolve(options.cwd);
    this.#scope = new PathScope([this.#cwd, ...(options.addDirs ?? []).map((dir) => resolve(this.#cwd, dir))]);
    this.#canAsk = options.canAsk ?? true;
    this.#readableByRead = new PathScope(options.readableByRead ?? []);
    this.#shell = options.shell;
    this.setRules(options.rules ?? []);
  }

  /** Replaces the settings files' rules (an approved shared file, a rule removed by /permissions); throws MiniCcError "invalid-tool-rule" for a malformed one. */
  setRules(rules: readonly ChainRule[]): void {
    const parse = (behavior: ChainRule["behavior"]) =>
      rules.filter((r) => r.behavior === behavior).flatMap((r) => parseToolRules(r.matches ?? [r.rule]));
    this.#settingsParsed = { allow: parse("allow"), deny: parse("deny"), ask: parse("ask") };
    this.#settings = [...rules];
  }

  /**
   * Every rule in force with where it came from: flags, settings files, this session's allows. A session
   * allow a file holds too ("don't ask again" allows for the session at once while the rule is written)
   * is listed once, as the file's.
   */
  listRules(): ListedRule[] {
    const inFiles = new Set(this.#settings.filter((rule) => rule.behavior === "allow").map((rule) => rule.rule));
    return [
      ...this.#deny.map((rule) => ({ behavior: "deny" as const, rule: rule.source, source: "--disallowedTools" })),
      ...this.#allow.map((rule) => ({ behavior: "allow" as const, rule: rule.source, source: "--allowedTools" })),
      ...this.#settings.map(({ behavior, rule, source }) => ({ behavior, rule, source })),
      ...this.#sessionAllowed
        .filter((rule) => !inFiles.has(rule.source))
        .map((rule) => ({ behavior: "allow" as const, rule: rule.source, source: "this session" })),
    ];
  }

  /** Forgets a session allow (its rule as written); true when one was there. */
  forgetSessionAllow(rule: string): boolean {
    const at = this.#sessionAllowed.findIndex((r) => r.source === rule);
    if (at === -1) return false;
    this.#sessionAllowed.splice(at, 1);
    return true;
  }

  /**
   * Hands the chain the shell parser once it has loaded (the TUI loads it after
   * the first frame): until then a Bash rule with a specifier never allows, and a deny rule asks.
   */
  useShellParser(parser: ShellParser): void {
    this.#shell = parser;
  }

  /** Whether a session rule covers a call, read by this chain's shell parser: the approval's "allow for the session" asks it. */
  readonly covers: RuleCoverage = (rule, call) => sessionRuleCovers(rule, call, this.#shell);

  /** The folders calls may touch without asking (real paths). */
  get scope(): PathScope {
    return this.#scope;
  }

  /** Another folder calls may touch like the project (`/add-dir`), resolved against cwd. */
  addDir(dir: string): void {
    this.#scope = new PathScope([...this.#scope.roots, resolve(this.#cwd, dir)]);
  }

  /**
   * The user chose "allow for the session": calls the rule covers no longer ask
   * (a tool name, or a rule like `Bash(npm test:*)`; throws MiniCcError "invalid-tool-rule" for a malformed one).
   */
  allowForSession(rule: string): void {
    this.#sessionAllowed.push(parseToolRule(rule));
  }

  /**
   * Deny rules, then plan mode (read-only only), then ask rules and a PreToolUse
   * hook's answer, then allow rules and session
   * allows, then bypassPermissions, a call that runs in the sandbox, read-only tools (asking outside cwd), acceptEdits
   * for file edits inside cwd; anything else asks. Paths are judged by where
   * they really lead (symlinks followed); the tool must then open them through
   * the same `realPaths`, so it touches what was judged.
   */
  check(
    tool: Tool,
    input: Record<string, unknown>,
    realPaths: RealPaths = new RealPaths(),
    hook?: HookAnswer,
  ): PermissionCheck {
    const verdict = this.#verdict(tool, input, realPaths, hook);
    if (verdict.behavior !== "ask" || this.#canAsk) return verdict;
    const why = verdict.reason === NEEDS_APPROVAL ? "" : ` (${verdict.reason})`;
    return {
      behavior: "deny",
      message:
        `${tool.name} was not run: it needs approval${why} and print mode cannot ask. ` +
        `Allow it with --allowedTools ${tool.name} or a --permission-mode that permits it.`,
    };
  }

  /**
   * True when a deny rule refuses every call of the tool whatever its input (a
   * rule without a specifier, by any of its names): such a tool is not offered
   * to the model at all. `Bash(rm:*)` leaves Bash offered.
   */
  deniesEveryCall(tool: Tool): boolean {
    const calls = underEveryName(namedCall(tool), tool);
    return [...this.#deny, ...this.#settingsParsed.deny].some(
      (rule) => !rule.specifier && calls.some((c) => denyMatch(rule, c) === "match"),
    );
  }

  #verdict(
    tool: Tool,
    input: Record<string, unknown>,
    realPaths: RealPaths,
    hook: HookAnswer | undefined,
  ): PermissionCheck {
    const name = tool.name;
    const mode = this.mode.getSnapshot();
    const target = callTarget(tool, input, realPaths, this.#cwd);
    const call = ruleCall(tool, input, target, this.#shell, this.#scope.roots[0] ?? this.#cwd);
    const denyCalls = underEveryName(call, tool);
    const denied = [...this.#deny, ...this.#settingsParsed.deny].flatMap((rule) =>
      denyCalls.map((c) => ({ rule, match: denyMatch(rule, c) })),
    );
    if (denied.some((d) => d.match === "match")) {
      return { behavior: "deny", message: `Permission to use ${name} has been denied by a rule.` };
    }
    // Plan mode is a promise that nothing changes: no allow rule overrides it.
    if (mode === "plan" && !tool.readOnly) {
      return { behavior: "deny", message: `${name} is not allowed in plan mode: only read-only tools run.` };
    }
    // A deny rule that cannot read the command may still cover it: ask, whatever the mode or allow rules say.
    const unclear = denied.find((d) => d.match === "unclear");
    if (unclear)
      return { behavior: "ask", reason: `cannot tell whether the rule ${unclear.rule.source} covers this command` };
    // An ask rule wins over allow rules and modes: the user wants to see these calls.
    const asking = this.#settingsParsed.ask.find((rule) => denyCalls.some((c) => denyMatch(rule, c) !== "no"));
    if (asking) return { behavior: "ask", reason: `the rule ${asking.source} asks` };
    // A hook's ask shows the user the call whatever allows it; its allow stands in for the user's yes, so
    // it comes after every deny above and never lets a call leave the sandbox (only the user may).
    if (hook?.answer === "ask")
      return { behavior: "ask", reason: `a PreToolUse hook asks${hook.reason ? `: ${hook.reason}` : ""}` };
    if (hook?.answer === "allow" && tool.leavesSandbox?.(input) !== true) return { behavior: "allow" };
    if (allowedBy([...this.#allow, ...this.#settingsParsed.allow, ...this.#sessionAllowed], call)) {
      return { behavior: "allow" };
    }
    if (mode === "bypassPermissions") return { behavior: "allow" };
    // The sandbox bounds what it can touch, as in Claude Code's sandbox mode.
    if (tool.runsConfined?.(input) === true) return { behavior: "allow" };
    // A targetPaths() that throws gives no path to vouch for, so the call asks.
    if (target.kind === "unknown") return { behavior: "ask", reason: NEEDS_APPROVAL };
    if (
      target.kind === "paths" &&
      target.real.some((real) => !this.#scope.contains(real) && !this.#readsSavedOutput(tool, real))
    ) {
      return { behavior: "ask", reason: OUTSIDE };
    }
    if (tool.readOnly) return { behavior: "allow" };
    if (mode === "acceptEdits" && tool.editsFiles === true) return { behavior: "allow" };
    return { behavior: "ask", reason: NEEDS_APPROVAL };
  }

  /** The built-in Read reading a file in a folder of saved tool output; no other tool, no other folder. */
  #readsSavedOutput(tool: Tool, real: string): boolean {
    return tool.name === "Read" && tool.server === undefined && this.#readableByRead.contains(real);
  }
}
