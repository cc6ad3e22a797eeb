/**
 * A chunk of typed keys cut where a Tab is: Tab moves the keyboard (prompt ⇄
 * MCP panel), so what follows it belongs to wherever it moved it. A chunk
 * with a line break before its end is pasted text (a terminal without
 * bracketed paste): its Tabs stay text. Pure.
 */
import type { Key } from "ink";

export interface KeyPiece {
  readonly input: string;
  readonly key: Key;
}

/** The pieces of one chunk, in order; the chunk itself when there is nothing to cut. */
export function splitTypedChunk(input: string, key: Key): readonly KeyPiece[] {
  if (input.length < 2 || !input.includes("\t") || /[\r\n]/.test(input.slice(0, -1))) return [{ input, key }];
  const plain: Key = { ...key, tab: false, return: false };
  return input
    .split(/(\t)/)
    .filter((piece) => piece !== "")
    .map((piece) => {
      if (piece === "\t") return { input: "", key: { ...plain, tab: true } };
      if (piece === "\r" || piece === "\n") return { input: "", key: { ...plain, return: true } };
      return { input: piece, key: plain };
    });
}
