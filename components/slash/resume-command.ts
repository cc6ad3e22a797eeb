/**
 * `/resume [ID]`: continues a saved session of this folder; without ID, a
 * picker of them (when, how many prompts, the first one).
 */
import type { SessionSummary } from "../../src/session/saved-sessions.ts";
import { terminalSafeLine } from "../../src/text/terminal-safe.ts";
import { truncateEnd } from "../../src/text/truncate-end.ts";
import type { SessionActions } from "../../src/session/runtime-api.ts";
import { failure, output, type CommandResult, type SlashCommand } from "./slash-command.ts";
import { errorText } from "../../src/errors.ts";

const SHOWN = 20;

function resume(sessions: SessionActions, id: string): CommandResult {
  try {
    return { kind: "resumed", saved: sessions.resume(id) };
  } catch (error) {
    return failure(terminalSafeLine(errorText(error)));
  }
}

/** `2 h ago · 12 prompts · fix the pagination in posts.ts` */
export function sessionLabel(session: SessionSummary, now: number): string {
  const first = truncateEnd(terminalSafeLine(session.firstPrompt), 60);
  return `${ago(now - session.modifiedMs)} · ${session.turns} prompt${session.turns === 1 ? "" : "s"} · ${first}`;
}

function ago(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  return hours < 48 ? `${hours} h ago` : `${Math.floor(hours / 24)} days ago`;
}

/** The picker of saved sessions, or a line saying there is none. */
export function resumePicker(sessions: SessionActions, now: number): CommandResult {
  const list = sessions.list().slice(0, SHOWN);
  if (list.length === 0) return output("No saved session in this folder yet.");
  return {
    kind: "pick",
    picker: {
      title: "Resume a session",
      choices: list.map((s) => ({ label: sessionLabel(s, now) })),
      pick: (index) => resume(sessions, list[index]?.id ?? ""),
    },
  };
}

export const resumeCommand: SlashCommand = {
  name: "resume",
  runs: "now",
  refusedWhileBusy: "A turn is running: /resume once it has ended (Esc interrupts it).",
  usage: ["/resume [ID]"],
  description: "Continue a saved session of this folder (a list without ID)",
  run(args, { sessions, clock }) {
    if (!sessions) return failure("This session cannot resume others.");
    const id = args.join(" ").trim();
    return id === "" ? resumePicker(sessions, clock.now()) : resume(sessions, id.toLowerCase());
  },
};
