/**
 * The choices the approval modal offers, with what each one means, kept in
 * one place so a label can never drift from its effect.
 */
import type { PermissionDecision, PermissionRequest } from "../../src/agent/events.ts";
import type { AskedCall, RuleCoverage } from "../../src/agent/tool-rules.ts";
import type { ApprovalChoice } from "../../src/mcp/approvals/approval-types.ts";
import { terminalSafeLine } from "../../src/text/terminal-safe.ts";
import type { SandboxAvailability } from "../../src/sandbox/availability.ts";

/** One choice: its label and what it means. */
export interface ApprovalOption<T> {
  readonly label: string;
  readonly value: T;
  /** Opens a message field before the choice is final. */
  readonly asksForMessage: boolean;
  /** What the choice means, or why it cannot be taken, under the label. */
  readonly detail?: string;
  /** Shown but not available. */
  readonly disabled?: boolean;
}

/**
 * The sandbox as the server approval offers it: whether it can run here
 * (undefined while that is being found out), and the hosts the entry lists.
 */
export interface SandboxOffer {
  readonly availability: SandboxAvailability | undefined;
  readonly hosts: readonly string[];
}

/** "reads: everything but your secrets · writes: this project · network: none": the sandboxed choice in one line. */
export function sandboxMeaning(hosts: readonly string[]): string {
  return `reads: everything but your secrets · writes: this project · network: ${hosts.length === 0 ? "none" : hosts.map(terminalSafeLine).join(", ")}`;
}

/**
 * What the user can answer for the project server(s) waiting in
 * `needs-approval`; "all" starts and remembers every one with full access,
 * "all-sandbox" sandboxed (those whose entry does not decide).
 */
export type ServerAnswer = ApprovalChoice | "all" | "all-sandbox";

/**
 * The choices for a project MCP server; with several waiting (`waiting` > 1),
 * "start all N, and remember" too (sandboxed and with full access, where
 * the sandbox is offered and can run). The last choice is the refusal (Esc).
 * With a sandbox to offer (a stdio server whose entry does not decide),
 * "Start sandboxed" comes first, disabled with the reason where it cannot
 * run, and the other starts say "with full access".
 */
export function serverOptions(waiting = 1, sandbox?: SandboxOffer): readonly ApprovalOption<ServerAnswer>[] {
  const all = (label: string) => (waiting > 1 ? [{ label, value: "all" as const, asksForMessage: false }] : []);
  const deny = { label: "Don't start", value: "deny" as const, asksForMessage: false };
  if (!sandbox) {
    return [
      { label: "Start, and remember for this project", value: "remember", asksForMessage: false },
      { label: "Start this time only", value: "once", asksForMessage: false },
      ...all(`Start all ${waiting}, and remember for this project`),
      deny,
    ];
  }
  const { availability } = sandbox;
  const sandboxed: ApprovalOption<ServerAnswer> = availability?.available
    ? {
        label: "Start sandboxed, and remember for this project",
        value: "sandbox",
        asksForMessage: false,
        detail: sandboxMeaning(sandbox.hosts),
      }
    : {
        label: "Start sandboxed",
        value: "sandbox",
        asksForMessage: false,
        disabled: true,
        detail: availability
          ? `unavailable: ${terminalSafeLine(availability.reason)} (${terminalSafeLine(availability.hint)})`
          : "checking whether the sandbox can run here…",
      };
  const allSandboxed =
    availability?.available && waiting > 1
      ? [
          {
            label: `Start all ${waiting} sandboxed, and remember for this project`,
            value: "all-sandbox" as const,
            asksForMessage: false,
          },
        ]
      : [];
  return [
    sandboxed,
    { label: "Start with full access, and remember for this project", value: "remember", asksForMessage: false },
    { label: "Start with full access this time only", value: "once", asksForMessage: false },
    ...allSandboxed,
    ...all(`Start all ${waiting} with full access, and remember for this project`),
    deny,
  ];
}

/**
 * The answers to a tool permission request: "always" and "always-server"
 * write an allow rule for this project ("Yes, and don't ask again").
 */
export type ToolAnswer = "once" | "session" | "always" | "always-server" | "deny";

/** Words of a command kept in its session prefix after the program: `npm test`, `git commit`, never an option or a path. */
const MAX_SUBCOMMANDS = 2;
const PROGRAM = /^[\w./+-]+$/;
const SUBCOMMAND = /^[a-z][a-z0-9-]*$/;

/**
 * The command prefix "allow for the session" covers for a Bash call: the
 * program and up to two subcommand words (`npm test`, `git commit`, `ls`).
 * Undefined when the rule `Bash(prefix:*)` would not cover the command itself
 * (a compound command, a leading `VAR=`), so none is offered.
 */
