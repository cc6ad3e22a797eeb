/**
 * The session as it is saved and counted: which file it goes to (switched by
 * /resume), the log that writes it, and its usage for `/cost`. The runtime
 * hands the agent `record` and passes every event through `observe`.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { AgentEvent } from "../agent/events.ts";
import { usageError } from "../errors.ts";
import type { ResumeChoice } from "./run-options.ts";
import {
  findSessionFile,
  latestSessionFile,
  projectSessionsDir,
  readSavedSession,
  type SavedSession,
} from "./saved-sessions.ts";
import type { ConversationEntry, ModelEntry } from "./session-entries.ts";
import { SessionLog } from "./session-log.ts";
import { SessionUsage } from "./session-usage.ts";
import { savedSubagentReply, subagentReply } from "../agents/subagent-usage.ts";

export interface SessionRecorderOptions {
  projectsRoot: string;
  cwd: string;
  sessionId: string;
  /** The model's name now: the header's, and the one each response is counted under. */
  model: () => string;
  warn: (message: string) => void;
}

export class SessionRecorder {
  readonly #options: SessionRecorderOptions;
  #id: string;
  #log: SessionLog;
  #usage = new SessionUsage();
  #subagentUsage = new SessionUsage();
  /** Continuing a saved session's file (which exists, whatever this run writes). */
  #resumed = false;
  /** A resumed session whose responses are not counted yet: counted when /cost first asks (reading them all). */
  #uncounted: SavedSession | undefined;

  constructor(options: SessionRecorderOptions) {
    this.#options = options;
    this.#id = options.sessionId;
    this.#log = this.#logAt(join(projectSessionsDir(options.projectsRoot, options.cwd), `${options.sessionId}.jsonl`));
  }

  get id(): string {
    return this.#id;
  }

  /** The file the session is saved to (a hook's transcript_path). */
  get file(): string {
    return this.#log.file;
  }

  /** The main conversation's usage (`/cost`). */
  get usage(): SessionUsage {
    this.#countSaved();
    return this.#usage;
  }

  /** The subagents' usage, counted apart. */
  get subagentUsage(): SessionUsage {
    this.#countSaved();
    return this.#subagentUsage;
  }

  #countSaved(): void {
    const saved = this.#uncounted;
    this.#uncounted = undefined;
    if (!saved) return;
    for (const entry of saved.entries) {
      if (entry.type === "assistant" && entry.usage) this.#usage.add(entry.model, entry.usage);
      const sub = savedSubagentReply(entry);
      if (sub) this.#subagentUsage.add(sub.model ?? "unknown", sub.usage);
    }
  }

  /** Whether the session has been written, this run or before it was resumed (so there is something to resume). */
  get saved(): boolean {
    return this.#resumed || this.#log.started;
  }

  readonly record = (entry: ConversationEntry | ModelEntry): void => {
    this.#log.append(entry);
  };

  /** Counts a response's usage under the model that gave it. */
  observe(event: AgentEvent): void {
    if (event.type === "assistant" || event.type === "compaction") this.usage.add(this.#options.model(), event.usage);
    const sub = subagentReply(event);
    if (sub) this.subagentUsage.add(sub.model ?? this.#options.model(), sub.usage);
  }

  /** The end of a turn: what it wrote reaches the disk. */
  endTurn(): void {
    this.#log.sync();
  }

  /** Goes on writing `saved`'s file, under its id; its responses count toward /cost. */
  continueIn(saved: SavedSession): void {
    this.#log.close();
    this.#id = saved.id;
    this.#resumed = true;
    this.#log = this.#logAt(saved.file);
    this.#usage = new SessionUsage();
    this.#subagentUsage = new SessionUsage();
    this.#uncounted = saved;
  }

  close(): void {
    this.#log.close();
  }

  #logAt(file: string): SessionLog {
    const { cwd, model, warn } = this.#options;
    return new SessionLog({ file, sessionId: this.#id, cwd, model, warn: (message) => warn(message) });
  }
}

/**
 * The saved session `choice` names, read; a usage error when there is none.
 * A session started in another folder, or in one that is gone, says so.
 */
export function openSavedSession(
  projectsRoot: string,
  cwd: string,
  choice: Exclude<ResumeChoice, { kind: "pick" }>,
  warn: (message: string) => void,
): SavedSession {
  let file: string | undefined;
  let id: string;
  if (choice.kind === "latest") {
    const latest = latestSessionFile(projectsRoot, cwd);
    if (!latest)
      throw usageError(
        `--continue: no saved session for ${cwd} (sessions are saved in ${projectSessionsDir(projectsRoot, cwd)})`,
      );
    ({ file, id } = latest);
  } else {
    id = choice.id;
    file = findSessionFile(projectsRoot, cwd, id);
    if (!file) throw usageError(`--resume: no saved session ${id}`);
  }
  return readChecked(file, id, cwd, warn);
}

/** Reads a saved session, saying what a user should know about it. */
export function readChecked(file: string, id: string, cwd: string, warn: (message: string) => void): SavedSession {
  const saved = readSavedSession(file, id);
  if (saved.skippedLines > 0) {
    const n = saved.skippedLines;
    warn(`session ${id}: ${n} unreadable line${n === 1 ? "" : "s"} skipped (cut short when mini-cc was stopped)`);
  }
  const from = saved.header?.cwd;
  if (from !== undefined && from !== cwd) {
    warn(
      existsSync(from)
        ? `session ${id} was started in ${from}; it continues here, in ${cwd}`
        : `session ${id} was started in ${from}, which no longer exists (moved or deleted); it continues here, in ${cwd}`,
    );
  }
  return saved;
}
