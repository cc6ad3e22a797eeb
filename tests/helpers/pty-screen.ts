/**
 * A program on a real pseudo-terminal, read back as the screen a person sees
 * (node-pty for the terminal, xterm's headless emulator for the screen).
 */
import pty from "@lydell/node-pty";
import xterm from "@xterm/headless";

export interface PtyScreenOptions {
  readonly cols: number;
  readonly rows: number;
  readonly cwd: string;
  readonly env?: Record<string, string | undefined>;
}

/** The environment for the child: CI unset, since Ink renders only the last frame when it is set. */
export function interactiveEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined && key !== "CI") env[key] = value;
  return { ...env, TERM: "xterm-256color", ...extra };
}

export class PtyScreen {
  readonly #pty: pty.IPty;
  readonly #term: xterm.Terminal;
  readonly exited: Promise<number>;
  readonly #size: { cols: number; rows: number };
  #output = "";
  /** What the program wrote, read by read: replayed to find an early frame. */
  readonly #reads: string[] = [];

  constructor(command: string, args: readonly string[], options: PtyScreenOptions) {
    this.#term = new xterm.Terminal({ cols: options.cols, rows: options.rows, allowProposedApi: true });
    this.#pty = pty.spawn(command, [...args], {
      cols: options.cols,
      rows: options.rows,
      cwd: options.cwd,
      env: (options.env ?? interactiveEnv()) as Record<string, string>,
    });
    this.#size = { cols: options.cols, rows: options.rows };
    this.#pty.onData((data) => {
      this.#output += data;
      this.#reads.push(data);
      this.#term.write(data);
    });
    this.exited = new Promise((resolve) => this.#pty.onExit(({ exitCode }) => resolve(exitCode)));
  }

  /** The visible screen, one string per row, trailing spaces removed. */
  text(): string {
    return screenText(this.#term);
  }

  /**
   * The screen as it was right after the first read that made it show
   * `needle` (the first frame, when the needle is in it), however much has
   * been drawn since; null when it never did.
   */
  async firstScreenWith(needle: string): Promise<string | null> {
    const term = new xterm.Terminal({ ...this.#size, allowProposedApi: true });
    try {
      for (const data of this.#reads) {
        await new Promise<void>((resolve) => term.write(data, resolve));
        const text = screenText(term);
        if (text.includes(needle)) return text;
      }
      return null;
    } finally {
      term.dispose();
    }
  }

  /** Everything the program wrote, escape codes included. */
  get output(): string {
    return this.#output;
  }

  write(data: string): void {
    this.#pty.write(data);
  }

  /** Polls the screen until it contains `needle`; fails with the screen when time runs out. */
  async waitFor(needle: string, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.text().includes(needle)) {
      if (Date.now() > deadline) throw new Error(`screen never showed ${JSON.stringify(needle)}:\n${this.text()}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  kill(): void {
    try {
      this.#pty.kill();
    } catch {
      // Already gone.
    }
  }
}

/** A terminal's visible rows, trailing spaces and blank rows removed. */
function screenText(term: xterm.Terminal): string {
  const buffer = term.buffer.active;
  const rows: string[] = [];
  for (let y = 0; y < term.rows; y++) rows.push(buffer.getLine(buffer.viewportY + y)?.translateToString(true) ?? "");
  return rows.join("\n").replace(/\n+$/, "");
}
