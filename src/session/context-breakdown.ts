/**
 * What fills the context window, for `/context`: the next request's parts
 * estimated the way compaction estimates them (about four characters a
 * token), so the figures add up to what auto-compaction compares with its
 * threshold. Deferred MCP tools are listed apart: they are not sent until loaded.
 */
import type { ModelRequest } from "../model/model.ts";

export interface ContextRow {
  readonly label: string;
  readonly tokens: number;
}

export interface ContextBreakdown {
  /** The parts sent with every request, in the order shown. */
  readonly rows: readonly ContextRow[];
  /** MCP tools sent deferred, per server: not in the total. */
  readonly deferred: readonly ContextRow[];
  readonly usedTokens: number;
  readonly windowTokens: number;
  readonly thresholdTokens: number | undefined;
}

/** `serverOf`: the MCP server of a tool name, undefined for a built-in tool. */
export function contextBreakdown(
  request: ModelRequest,
  serverOf: (toolName: string) => string | undefined,
  windowTokens: number,
  thresholdTokens: number | undefined,
): ContextBreakdown {
  const tokens = (chars: number) => Math.ceil(chars / 4);
  const sized = (part: { system?: ModelRequest["system"]; tools?: ModelRequest["tools"] }) =>
    tokens(
      (part.system ?? []).reduce((n, s) => n + s.text.length, 0) +
        (part.tools && part.tools.length > 0 ? JSON.stringify(part.tools).length : 0),
    );
  const sectionTokens = (ids: (id: string) => boolean) => sized({ system: request.system.filter((s) => ids(s.id)) });
  const rows: ContextRow[] = [
    { label: "System prompt", tokens: sectionTokens((id) => id !== "instructions" && id !== "mcp_instructions") },
    { label: "Instruction files", tokens: sectionTokens((id) => id === "instructions") },
    { label: "MCP instructions", tokens: sectionTokens((id) => id === "mcp_instructions") },
    { label: "Built-in tools", tokens: sized({ tools: request.tools.filter((t) => serverOf(t.name) === undefined) }) },
  ];
  const deferred: ContextRow[] = [];
  const servers = [...new Set(request.tools.map((t) => serverOf(t.name)).filter((s): s is string => s !== undefined))];
  for (const server of servers) {
    const tools = request.tools.filter((t) => serverOf(t.name) === server);
    const sent = tools.filter((t) => !t.defer_loading).map(({ defer_loading: _d, ...spec }) => spec);
    const held = tools.filter((t) => t.defer_loading).map(({ defer_loading: _d, ...spec }) => spec);
    if (sent.length > 0) rows.push({ label: `MCP tools: ${server} (${sent.length})`, tokens: sized({ tools: sent }) });
    if (held.length > 0)
      deferred.push({ label: `MCP tools: ${server} (${held.length} deferred)`, tokens: sized({ tools: held }) });
  }
  rows.push({
    label: "Messages",
    tokens: request.messages.length === 0 ? 0 : tokens(JSON.stringify(request.messages).length),
  });
  const usedTokens = rows.reduce((n, row) => n + row.tokens, 0);
  return {
    rows: rows.filter((row) => row.tokens > 0 || row.label === "Messages"),
    deferred,
    usedTokens,
    windowTokens,
    thresholdTokens,
  };
}

const BAR_WIDTH = 40;

/** `/context`'s lines: a bar, then each part, free space and the threshold. */
export function contextLines(breakdown: ContextBreakdown): string[] {
  const { rows, deferred, usedTokens, windowTokens, thresholdTokens } = breakdown;
  const count = (n: number) => n.toLocaleString("en-US");
  const pct = (n: number) => `${Math.round((n / windowTokens) * 100)}%`;
  const used = Math.min(BAR_WIDTH, Math.round((usedTokens / windowTokens) * BAR_WIDTH));
  const mark =
    thresholdTokens === undefined
      ? -1
      : Math.min(BAR_WIDTH - 1, Math.round((thresholdTokens / windowTokens) * BAR_WIDTH));
  const bar = Array.from({ length: BAR_WIDTH }, (_, i) => (i < used ? "█" : i === mark ? "│" : "░")).join("");
  const free = Math.max(0, windowTokens - usedTokens);
  const all = [...rows, { label: "Free", tokens: free }, ...deferred];
  const width = Math.max(...all.map((row) => row.label.length));
  const row = (r: ContextRow, note = "") =>
    `  ${r.label.padEnd(width)}  ${count(r.tokens).padStart(9)}  ${pct(r.tokens).padStart(4)}${note}`;
  return [
    `Context: ${count(usedTokens)} of ${count(windowTokens)} tokens (${pct(usedTokens)}), estimated at about 4 characters a token`,
    `  ${bar}`,
    ...rows.map((r) => row(r)),
    row({ label: "Free", tokens: free }),
    ...deferred.map((r) => row(r, "  not sent until loaded (ToolSearch)")),
    thresholdTokens === undefined
      ? "Auto-compact: off (MINI_CC_AUTOCOMPACT_PCT=0)"
      : `Auto-compact at ${count(thresholdTokens)} tokens (${pct(thresholdTokens)}); ${count(Math.max(0, thresholdTokens - usedTokens))} to go`,
  ];
}
