/**
 * What mini-cc knows of each Anthropic model: its context window, its output
 * limit and its price. One table, read by the adapter (the default max_tokens),
 * compaction (the window), `/cost` and print mode's `total_cost_usd`.
 * A model not listed here still works: its window and output limit fall back
 * to safe defaults and its cost is unknown (tokens only).
 */
import type { Usage } from "./messages.ts";

/** US dollars per million tokens. */
export interface ModelPrice {
  input: number;
  output: number;
  /** Writing the prompt cache (the 5-minute kind, the one mini-cc asks for). */
  cacheWrite: number;
  /** Reading the prompt cache. */
  cacheRead: number;
  /** A request whose prompt (input, cache read and cache write tokens) is longer than `overTokens` pays `price` on all its tokens. */
  longPrompt?: { overTokens: number; price: ModelPrice };
}

export interface ModelInfo {
  contextWindowTokens: number;
  maxOutputTokens: number;
  /** Absent when the price is not known. */
  price?: ModelPrice;
}

/** Used for a model the table does not list. */
export const UNKNOWN_MODEL: ModelInfo = { contextWindowTokens: 200_000, maxOutputTokens: 32_000 };

function price(input: number, output: number, cacheWrite: number, cacheRead: number): ModelPrice {
  return { input, output, cacheWrite, cacheRead };
}

/*
 * Prices: Anthropic's published rates per million tokens — input, output, 5-minute cache write,
 * cache read — from the pricing page (platform.claude.com/docs/en/about-claude/pricing) and each
 * model's overview page (platform.claude.com/docs/en/models/<model>/overview), as read on 2026-12-04.
 * Sonnet 5.5's cache read is the $0.10 of the 2026-10-07 cut (its overview listed $0.20 at launch).
 */
/** The window and output limit every entry is given (compaction and max_tokens follow them). */
const LIMITS = { contextWindowTokens: 200_000, maxOutputTokens: 64_000 };
/** Opus 4.5 to Opus 5. */
const OPUS = { ...LIMITS, price: price(5, 25, 6.25, 0.5) };
const SONNET_4 = { ...LIMITS, price: price(3, 15, 3.75, 0.3) };
const HAIKU_4 = { ...LIMITS, price: price(1, 5, 1.25, 0.1) };
const OPUS_5_5 = { ...LIMITS, price: price(4, 20, 5, 0.2) };
const SONNET_5 = { ...LIMITS, price: price(2, 10, 2.5, 0.2) };
const SONNET_5_5 = { ...LIMITS, price: price(2, 10, 2.5, 0.1) };
/** Haiku 5.5 costs five times as much for a request whose prompt passes 100,000 tokens. */
const HAIKU_5_5 = {
  ...LIMITS,
  price: { ...price(0.1, 0.5, 0.125, 0.01), longPrompt: { overTokens: 100_000, price: price(0.5, 2.5, 0.625, 0.05) } },
};

/** Model ids as the installed SDK's types list them (dated ids map to the same entry). */
const CATALOG: Readonly<Record<string, ModelInfo>> = {
  "claude-opus-4-5": OPUS,
  "claude-opus-4-6": OPUS,
  "claude-opus-4-7": OPUS,
  "claude-opus-4-8": OPUS,
  "claude-sonnet-4-5": SONNET_4,
  "claude-sonnet-4-6": SONNET_4,
  "claude-haiku-4-5": HAIKU_4,
  "claude-opus-5": OPUS,
  "claude-opus-5-5": OPUS_5_5,
  "claude-sonnet-5": SONNET_5,
  "claude-sonnet-5-5": SONNET_5_5,
  "claude-haiku-5-5": HAIKU_5_5,
};

/** The table's entry for a model id, a dated id (`claude-haiku-4-5-20251001`) included; undefined when unknown. */
export function knownModel(model: string): ModelInfo | undefined {
  return CATALOG[model] ?? CATALOG[model.replace(/-\d{8}$/, "")];
}

