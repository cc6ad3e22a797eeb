/**
 * Warnings for the top of the transcript, from before the UI exists (config
 * problems) and after (a corrupt home file found while servers connect): the
 * session's `warn` pushes here, and once the UI follows the feed each notice
 * goes straight to it. Nothing said is lost, nothing is said twice.
 */
export class NoticeFeed {
  #waiting: string[] = [];
  #follower: ((text: string) => void) | undefined;

  /** Arrow-function field: handed around as a plain `warn`. */
  readonly push = (text: string): void => {
    if (this.#follower) this.#follower(text);
    else this.#waiting.push(text);
  };

  /** Puts a notice before the ones waiting (the no-model hint goes first). */
  unshift(text: string): void {
    if (this.#follower) this.#follower(text);
    else this.#waiting.unshift(text);
  }

  /** Hands over what waited, then every later notice as it comes; the returned function stops it. */
  follow(follower: (text: string) => void): () => void {
    const waiting = this.#waiting;
    this.#waiting = [];
    this.#follower = follower;
    for (const text of waiting) follower(text);
    return () => {
      if (this.#follower === follower) this.#follower = undefined;
    };
  }
}
