/**
 * Chooses the session's model: a script when one is given, the Anthropic API
 * when a key is set, else a built-in offline model that explains how to get
 * either — so mini-cc always starts, key or not.
 */
import type { Model } from "./model.ts";
import { loadModelScript, ScriptedModel } from "./scripted-model.ts";
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
export const NO_MODEL_HINT =
  "No model configured: set ANTHROPIC_API_KEY, or try --model-script examples/ch15.json";

export interface CreateModelOptions {
  /** --model-script FILE: wins over an API key. */
  scriptPath?: string;
  /** Where ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL and ANTHROPIC_MODEL are read from. */
  env: Env;
  /** Passed to the SDK (its default is 2). */
  maxRetries?: number;
  /** Scripted and offline models: longest pause between text chunks, ms (default 10; 0 for print mode or tests). */
  maxChunkDelayMs?: number;
}

/** A script path → ScriptedModel; else ANTHROPIC_API_KEY → AnthropicModel; else the offline model. Throws MiniCcError for a bad script. */
export async function createModel(options: CreateModelOptions): Promise<Model> {
  const delay = options.maxChunkDelayMs !== undefined ? { maxChunkDelayMs: options.maxChunkDelayMs } : {};
  if (options.scriptPath !== undefined) return loadModelScript(options.scriptPath, delay);
  const apiKey = nonEmpty(options.env["ANTHROPIC_API_KEY"]);
  if (apiKey !== undefined) {
    const baseURL = nonEmpty(options.env["ANTHROPIC_BASE_URL"]);
    const model = nonEmpty(options.env["ANTHROPIC_MODEL"]);
    // Loaded only when used: the SDK is a large share of start-up without a key.
    const { AnthropicModel } = await import("./anthropic-model.ts");
    return new AnthropicModel({
      apiKey,
      ...(baseURL !== undefined ? { baseURL } : {}),
      ...(model !== undefined ? { model } : {}),
      ...(options.maxRetries !== undefined ? { maxRetries: options.maxRetries } : {}),
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

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === "" ? undefined : value;
}
