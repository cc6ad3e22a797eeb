/**
 * Server prompts as slash commands: `/mcp__<server>__<prompt> a b` or
 * `name=value` arguments; the prompt's messages become the user's turn. The
 * same in the TUI and in print mode (`-p "/mcp__srv__prompt a b"`).
 */
import type { GetPromptResult } from "@modelcontextprotocol/client";
import { isUserContent, type ImageBlock, type TextBlock } from "../../model/messages.ts";
import { convertToolResult, maxOutputChars } from "../tools/content.ts";
import { failureReason, type Settled, type RequestOutcome, type RoutedOutcome } from "../connection/call-outcome.ts";
import type { McpPromptInfo, McpSnapshot } from "../state/server-state.ts";
import { conversationServers } from "../state/snapshot-views.ts";

import type { Env } from "../../env.ts";

/** `mcp__<server>__<prompt>`, named like tools (no 64-character cut: a command may be long). */
export function promptCommandName(server: string, prompt: string): string {
  return `mcp__${server}__${prompt}`.replace(/[^A-Za-z0-9_-]/g, "_");
}

export const isPromptCommand = (name: string): boolean => name.toLowerCase().startsWith("mcp__");

/** A prompt offered as a command. */
export interface PromptCommand {
  readonly command: string;
  readonly server: string;
  readonly prompt: McpPromptInfo;
}

/** Every connected (or cached: it connects on use) server's prompts, in declaration order. */
export function promptCommands(snapshot: McpSnapshot): PromptCommand[] {
  return conversationServers(snapshot).flatMap((view) =>
    view.state.status === "connected" || view.state.status === "cached"
      ? (view.state.prompts ?? []).map((prompt) => ({
          command: promptCommandName(view.name, prompt.name),
          server: view.name,
          prompt,
        }))
      : [],
  );
}

/** `/mcp__srv__weather <city> [units]` */
export function promptUsage(command: PromptCommand): string {
  const args = command.prompt.arguments.map((arg) => (arg.required ? `<${arg.name}>` : `[${arg.name}]`));
  return [`/${command.command}`, ...args].join(" ");
}

/** Splits on spaces as a shell does: "double" or 'single' quotes keep spaces inside a word (`city="San Antonio"`). */
export function splitArguments(text: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  let quote: string | undefined;
  for (const char of text) {
    if (quote !== undefined) {
      if (char === quote) quote = undefined;
      else word += char;
    } else if (char === '"' || char === "'") {
      quote = char;
      word ??= "";
    } else if (/\s/.test(char)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else {
      word = (word ?? "") + char;
    }
  }
  if (word !== undefined) words.push(word);
  return words;
}

/** The typed words as the prompt's arguments: `name=value` for a declared name, else the next positional one. */
export function promptArguments(
  prompt: McpPromptInfo,
  words: readonly string[],
): { args: Record<string, string> } | { error: string } {
  const declared = prompt.arguments.map((arg) => arg.name);
  const args: Record<string, string> = {};
  const positional: string[] = [];
  for (const word of words) {
    const named = /^([^=\s]+)=(.*)$/s.exec(word);
    if (named && declared.includes(named[1] as string)) args[named[1] as string] = named[2] as string;
    else positional.push(word);
  }
  const open = declared.filter((name) => !(name in args));
  if (positional.length > open.length) {
    // The rest joins the last open argument: `/mcp__s__ask what is this` passes one question.
    const last = open.at(-1);
    if (last === undefined) return { error: `takes no more arguments (got ${positional.length} extra)` };
    positional.splice(open.length - 1, positional.length, positional.slice(open.length - 1).join(" "));
  }
  for (const [i, value] of positional.entries()) args[open[i] as string] = value;
  const missing = prompt.arguments.filter((arg) => arg.required && !(arg.name in args)).map((arg) => arg.name);
  if (missing.length > 0)
    return { error: `missing required argument${missing.length === 1 ? "" : "s"}: ${missing.join(", ")}` };
  return { args };
}

/** The one request expanding makes of a server's session. */
interface PromptGetter {
  getPrompt(
    name: string,
    args: Record<string, string>,
    limits: Settled<"timeoutMs">,
  ): Promise<RequestOutcome<GetPromptResult>>;
}

/** What expanding needs: the snapshot, and a request on a server's live session (or why there is none). */
export interface PromptSource {
  getSnapshot(): McpSnapshot;
  request<T>(
    server: string,
    method: string,
    run: (connection: PromptGetter, limits: Settled<"timeoutMs">) => Promise<RequestOutcome<T>>,
    signal?: AbortSignal,
  ): Promise<RoutedOutcome<T>>;
}

/** The prompt's messages as the blocks of one user turn; an assistant message is marked as such. */
export function promptBlocks(result: GetPromptResult, maxChars: number): Array<TextBlock | ImageBlock> {
  const blocks: Array<TextBlock | ImageBlock> = [];
  for (const message of result.messages) {
    const converted = convertToolResult({ content: [message.content] }, maxChars).content;
    const list = typeof converted === "string" ? [{ type: "text" as const, text: converted }] : converted;
    if (message.role === "assistant") blocks.push({ type: "text", text: "(The prompt's assistant message:)" });
    blocks.push(...list.filter(isUserContent));
  }
  return blocks.length > 0 ? blocks : [{ type: "text", text: "(the prompt has no messages)" }];
}

/**
 * `/mcp__srv__prompt a b` as the user turn's blocks, or a one-line error
 * (unknown prompt, usage, the server's failure). `undefined` when `line` is
 * not a prompt command at all.
 */
export async function expandPromptCommand(
  line: string,
  source: PromptSource,
  env: Env,
  signal?: AbortSignal,
): Promise<{ blocks: Array<TextBlock | ImageBlock> } | { error: string } | undefined> {
  const match = /^\/(\S+)\s*([\s\S]*)$/.exec(line.trim());
  if (!match || !isPromptCommand(match[1] as string)) return undefined;
  const typed = (match[1] as string).toLowerCase();
  const command = promptCommands(source.getSnapshot()).find((c) => c.command.toLowerCase() === typed);
  if (!command)
    return {
      error: `Unknown command /${match[1]}: no connected MCP server offers that prompt. Type /help for the list.`,
    };
  const parsed = promptArguments(command.prompt, splitArguments(match[2] as string));
  if ("error" in parsed) return { error: `/${command.command}: ${parsed.error}. Usage: ${promptUsage(command)}` };
  const got = await source.request(
    command.server,
    "prompts/get",
    (connection, limits) => connection.getPrompt(command.prompt.name, parsed.args, limits),
    signal,
  );
  if (got.kind === "result") return { blocks: promptBlocks(got.result, maxOutputChars(env)) };
  if (got.kind === "unavailable") return { error: `/${command.command}: ${got.why}` };
  return { error: `/${command.command} failed: ${failureReason(got)}` };
}
