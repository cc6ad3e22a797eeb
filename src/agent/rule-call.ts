/**
 * A tool call as the permission rules see it (tool-rules.ts matches them): the
 * names it answers to (its own, an MCP server's and tool's, its aliases), and
 * either the command a shell tool runs, analysed, or the path it touches,
 * judged by where it really leads (symlinks followed).
 */
import { relative, resolve } from "node:path";
import { isWithin, type RealPaths } from "../tools/real-paths.ts";
import type { Tool } from "../tools/tool.ts";
import type { ShellParser } from "./shell-parser.ts";
import { commandForRules, type RuleCall } from "./tool-rules.ts";

/** The paths a call touches: none, their real paths, or unknown (its targetPaths() threw). */
export type CallTarget = { kind: "none" } | { kind: "unknown" } | { kind: "paths"; real: readonly string[] };

/** Where the paths a call names really lead, each resolved against `cwd`. */
export function callTarget(tool: Tool, input: Record<string, unknown>, realPaths: RealPaths, cwd: string): CallTarget {
  if (!tool.targetPaths) return { kind: "none" };
  try {
    const paths = tool.targetPaths(input);
    if (paths.length === 0) return { kind: "none" };
    return { kind: "paths", real: paths.map((p) => realPaths.of(resolve(cwd, p))) };
  } catch {
    return { kind: "unknown" };
  }
}

/** A call of `tool` by name alone: its name and, for an MCP tool, its server's and its own. */
export function namedCall(tool: Tool): RuleCall {
  const call: RuleCall = { name: tool.name };
  if (tool.server !== undefined && tool.toolName !== undefined) call.mcp = { server: tool.server, tool: tool.toolName };
  return call;
}

/** `call` under each name `tool` answers to, its own first: a deny rule by any of them refuses it. */
export function underEveryName(call: RuleCall, tool: Tool): RuleCall[] {
  return [call, ...(tool.aliases ?? []).map((alias) => ({ ...call, name: alias }))];
}

/**
 * What rules are matched against: the call by name, with its command analysed by `shell` (a shell
 * tool), or else its first target path, relative to `projectRoot` when inside it.
 */
export function ruleCall(
  tool: Tool,
  input: Record<string, unknown>,
  target: CallTarget,
  shell: ShellParser | undefined,
  projectRoot: string,
): RuleCall {
  const call = namedCall(tool);
  const command = input["command"];
  if (typeof command === "string") {
    call.command = commandForRules(shell, command);
    return call;
  }
  const real = target.kind === "paths" ? target.real[0] : undefined;
  if (real !== undefined) call.subject = isWithin(projectRoot, real) ? relative(projectRoot, real) || "." : real;
  return call;
}
