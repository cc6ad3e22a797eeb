/**
 * The session's tokens and cost, per model: every response's reported usage
 * (compaction's summaries included), priced by model-catalog.ts. `/cost`
 * reads it; a model whose price is unknown counts tokens only.
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
  readonly #byModel = new Map<string, { usage: Required<Usage>; requests: number }>();

  add(model: string, usage: Usage): void {
    const totals = this.#byModel.get(model) ?? { usage: zeroUsage(), requests: 0 };
    totals.usage = {
      input_tokens: totals.usage.input_tokens + usage.input_tokens,
      output_tokens: totals.usage.output_tokens + usage.output_tokens,
      cache_creation_input_tokens: totals.usage.cache_creation_input_tokens + (usage.cache_creation_input_tokens ?? 0),
      cache_read_input_tokens: totals.usage.cache_read_input_tokens + (usage.cache_read_input_tokens ?? 0),
    };
    totals.requests += 1;
    this.#byModel.set(model, totals);
  }

  /** Per model, in the order first used. */
  totals(): ModelTotals[] {
    return [...this.#byModel].map(([model, { usage, requests }]) => ({ model, usage: { ...usage }, requests, costUsd: costUsd(model, usage) }));
  }
}

export function zeroUsage(): Required<Usage> {
  return { input_tokens: 0, output_tokens: 0, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
}

/** `/cost`'s lines. */
export function costLines(totals: readonly ModelTotals[]): string[] {
  if (totals.length === 0) return ["No model requests yet in this session: $0.00."];
  const count = (n: number) => n.toLocaleString("en-US");
  const lines: string[] = [];
  let total = 0;
  let unknown: string[] = [];
  for (const { model, usage, requests, costUsd: cost } of totals) {
    lines.push(
      `${model} (${requests} request${requests === 1 ? "" : "s"}): ${count(usage.input_tokens)} input, ${count(usage.output_tokens)} output, ` +
        `${count(usage.cache_read_input_tokens)} cache read, ${count(usage.cache_creation_input_tokens)} cache write tokens` +
        (cost === undefined ? " — price unknown" : ` — ${dollars(cost)}`),
    );
    if (cost === undefined) unknown = [...unknown, model];
    else total += cost;
  }
  const note = unknown.length > 0 ? ` (without ${unknown.join(", ")}: no price is known for ${unknown.length === 1 ? "it" : "them"}, so only its tokens are counted)` : "";
  return [`Total cost: ${dollars(total)}${note}`, ...lines];
}

/** Dollars with cents, or more digits for a small sum. */
export function dollars(usd: number): string {
  return usd >= 0.5 || usd === 0 ? `$${usd.toFixed(2)}` : `$${usd.toFixed(4)}`;
}
