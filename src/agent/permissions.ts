/**
 * The permission chain: decides, per tool call, whether it runs, asks the user
 * or is refused. One instance lives for the session, so "allow for the session"
 * answers and mode switches (Shift+Tab in the TUI) stick.
 */
import { isAbsolute, relative, resolve, sep } from "node:path";
import { Store } from "../store.ts";
import type { Tool } from "../tools/tool.ts";
import type { PermissionMode } from "./events.ts";
import { parseToolRule, parseToolRules, ruleMatches, type RuleCall, type ToolRule } from "./tool-rules.ts";

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
  /** The working directory: paths outside it always ask. */
  cwd: string;
  /** False in print mode: nobody can answer, so what would ask is denied, saying how to allow it. */
  canAsk?: boolean;
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
  readonly #sessionAllowed: ToolRule[] = [];
  readonly #canAsk: boolean;

  /** Throws ToolRuleError for a malformed rule. */
  constructor(options: PermissionChainOptions) {
    this.mode = new Store(options.mode);
    this.#allow = parseToolRules(options.allow);
    this.#deny = parseToolRules(options.deny);
    this.#cwd = resolve(options.cwd);
    this.#canAsk = options.canAsk ?? true;
  }

  /**
   * The user chose "allow for the session": calls the rule covers no longer ask
   * (a tool name, or a rule like `Bash(npm test:*)`; throws ToolRuleError for a malformed one).
   */
  allowForSession(rule: string): void {
    this.#sessionAllowed.push(parseToolRule(rule));
  }

  /**
   * Deny rules, then plan mode (read-only only), then allow rules and session
   * allows, then bypassPermissions, read-only tools (asking outside cwd), acceptEdits
   * for file edits inside cwd; anything else asks.
   */
  check(tool: Tool, input: Record<string, unknown>): PermissionCheck {
    const verdict = this.#verdict(tool, input);
    if (verdict.behavior !== "ask" || this.#canAsk) return verdict;
    const why = verdict.reason === NEEDS_APPROVAL ? "" : ` (${verdict.reason})`;
    return {
      behavior: "deny",
      message: `${tool.name} was not run: it needs approval${why} and print mode cannot ask. ` +
        `Allow it with --allowedTools ${tool.name} or a --permission-mode that permits it.`,
    };
  }

  #verdict(tool: Tool, input: Record<string, unknown>): PermissionCheck {
    const name = tool.name;
    const mode = this.mode.getSnapshot();
    const target = this.#targetPath(tool, input);
    const call: RuleCall = { name, subject: subjectOf(input, target, this.#cwd) };
    const denyCalls = [call, ...(tool.aliases ?? []).map((alias) => ({ ...call, name: alias }))];
    if (this.#deny.some((rule) => denyCalls.some((c) => ruleMatches(rule, c, "deny")))) {
      return { behavior: "deny", message: `Permission to use ${name} has been denied by a rule.` };
    }
    // Plan mode is a promise that nothing changes: no allow rule overrides it.
    if (mode === "plan" && !tool.readOnly) {
      return { behavior: "deny", message: `${name} is not allowed in plan mode: only read-only tools run.` };
    }
    if ([...this.#allow, ...this.#sessionAllowed].some((rule) => ruleMatches(rule, call, "allow"))) {
      return { behavior: "allow" };
    }
    if (mode === "bypassPermissions") return { behavior: "allow" };
    // A targetPath() that throws gives no path to vouch for, so the call asks.
    if (target.kind === "unknown") return { behavior: "ask", reason: NEEDS_APPROVAL };
    if (target.kind === "path" && this.#isOutside(target.path)) return { behavior: "ask", reason: OUTSIDE };
    if (tool.readOnly) return { behavior: "allow" };
    if (mode === "acceptEdits" && tool.editsFiles === true) return { behavior: "allow" };
    return { behavior: "ask", reason: NEEDS_APPROVAL };
  }

  #targetPath(tool: Tool, input: Record<string, unknown>): Target {
    if (!tool.targetPath) return { kind: "none" };
    try {
      const path = tool.targetPath(input);
      return path === undefined ? { kind: "none" } : { kind: "path", path };
    } catch {
      return { kind: "unknown" };
    }
  }

  #isOutside(path: string): boolean {
    const rel = relative(this.#cwd, resolve(this.#cwd, path));
    return rel === ".." || rel.startsWith(`..${sep}`) || isAbsolute(rel);
  }
}

type Target = { kind: "none" } | { kind: "unknown" } | { kind: "path"; path: string };

/** What a specifier rule matches: the command of a shell tool, else the path relative to cwd. */
function subjectOf(input: Record<string, unknown>, target: Target, cwd: string): string | undefined {
  if (typeof input["command"] === "string") return input["command"];
  if (target.kind !== "path") return undefined;
  return relative(cwd, resolve(cwd, target.path)) || ".";
}
