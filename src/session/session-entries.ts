/**
 * One line of a saved session (`<home>/projects/<key>/<id>.jsonl`): the
 * header, then every change to the conversation in the order it happened.
 * Replaying the changes through the same Conversation gives the same messages,
 * so a resumed session's next request has the prefix it would have had.
 */
import type { ConversationEntry } from "../agent/conversation.ts";

/** Bumped when a line's meaning changes; older files are still read. */
export const SESSION_FORMAT_VERSION = 1;

export type { ConversationEntry } from "../agent/conversation.ts";

/** The first line: whose session this is. */
export interface SessionHeader {
  type: "session";
  version: number;
  sessionId: string;
  /** The folder the session ran in. */
  cwd: string;
  model: string;
}

/** The model chosen with /model from here on. */
export interface ModelEntry {
  type: "model";
  model: string;
}

/** Every line carries its time (ISO 8601). */
export type SessionLine = (ConversationEntry | SessionHeader | ModelEntry) & { time: string };
