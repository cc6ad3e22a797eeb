/**
 * A foreground command's output as the Bash tool keeps it: the start and the
 * end, with a note on how much was cut between them.
 */

/** Keeps the start and the end of a long output and counts what lies between. */
export class CappedOutput {
  readonly #cap: number;
  #head = "";
  #tail = "";
  #cut = 0;
  #overflowed = false;

  constructor(cap: number) {
    this.#cap = cap;
  }

  /** Adds the next piece of output. */
  append(chunk: string): void {
    const headCap = Math.floor(this.#cap / 2);
    const tailCap = this.#cap - headCap;
    if (!this.#overflowed) {
      const all = this.#head + chunk;
      if (all.length <= this.#cap) {
        this.#head = all;
        return;
      }
      this.#overflowed = true;
      this.#head = all.slice(0, headCap);
      this.#tail = all.slice(headCap);
    } else {
      this.#tail += chunk;
    }
    if (this.#tail.length > tailCap) {
      this.#cut += this.#tail.length - tailCap;
      this.#tail = this.#tail.slice(-tailCap);
    }
  }

  /** The kept output, with a note where characters were cut. */
  text(): string {
    if (!this.#overflowed) return this.#head;
    return `${this.#head}\n\n… [${this.#cut} characters of output cut] …\n\n${this.#tail}`;
  }
}
