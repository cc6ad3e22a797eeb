/**
 * The session's hooks: which apply to an event, run in parallel with their
 * timeouts, each given Claude Code's JSON on stdin and CLAUDE_PROJECT_DIR, and
 * their results made one. Which hooks may run (trust, disableAllHooks,
 * managed policy) is decided by the settings; this only runs what it is given.
 */
import type { Env } from "../env.ts";
import { childEnvironment } from "../sandbox/child-env.ts";
import type { HookCommand, HookEvent } from "./hook-config.ts";
import { runHookProcess } from "./hook-process.ts";
import { combineResults, hookResult, NO_RESULT, type HookResult } from "./hook-outcome.ts";
import { matcherCovers } from "./matcher.ts";

/** Events whose matcher is tested (against the tool's name, the start's source, the compaction's trigger…); the others run every hook. */
const MATCHED: ReadonlySet<HookEvent> = new Set([
  "PreToolUse",
  "PostToolUse",
  "SessionStart",
  "PreCompact",
  "Notification",
  "SessionEnd",
]);

export interface HooksOptions {
  /** The hooks allowed to run now (read at each event: an approval during the session counts at once). */
  readonly hooks: () => readonly HookCommand[];
  readonly cwd: string;
  /** The environment hooks start from (mini-cc's credentials are taken out). */
  readonly env: Env;
  readonly sessionId: () => string;
  /** The saved session's file, for `transcript_path`. */
  readonly transcriptPath: () => string;
  readonly permissionMode: () => string;
}

export class Hooks {
  readonly #options: HooksOptions;
  #context: string[] = [];
  #notes: string[] = [];
  /** SessionStart while it runs: the first prompt waits for its context. */
  #starting: Promise<void> = Promise.resolve();

  constructor(options: HooksOptions) {
    this.#options = options;
  }

  /** Whether any hook would run for `event`: the one check made when none is configured. */
  has(event: HookEvent): boolean {
    return this.#options.hooks().some((hook) => hook.event === event);
  }

  /** Runs `event`'s hooks that match `subject`, in parallel; never throws. */
  async run(event: HookEvent, fields: Readonly<Record<string, unknown>>, subject?: string): Promise<HookResult> {
    const matching = this.#matching(event, subject);
    if (matching.length === 0) return NO_RESULT;
    const { cwd, env } = this.#options;
    const stdin = JSON.stringify({
      session_id: this.#options.sessionId(),
      transcript_path: this.#options.transcriptPath(),
      cwd,
      permission_mode: this.#options.permissionMode(),
      hook_event_name: event,
      ...fields,
    });
    const hookEnv = childEnvironment(env, { CLAUDE_PROJECT_DIR: cwd });
    const results = await Promise.all(
      matching.map(async (hook) =>
        hookResult(
          hook,
          await runHookProcess({ command: hook.command, stdin, cwd, env: hookEnv, timeoutMs: hook.timeoutS * 1000 }),
        ),
      ),
    );
    return combineResults(results);
  }

  /** Context for the model's next prompt (SessionStart's), kept until then. */
  addContext(text: string): void {
    this.#context.push(text);
  }

  /** Runs `start` (SessionStart) now; the next prompt's context waits for it. */
  starting(start: () => Promise<void>): void {
    this.#starting = this.#starting.then(start);
  }

  /** A note from hooks run outside a turn (after /clear), shown with the next one. */
  keepNote(text: string): void {
    this.#notes.push(text);
  }

  /** The context kept for the next prompt and the notes kept to show, handed over once (after SessionStart has run). */
  async takeKept(): Promise<{ context: string[]; notes: string[] }> {
    await this.#starting;
    const taken = { context: this.#context, notes: this.#notes };
    this.#context = [];
    this.#notes = [];
    return taken;
  }

  /** The same command declared twice (in two files) runs once, as in Claude Code. */
  #matching(event: HookEvent, subject: string | undefined): HookCommand[] {
    const seen = new Set<string>();
    return this.#options.hooks().filter((hook) => {
      if (hook.event !== event || seen.has(hook.command)) return false;
      if (MATCHED.has(event) && subject !== undefined && !matcherCovers(hook.matcher, subject)) return false;
      seen.add(hook.command);
      return true;
    });
  }
}
