/**
 * Reads a Messages API response body (text/event-stream) a network chunk at
 * a time and hands back the events that chunk completed, parsed. The SDK's
 * own stream yields each event through two async generators; reading by
 * chunk costs the adapter one await per chunk instead (bench/model-stream-overhead.ts).
 * Follows the SDK's rules: events without an `event:` field and `ping`s are
 * skipped, an `error` event throws the SDK's APIError (so retries sort it the same way).
 */
import { APIError } from "@anthropic-ai/sdk";
import type { RawMessageStreamEvent } from "@anthropic-ai/sdk/resources/messages";

type ErrorType = ConstructorParameters<typeof APIError>[4];

export class SseReader {
  readonly #reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  readonly #headers: Headers;
  readonly #decoder = new TextDecoder();
  #buffer = "";
  #done = false;

  constructor(response: Response) {
    this.#reader = response.body?.getReader();
    this.#headers = response.headers;
  }

  /** The events the next chunk completed (possibly none); undefined once the body has ended. Throws when the body breaks off. */
  async next(): Promise<RawMessageStreamEvent[] | undefined> {
    if (this.#done || this.#reader === undefined) return undefined;
    const { done, value } = await this.#reader.read();
    if (done) {
      this.#done = true;
      this.#buffer += this.#decoder.decode();
      // A last event without its blank line still counts.
      const rest = this.#buffer.trim() === "" ? [] : this.#parse(`${this.#buffer}\n\n`);
      this.#buffer = "";
      return rest;
    }
    this.#buffer += this.#decoder.decode(value, { stream: true });
    return this.#parse(this.#buffer);
  }

  /** Lets the connection go when the reader stops early (an abort, a stall). */
  cancel(): void {
    if (this.#done) return;
    this.#done = true;
    this.#reader?.cancel().catch(() => {});
  }

  #parse(text: string): RawMessageStreamEvent[] {
    // A lone \r at the end stays until its \n arrives.
    const normal = text.includes("\r") ? text.replace(/\r\n/g, "\n") : text;
    const events: RawMessageStreamEvent[] = [];
    let start = 0;
    for (let end = normal.indexOf("\n\n", start); end >= 0; end = normal.indexOf("\n\n", start)) {
      const event = this.#event(normal.slice(start, end));
      if (event !== undefined) events.push(event);
      start = end + 2;
    }
    this.#buffer = normal.slice(start);
    return events;
  }

  #event(block: string): RawMessageStreamEvent | undefined {
    let name: string | undefined;
    let data: string | undefined;
    for (const line of block.split("\n")) {
      if (line === "" || line.startsWith(":")) continue;
      const colon = line.indexOf(":");
      const field = colon < 0 ? line : line.slice(0, colon);
      let value = colon < 0 ? "" : line.slice(colon + 1);
      if (value.startsWith(" ")) value = value.slice(1);
      if (field === "event") name = value;
      else if (field === "data") data = data === undefined ? value : `${data}\n${value}`;
    }
    if (name === undefined || name === "ping" || data === undefined) return undefined;
    if (name === "error") {
      let body: unknown = data;
      try {
        body = JSON.parse(data);
      } catch {
        // kept as text
      }
      const type = (body as { error?: { type?: ErrorType } } | undefined)?.error?.type;
      throw new APIError(undefined, body as object, undefined, this.#headers, type);
    }
    return JSON.parse(data) as RawMessageStreamEvent;
  }
}
