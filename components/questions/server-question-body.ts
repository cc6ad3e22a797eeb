/**
 * The approval-style modals of servers' requests as body rows: a URL to
 * visit, a sampling request (system prompt, messages, max tokens, the
 * server's model hints) and the model's reply before it goes back. All of it
 * the server's or the model's text, so every row is terminal-safe.
 */
import type { SamplingReply, SamplingView } from "../../src/mcp/requests/sampling.ts";
import { terminalSafeLine } from "../../src/text/terminal-safe.ts";
import { line, type BodyLine, type BodyTone } from "../rows/body-lines.ts";

/** Columns the details are indented under the question. */
const INDENT = 2;

/** Untrusted text as rows, its own line breaks kept. */
function textLines(text: string, tone: BodyTone = "plain", indent = INDENT): BodyLine[] {
  return text.split(/\r?\n/).map((row) => line(terminalSafeLine(row), tone, indent));
}

export function urlBody(message: string, url: string): BodyLine[] {
  let host = "";
  try {
    host = new URL(url).host;
  } catch {
    // readElicitRequest let only http(s) URLs through; a host is there.
  }
  return [
    ...textLines(message),
    line(""),
    line(terminalSafeLine(url), "command", INDENT),
    line(`host: ${terminalSafeLine(host)}`, "dim", INDENT),
  ];
}

export function samplingRequestBody(request: SamplingView, modelName: string): BodyLine[] {
  const rows: BodyLine[] = [];
  if (request.systemPrompt)
    rows.push(line("System prompt", "strong", INDENT), ...textLines(request.systemPrompt, "plain", INDENT + 2));
  for (const message of request.messages)
    rows.push(line(message.role, "strong", INDENT), ...textLines(message.text, "plain", INDENT + 2));
  rows.push(line(""), line(`max tokens: ${request.maxTokens} · model: ${terminalSafeLine(modelName)}`, "dim", INDENT));
  if (request.preferences)
    rows.push(line(`the server prefers (a hint only): ${terminalSafeLine(request.preferences)}`, "dim", INDENT));
  return rows;
}

export function samplingReplyBody(reply: SamplingReply): BodyLine[] {
  return [
    ...textLines(reply.text === "" ? "(empty reply)" : reply.text),
    line(""),
    line(`model: ${terminalSafeLine(reply.model)} · stop: ${reply.stopReason}`, "dim", INDENT),
  ];
}