export function bashSessionPrefix(command: string, covers: RuleCoverage): string | undefined {
  const [program, ...rest] = command.trim().split(/\s+/);
  if (program === undefined || !PROGRAM.test(program)) return undefined;
  const words = [program];
  for (const word of rest.slice(0, MAX_SUBCOMMANDS)) {
    if (!SUBCOMMAND.test(word)) break;
    words.push(word);
  }
  const prefix = words.join(" ");
  return covers(bashRule(prefix), { toolName: "Bash", input: { command } }) ? prefix : undefined;
}

function bashRule(prefix: string): string {
  return `Bash(${prefix}:*)`;
}

/** What "allow for the session" allows: a tool rule (tool-rules.ts) and how the option says it. */
export interface SessionAllowance {
  /** `mcp__tracker__add_comment`, or `Bash(npm test:*)` for a command prefix. */
  readonly rule: string;
  /** `mcp__tracker__add_comment`, or "`npm test` commands". */
  readonly what: string;
}

/** The session allowance for a request; undefined for a Bash command no prefix rule can cover (judged by `covers`, the chain's). */
export function sessionAllowance(request: AskedCall, covers: RuleCoverage): SessionAllowance | undefined {
  const command = request.input["command"];
  if (request.toolName !== "Bash" || typeof command !== "string")
    return { rule: request.toolName, what: request.toolName };
  const prefix = bashSessionPrefix(command, covers);
  return prefix === undefined
    ? undefined
    : { rule: bashRule(prefix), what: `Bash commands starting with \`${terminalSafeLine(prefix)}\`` };
}

type ToolRequest = AskedCall & Partial<Pick<PermissionRequest, "reason" | "server">>;

/**
 * The rule "Yes, and don't ask again" writes for a request: a Bash command
 * prefix, an MCP tool, or ("always-server") every tool of its server. None
 * for other built-ins (an allow rule would also let them reach outside the
 * project) or for a call asked about for another reason than needing approval.
 */
export function rememberedRule(
  request: ToolRequest,
  answer: "always" | "always-server",
  covers: RuleCoverage,
): SessionAllowance | undefined {
  if (request.reason !== undefined && request.reason !== "needs approval") return undefined;
  if (request.toolName.startsWith("mcp__")) {
    if (answer === "always") return { rule: request.toolName, what: request.toolName };
    const server = request.server;
    return server !== undefined && /^[A-Za-z0-9_-]+$/.test(server)
      ? { rule: `mcp__${server}`, what: `any tool of server ${terminalSafeLine(server)}` }
      : undefined;
  }
  return request.toolName === "Bash" && answer === "always" ? sessionAllowance(request, covers) : undefined;
}

/**
 * A tool call the permission chain asks about: the last choice is the refusal
 * (Esc). `canRemember`: the session can write rules to the project's
 * settings.local.json, so "don't ask again in this project" is offered too.
 */
export function toolOptions(
  request: ToolRequest,
  covers: RuleCoverage,
  canRemember = false,
): readonly ApprovalOption<ToolAnswer>[] {
  const allowance = sessionAllowance(request, covers);
  const always = canRemember ? rememberedRule(request, "always", covers) : undefined;
  const server = canRemember ? rememberedRule(request, "always-server", covers) : undefined;
  return [
    { label: "Allow", value: "once", asksForMessage: false },
    ...(allowance
      ? [
          {
            label: `Allow, and don't ask again this session for ${allowance.what}`,
            value: "session" as const,
            asksForMessage: false,
          },
        ]
      : []),
    ...(always
      ? [
          {
            label: `Allow, and don't ask again for ${always.what} in this project`,
            value: "always" as const,
            asksForMessage: false,
          },
        ]
      : []),
    ...(server
      ? [
          {
            label: `Allow, and don't ask again for ${server.what} in this project`,
            value: "always-server" as const,
            asksForMessage: false,
          },
        ]
      : []),
    { label: "Deny, and tell the model what to do instead", value: "deny", asksForMessage: true },
  ];
}

/** The PermissionDecision an answer to `request` means for the agent. */
export function toolDecision(
  request: ToolRequest,
  answer: ToolAnswer,
  covers: RuleCoverage,
  message?: string,
): PermissionDecision {
  if (answer === "deny") return message ? { behavior: "deny", message } : { behavior: "deny" };
  if (answer === "once") return { behavior: "allow", scope: "once" };
  if (answer === "always" || answer === "always-server") {
    // Remembered in the file by the session; for the rest of this one, a session allow of the same rule.
    const remembered = rememberedRule(request, answer, covers);
    return remembered
      ? { behavior: "allow", scope: "session", rule: remembered.rule }
      : { behavior: "allow", scope: "once" };
  }
  const allowance = sessionAllowance(request, covers);
  // No rule can cover this call (a compound command): allow it once rather than more than was shown.
  if (!allowance) return { behavior: "allow", scope: "once" };
  return { behavior: "allow", scope: "session", rule: allowance.rule };
}
