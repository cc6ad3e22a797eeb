/**
 * The session's tokens and cost, per model: every response's reported usage
 * (compaction's summaries included), priced by model-catalog.ts. `/cost`
 * reads it; a model whose price is unknown counts tokens, and its cost reads unknown.
 */
import type { Usage } from "../model/messages.ts";
import { costUsd } from "../model/model-catalog.ts";

export interface ModelTotals {
  readonly model: string;
  readonly usage: Required<Usage>;
  readonly requests: number;
  /** Undefined when the model's price is not known. */
  readonly costUsd: number | undefined;
}

export class SessionUsage {
  readonly #byModel = new Map<string, { usage: Required<Usage>; requests: number; costUsd: number | undefined }>();

  add(model: string, usage: Usage): void {
    const totals = this.#byModel.get(model) ?? { usage: zeroUsage(), requests: 0, costUsd: 0 };
    totals.usage = {
      input_tokens: totals.usage.input_tokens + usage.input_tokens,
      output_tokens: totals.usage.output_tokens + usage.output_tokens,
      cache_creation_input_tokens: totals.usage.cache_creation_input_tokens + (usage.cache_creation_input_tokens ?? 0),
      cache_read_input_tokens: totals.usage.cache_read_input_tokens + (usage.cache_read_input_tokens ?? 0),
    };
    totals.requests += 1;
    // Priced response by response: a price may depend on one request's prompt length.
    const cost = costUsd(model, usage);
    totals.costUsd = totals.costUsd === undefined || cost === undefined ? undefined : totals.costUsd + cost;
    this.#byModel.set(model, totals);
  }

  /** Per model, in the order first used. */
  totals(): ModelTotals[] {
    return [...this.#byModel].map(([model, totals]) => ({ ...totals, model, usage: { ...totals.usage } }));
  }
}

export function zeroUsage(): Required<Usage> {
  return { input_tokens: 0, output_tokens: 0, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
}

/**
 * `/cost`'s lines: a model without a known price says so, and so does the total; never $0 for it.
 * Subagents' requests (their own conversations) are listed apart, and counted in the total.
 */
export function costLines(totals: readonly ModelTotals[], subagents: readonly ModelTotals[] = []): string[] {
  if (totals.length === 0 && subagents.length === 0) return ["No model requests yet in this session: $0.00."];
  const all = [...totals, ...subagents];
  const unpriced = [...new Set(all.filter((t) => t.costUsd === undefined).map((t) => t.model))];
  const priced = all.reduce((sum, t) => sum + (t.costUsd ?? 0), 0);
  const others =
    unpriced.length > 0 && all.some((t) => t.costUsd !== undefined) ? `; ${dollars(priced)} for the other models` : "";
  const total = `Total cost: ${unpriced.length > 0 ? `${unknownCost(unpriced)}${others}` : dollars(priced)}`;
  const apart =
    subagents.length === 0
      ? []
      : ["Subagents (their own conversations, counted apart):", ...subagents.map((t) => `  ${modelLine(t)}`)];
  return [total, ...totals.map(modelLine), ...apart];
}

function modelLine({ model, usage, requests, costUsd: cost }: ModelTotals): string {
  const count = (n: number) => n.toLocaleString("en-US");
  return (
    `${model} (${requests} request${requests === 1 ? "" : "s"}): ${count(usage.input_tokens)} input, ${count(usage.output_tokens)} output, ` +
    `${count(usage.cache_read_input_tokens)} cache read, ${count(usage.cache_creation_input_tokens)} cache write tokens — ` +
    (cost === undefined ? unknownCost([model]) : dollars(cost))
  );
}

/** What stands where a price is not known. */
function unknownCost(models: readonly string[]): string {
  return `unknown (no price for ${models.join(", ")})`;
}

/** Dollars with cents, or more digits for a small sum. */
export function dollars(usd: number): string {
  return usd >= 0.5 || usd === 0 ? `$${usd.toFixed(2)}` : `$${usd.toFixed(4)}`;
}

/** `/context`'s word on subagents: their requests ran in their own contexts, none of it in this one. */
export function subagentContextLines(subagents: readonly ModelTotals[]): string[] {
  if (subagents.length === 0) return [];
  const requests = subagents.reduce((n, t) => n + t.requests, 0);
  const tokens = subagents.reduce((n, t) => n + t.usage.input_tokens + t.usage.output_tokens, 0);
  return [
    `Subagents: ${requests} request${requests === 1 ? "" : "s"}, ${tokens.toLocaleString("en-US")} tokens in their own contexts (not in this one; only their final messages are).`,
  ];
}
