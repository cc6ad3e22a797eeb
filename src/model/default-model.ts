/**
 * Chooses the session's model: a script when one is given, the Anthropic API
 * when a key is set, else a built-in offline model that explains how to get
 * either — so mini-cc always starts, key or not.
 */
import { MiniCcError } from "../errors.ts";
import type { Model } from "./model.ts";
import { loadModelScript, ScriptedModel } from "./scripted-model.ts";
import { resolveModelAlias } from "./model-catalog.ts";
import type { Env } from "../env.ts";

/** What the offline model answers to every prompt. */
export const OFFLINE_MODEL_TEXT =
  "No model is configured: ANTHROPIC_API_KEY is not set and no --model-script was given, " +
  "so this reply comes from mini-cc's built-in offline model. " +
  "Set ANTHROPIC_API_KEY (and optionally ANTHROPIC_MODEL or ANTHROPIC_BASE_URL) to talk to Claude, " +
  "or replay a scripted session with --model-script FILE, for example --model-script examples/ch15.json. " +
  "MCP servers, /mcp and the built-in tools work without a key.";

/** The offline model's name, as the footer shows it. */
export const OFFLINE_MODEL_NAME = "offline";

/** The TUI's first frame says this when the offline model answers: what to do, in one line. */
export const NO_MODEL_HINT = "No model configured: set ANTHROPIC_API_KEY, or try --model-script examples/ch15.json";

export interface CreateModelOptions {
  /** --model-script FILE: wins over an API key. */
  scriptPath?: string;
  /** Where ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL and ANTHROPIC_MODEL are read from. */
  env: Env;
  /** Tries after the first failure (default 10). */
  maxRetries?: number;
  /** --model: wins over ANTHROPIC_MODEL. */
  model?: string;
  /** --thinking: extended thinking with MAX_THINKING_TOKENS (default DEFAULT_THINKING_TOKENS). */
  thinking?: boolean;
  /** --include-partial-messages: the API model also yields its raw stream events. */
  rawEvents?: boolean;
  /** Scripted and offline models: longest pause between text chunks, ms (default 10; 0 for print mode or tests). */
  maxChunkDelayMs?: number;
}

/** The thinking budget of --thinking when MAX_THINKING_TOKENS does not say. */
export const DEFAULT_THINKING_TOKENS = 10_000;

/**
 * A script path → ScriptedModel; else ANTHROPIC_API_KEY → AnthropicModel; else the offline model.
 * Throws MiniCcError for a bad script or a bad number in MAX_THINKING_TOKENS, MINI_CC_STREAM_IDLE_MS.
 */
export async function createModel(options: CreateModelOptions): Promise<Model> {
  const delay = options.maxChunkDelayMs !== undefined ? { maxChunkDelayMs: options.maxChunkDelayMs } : {};
  if (options.scriptPath !== undefined) return loadModelScript(options.scriptPath, delay);
  const apiKey = nonEmpty(options.env["ANTHROPIC_API_KEY"]);
  if (apiKey !== undefined) {
    const baseURL = nonEmpty(options.env["ANTHROPIC_BASE_URL"]);
    const named = nonEmpty(options.model) ?? nonEmpty(options.env["ANTHROPIC_MODEL"]);
    const model = named === undefined ? undefined : resolveModelAlias(named);
    const thinking = thinkingBudget(options);
    const idle = whole(options.env, "MINI_CC_STREAM_IDLE_MS");
    // For tests only: backoff in milliseconds rather than seconds.
    const retryBase = whole(options.env, "MINI_CC_RETRY_BASE_MS");
    // Loaded only when used: the SDK is a large share of start-up without a key.
    const { AnthropicModel } = await import("./anthropic-model.ts");
    return new AnthropicModel({
      apiKey,
      ...(baseURL !== undefined ? { baseURL } : {}),
      ...(model !== undefined ? { model } : {}),
      ...(options.maxRetries !== undefined ? { maxRetries: options.maxRetries } : {}),
      ...(thinking !== undefined ? { thinkingBudgetTokens: thinking } : {}),
      ...(idle !== undefined ? { streamIdleMs: idle } : {}),
      ...(retryBase !== undefined ? { retryBaseDelayMs: retryBase } : {}),
      ...(options.rawEvents ? { rawEvents: true } : {}),
    });
  }
  return createOfflineModel(delay);
}

/** The no-key, no-script model: answers every request with OFFLINE_MODEL_TEXT. */
export function createOfflineModel(options: { maxChunkDelayMs?: number } = {}): ScriptedModel {
  return new ScriptedModel(
    { responses: [{ content: [{ type: "text", text: OFFLINE_MODEL_TEXT }] }] },
    { name: OFFLINE_MODEL_NAME, repeat: true, ...options },
  );
}

/** MAX_THINKING_TOKENS turns thinking on by itself (0 turns it off); --thinking uses it, or the default. */
function thinkingBudget(options: CreateModelOptions): number | undefined {
  const set = whole(options.env, "MAX_THINKING_TOKENS");
  if (set !== undefined) return set > 0 ? set : undefined;
  return options.thinking ? DEFAULT_THINKING_TOKENS : undefined;
}

/** A whole number from the environment; undefined when unset; a MiniCcError naming the variable otherwise. */
function whole(env: CreateModelOptions["env"], name: string): number | undefined {
  const value = nonEmpty(env[name]);
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new MiniCcError("usage", `${name} takes a whole number, not ${JSON.stringify(value)}`);
  return n;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === "" ? undefined : value;
}