/** The table's entry, or UNKNOWN_MODEL's defaults. */
export function modelInfo(model: string): ModelInfo {
  return knownModel(model) ?? UNKNOWN_MODEL;
}

/** The cost of one response's `usage` on `model` in USD; undefined when the model's price is not known. */
export function costUsd(model: string, usage: Usage): number | undefined {
  let rates = knownModel(model)?.price;
  if (rates === undefined) return undefined;
  const cacheWrite = usage.cache_creation_input_tokens ?? 0;
  const cacheRead = usage.cache_read_input_tokens ?? 0;
  const long = rates.longPrompt;
  if (long !== undefined && usage.input_tokens + cacheWrite + cacheRead > long.overTokens) rates = long.price;
  return (
    (usage.input_tokens * rates.input +
      usage.output_tokens * rates.output +
      cacheWrite * rates.cacheWrite +
      cacheRead * rates.cacheRead) /
    1_000_000
  );
}

/**
 * Claude Code's aliases (`--model opus`, `/model haiku`, ANTHROPIC_MODEL=sonnet):
 * each is the newest of its family the table lists. Any other name is itself.
 */
export function resolveModelAlias(name: string): string {
  const family = name.trim().toLowerCase();
  if (family !== "opus" && family !== "sonnet" && family !== "haiku") return name;
  const version = (id: string) => (id.match(/\d+/g) ?? []).map(Number);
  const newer = (a: string, b: string) => {
    const [x, y] = [version(a), version(b)];
    return (x[0] ?? 0) - (y[0] ?? 0) || (x[1] ?? 0) - (y[1] ?? 0);
  };
  const ids = Object.keys(CATALOG).filter((id) => id.startsWith(`claude-${family}-`));
  return ids.reduce((best, id) => (newer(id, best) > 0 ? id : best));
}

/** Every model id the table lists. */
export function catalogModels(): string[] {
  return Object.keys(CATALOG);
}

/** The newest Sonnet the installed SDK's types list; ANTHROPIC_MODEL or --model overrides it. */
export const DEFAULT_ANTHROPIC_MODEL = "claude-sonnet-5-5";

/** One of `/model`'s choices, as Claude Code offers them. */
export interface ModelOption {
  /** What `/model NAME` takes for it. */
  readonly alias: "default" | "opus" | "sonnet" | "haiku";
  readonly label: string;
  /** One line: which model, and what it is for. */
  readonly description: string;
  /** The model id it means now. */
  readonly id: string;
}

/** Default, Opus, Sonnet and Haiku, each naming the model it means now. */
export function modelOptions(): ModelOption[] {
  const option = (alias: ModelOption["alias"], label: string, id: string, use: string): ModelOption => ({
    alias,
    label,
    description: `${displayName(id)} ${use}`,
    id,
  });
  return [
    option("default", "Default (recommended)", DEFAULT_ANTHROPIC_MODEL, "· the best balance of skill and speed"),
    option("opus", "Opus", resolveModelAlias("opus"), "· the most capable, for complex work"),
    option("sonnet", "Sonnet", resolveModelAlias("sonnet"), "· for everyday coding"),
    option("haiku", "Haiku", resolveModelAlias("haiku"), "· the fastest, for quick answers"),
  ];
}

/** The id `/model NAME` means: `default`, an alias, or an id the table lists (dated too); undefined for any other name. */
export function knownModelId(name: string): string | undefined {
  const trimmed = name.trim();
  const alias = modelOptions().find((option) => option.alias === trimmed.toLowerCase());
  if (alias) return alias.id;
  return knownModel(trimmed) ? trimmed : undefined;
}

/** `claude-opus-4-5` → `Opus 4.5`. */
function displayName(id: string): string {
  const match = /^claude-([a-z]+)-(\d+)(?:-(\d+))?/.exec(id);
  if (!match) return id;
  const [, family = "", major = "", minor] = match;
  return `${family[0]!.toUpperCase()}${family.slice(1)} ${major}${minor === undefined ? "" : `.${minor}`}`;
}
