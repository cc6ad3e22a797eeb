/**
 * Adds and removes permission rules in a settings file, as "Yes, and don't
 * ask again" and `/permissions` do: re-read under a lock and written
 * atomically. Only the edited array changes: every other byte of the file
 * (one-line arrays, tabs, CRLF, a trailing newline or none) stays as the
 * user wrote it (json-text-edit.ts); a file that is not valid JSON is never
 * overwritten.
 */
import { mkdir } from "node:fs/promises";
import { dirname } from "node:path";
import { formatSyntaxProblem, updateJsonFileAtomic, type JsonReadResult } from "../fs/json-file.ts";
import { DEFAULT_JSON_STYLE, detectJsonStyle, formatJson, type JsonStyle } from "../fs/json-style.ts";
import { MiniCcError } from "../errors.ts";
import { appendItem, appendMember, memberContainer, removeItem, rootContainer } from "./json-text-edit.ts";
import type { RuleBehavior } from "./settings-file.ts";

/** Adds `rule` to `permissions.<behavior>` of the file (created if missing); false when it was there already. */
export async function addSettingsRule(file: string, behavior: RuleBehavior, rule: string): Promise<boolean> {
  await mkdir(dirname(file), { recursive: true });
  return updateJsonFileAtomic(file, (current) => {
    const { doc, style } = parsed(file, current);
    const list = ruleList(file, doc, behavior, true)!;
    if (list.includes(rule)) return { text: null, result: false };
    list.push(rule);
    if (current.kind !== "ok") return { text: formatJson(doc, style), result: true };
    return { text: withRule(current.text, behavior, rule, style), result: true };
  });
}

/** The file's text with `rule` added, nothing else touched. */
function withRule(text: string, behavior: RuleBehavior, rule: string, style: JsonStyle): string {
  const root = rootContainer(text);
  // An empty file object has nothing to keep but its end: laid out afresh.
  if (root.members.length === 0) {
    const tail = text.slice(root.end);
    return formatJson({ permissions: { [behavior]: [rule] } }, style).slice(0, -style.newline.length) + tail;
  }
  const permissions = memberContainer(text, root, "permissions");
  if (!permissions) return appendMember(text, root, "permissions", { [behavior]: [rule] }, style);
  const list = memberContainer(text, permissions, behavior);
  if (!list) return appendMember(text, permissions, behavior, [rule], style);
  return appendItem(text, list, rule, style);
}

/** Removes `rule` from `permissions.<behavior>`; false when the file did not have it. */
export async function removeSettingsRule(file: string, behavior: RuleBehavior, rule: string): Promise<boolean> {
  return updateJsonFileAtomic(file, (current) => {
    if (current.kind !== "ok") {
      if (current.kind === "missing") return { text: null, result: false };
      parsed(file, current);
      return { text: null, result: false };
    }
    const { doc } = parsed(file, current);
    const at = ruleList(file, doc, behavior, false)?.indexOf(rule) ?? -1;
    if (at === -1) return { text: null, result: false };
    const list = memberContainer(
      current.text,
      memberContainer(current.text, rootContainer(current.text), "permissions")!,
      behavior,
    )!;
    return { text: removeItem(current.text, list, at), result: true };
  });
}

function parsed(file: string, read: JsonReadResult): { doc: Record<string, unknown>; style: JsonStyle } {
  if (read.kind === "missing") return { doc: {}, style: DEFAULT_JSON_STYLE };
  if (read.kind === "unreadable")
    throw new MiniCcError("unreadable", `${file}: cannot read (${read.message})`, { file });
  if (read.kind === "invalid")
    throw new MiniCcError("invalid-json", `${formatSyntaxProblem(file, read)}; not changed`, { file });
  if (!isObject(read.value))
    throw new MiniCcError("invalid-shape", `${file}: expected an object; not changed`, { file });
  return { doc: read.value, style: detectJsonStyle(read.text) };
}

function ruleList(
  file: string,
  doc: Record<string, unknown>,
  behavior: RuleBehavior,
  create: boolean,
): unknown[] | undefined {
  let permissions = doc["permissions"];
  if (permissions === undefined && create) permissions = doc["permissions"] = {};
  if (permissions === undefined) return undefined;
  if (!isObject(permissions))
    throw new MiniCcError("invalid-shape", `${file}: permissions: expected an object; not changed`, { file });
  let list = permissions[behavior];
  if (list === undefined && create) list = permissions[behavior] = [];
  if (list === undefined) return undefined;
  if (!Array.isArray(list))
    throw new MiniCcError("invalid-shape", `${file}: permissions.${behavior}: expected an array; not changed`, {
      file,
    });
  return list;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
