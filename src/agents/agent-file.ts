/**
 * A subagent's Markdown file: YAML frontmatter, then the system prompt. The
 * YAML parser is loaded with this file, only when an agent file exists:
 * most sessions have none, and the first frame does not wait for it.
 */
import { parseDocument } from "yaml";
import { isJsonObject } from "../fs/json-path.ts";
import { terminalSafeLine } from "../text/terminal-safe.ts";
import { checkFields, type ParsedAgent, type ParsePlace } from "./definition.ts";

const FRONTMATTER = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n?---[ \t]*(?:\r?\n|$)/;

/** A Markdown agent file's text. */
export function parseAgentFile(text: string, place: ParsePlace & { file: string }): ParsedAgent {
  const match = FRONTMATTER.exec(text);
  if (!match) return { ok: false, error: `${place.where}:1: no frontmatter (a --- block with name and description)` };
  const yaml = match[1]!;
  const doc = parseDocument(yaml, { prettyErrors: false, uniqueKeys: true });
  const broken = doc.errors[0];
  if (broken) {
    // +1: the opening `---` is the file's first line.
    const line = (broken.linePos?.[0]?.line ?? 1) + 1;
    return { ok: false, error: `${place.where}:${line}: frontmatter is not valid YAML: ${firstLine(broken.message)}` };
  }
  const fields: unknown = doc.toJS();
  if (!isJsonObject(fields)) return { ok: false, error: `${place.where}:2: frontmatter must be key: value lines` };
  const lineOf = (key: string) => {
    const index = yaml.split(/\r?\n/).findIndex((line) => line.startsWith(`${key}:`));
    return index < 0 ? 2 : index + 2;
  };
  return checkFields(fields, text.slice(match[0].length), { ...place, lineOf });
}

function firstLine(text: string): string {
  return terminalSafeLine(text.split("\n")[0] ?? "");
}
