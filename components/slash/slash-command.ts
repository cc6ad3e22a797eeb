/**
 * The shape of a slash command: one per file, React-free, so each is tested
 * by calling `run` with a plain context.
 */
import type { Clock } from "../../src/clock.ts";
import type { ServerLogPlaces } from "../../src/mcp/logs/log-hint.ts";
import type { SessionActions } from "../../src/session/runtime-api.ts";
import type { SettingsActions } from "../../src/settings/settings-session.ts";
import type { ServerActions } from "../../src/mcp/server-actions.ts";
import type { TuiBackground } from "../runtime/tui-runtime.ts";
import type { SavedSession } from "../../src/session/saved-sessions.ts";
import type { Store } from "../../src/store.ts";

/** What a command may use. */
export interface SlashCommandContext {
  readonly mcp: ServerActions;
  /** The session's clock: what "now" is for runtimes and ages shown. */
  readonly clock: Clock;
  /** Where servers' stderr logs are, for the `log:` line under a failed server; without it, none is shown. */
  readonly serverLogs?: ServerLogPlaces;
  /** Adds a folder for the file tools and the servers' roots (`/add-dir`). */
  readonly addDir?: (dir: string) => Promise<void>;
  /** Sandbox mode for Bash (`/sandbox`); absent: the session has no sandbox. */
  readonly sandboxMode?: Store<boolean>;
  /** Every command the session knows, for /help. */
  readonly commands: readonly SlashCommand[];
  /** The settings files' rules (/permissions). */
  readonly settings?: SettingsActions;
  /** Shows a line at once, while the command still runs (the login URL); without it, such lines are dropped. */
  readonly notice?: (text: string) => void;
  /** Saved sessions, context, cost and model (/resume, /context, /cost, /model). */
  readonly sessions?: SessionActions;
  /** The session's background tasks (/tasks). */
  readonly background?: TuiBackground;
}

/** One entry of a picker: its label, and a line under it saying what it means. */
export interface PickerChoice {
  readonly label: string;
  readonly detail?: string;
}

/** A list to choose from (the picker of /resume and /model); the UI adds a last choice, "Cancel". */
export interface Picker {
  readonly title: string;
  readonly choices: readonly PickerChoice[];
  /** The choice highlighted first (the current one); the first by default. */
  readonly initial?: number;
  /** What the chosen index does (never called for Cancel). */
  readonly pick: (index: number) => CommandResult | Promise<CommandResult>;
}

/** What the session does after a command: print lines, clear the transcript, or quit. */
export type CommandResult =
  /** `focusPanel`: then move the keyboard to the MCP panel (`/mcp`). */
  | {
      readonly kind: "output";
      readonly lines: readonly string[];
      readonly isError: boolean;
      readonly focusPanel?: boolean;
    }
  | { readonly kind: "clear" }
  | { readonly kind: "exit" }
  /** Open a picker. */
  | { readonly kind: "pick"; readonly picker: Picker }
  /** The conversation became a saved one: the transcript shows it. */
  | { readonly kind: "resumed"; readonly saved: SavedSession };

/**
 * When a typed command runs: `now`, even while a turn runs; `as a turn`, sent
 * to the runtime like a prompt and queued behind a running one (/compact, a
 * server's prompt, a custom command); `after the turn`, at once when nothing
 * runs or waits, else queued and run when its turn comes (/clear must not
 * empty the conversation under a running turn).
 */
export type CommandTiming = "now" | "as a turn" | "after the turn";

/** One slash command. */
export interface SlashCommand {
  /** Typed after the slash: `mcp` for `/mcp`. */
  readonly name: string;
  readonly runs: CommandTiming;
  /** What it answers instead of running while a turn runs or lines wait (/resume: the conversation must not change under them). */
  readonly refusedWhileBusy?: string;
  /** One line per form, shown by /help: `/mcp restart NAME`. */
  readonly usage: readonly string[];
  readonly description: string;
  run(args: readonly string[], ctx: SlashCommandContext): CommandResult | Promise<CommandResult>;
}

/** Lines of normal output. */
export function output(...lines: string[]): CommandResult {
  return { kind: "output", lines, isError: false };
}

/** Lines of error output (shown red). */
export function failure(...lines: string[]): CommandResult {
  return { kind: "output", lines, isError: true };
}
