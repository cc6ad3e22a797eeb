/**
 * What a foreground Bash command prints, while the call waits for it: kept
 * capped for the tool's result until the call is sent to the background
 * (Ctrl+B), then written to the task's output file as it comes, after what
 * was kept so far, as a command run with `run_in_background` writes it.
 */
import { CappedOutput } from "./capped-output.ts";
import type { MovedOutput } from "./tool.ts";

export class ForegroundOutput {
  readonly #kept: CappedOutput;
  #file: MovedOutput | undefined;
  /** The command ended: its result holds the kept output, so a later move must not write it too. */
  #ended = false;
  #atLineStart = true;

  constructor(cap: number) {
    this.#kept = new CappedOutput(cap);
  }

  /** True once the output goes to a background task's file. */
  get moved(): boolean {
    return this.#file !== undefined;
  }

  append(chunk: string): void {
    if (this.#file) this.#write(chunk);
    else this.#kept.append(chunk);
  }

  /** The call went on in the background: what was kept goes to `file`, and all that follows; false once ended. */
  moveTo(file: MovedOutput): boolean {
    if (this.#ended || this.#file) return false;
    this.#file = file;
    this.#write(this.#kept.text());
    return true;
  }

  /** The command is over: from now on a move changes nothing. */
  end(): void {
    this.#ended = true;
  }

  /** The kept output, for the result of a call that stayed in the foreground. */
  text(): string {
    return this.#kept.text();
  }

  /** "\n" when the file's last line is unfinished: what goes before a line added after the output. */
  lineBreak(): string {
    return this.#atLineStart ? "" : "\n";
  }

  #write(chunk: string): void {
    if (chunk === "") return;
    this.#file!.append(chunk);
    this.#atLineStart = chunk.endsWith("\n");
  }
}
