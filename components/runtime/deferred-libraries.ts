/**
 * Libraries the TUI needs only once a turn runs: marked (assistant Markdown)
 * and diff (Edit/Write approvals). Loading marked alone builds dozens of
 * regular expressions, so both load after the first frame instead of before
 * it, and a turn waits for them (long done by the time a person has typed).
 * Until then the transcript shows Markdown as plain text and approvals show
 * arguments instead of a diff, so nothing breaks if they are asked for early.
 */
import type { Lexer } from "marked";
import type { structuredPatch } from "diff";

export interface DeferredLibraries {
  readonly Lexer: typeof Lexer;
  readonly structuredPatch: typeof structuredPatch;
}

let loaded: DeferredLibraries | undefined;
let loading: Promise<DeferredLibraries> | undefined;

/** Starts loading (once) and resolves when both libraries are ready. */
export function loadDeferredLibraries(): Promise<DeferredLibraries> {
  loading ??= Promise.all([import("marked"), import("diff")]).then(([marked, diff]) => {
    loaded = { Lexer: marked.Lexer, structuredPatch: diff.structuredPatch };
    return loaded;
  });
  return loading;
}

/** The libraries if they have loaded, else undefined (callers fall back to plain text). */
export function deferredLibraries(): DeferredLibraries | undefined {
  return loaded;
}
