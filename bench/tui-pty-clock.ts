/**
 * A program on a real pseudo-terminal, timed: milliseconds from spawn until
 * each awaited text first shows on the emulated screen. Each chunk of output
 * is checked as soon as xterm has parsed it, so no polling interval blurs the times.
 */
import pty from "@lydell/node-pty";
import xterm from "@xterm/headless";

/** Terminal size, working directory and the child's environment. */
export interface PtyClockOptions {
  readonly cols: number;
  readonly rows: number;
  readonly cwd: string;
  readonly env: Record<string, string>;
  /** Give up after this long (ms). */
  readonly timeoutMs?: number;
}

/** When each text first appeared, and the screen as it was when the first one did. */
export interface ScreenTimes {
  /** Milliseconds from spawn to the chunk of output that made the text visible. */
  readonly at: Readonly<Record<string, number>>;
  readonly firstScreen: string;
}

/** Spawns `command`, waits until every needle has been on screen, then hangs up and waits for the exit. */
export async function timeScreen(
  command: string,
  args: readonly string[],
  needles: readonly string[],
  options: PtyClockOptions,
): Promise<ScreenTimes> {
  const term = new xterm.Terminal({ cols: options.cols, rows: options.rows, allowProposedApi: true });
  const at: Record<string, number> = {};
  let firstScreen = "";
  const started = performance.now();
  const child = pty.spawn(command, [...args], {
    cols: options.cols,
    rows: options.rows,
    cwd: options.cwd,
    env: options.env,
  });
  const exited = new Promise<number>((resolve) => child.onExit(({ exitCode }) => resolve(exitCode)));
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(
              `${command} ${args.join(" ")}: no ${JSON.stringify(needles)} after ${options.timeoutMs ?? 15_000} ms:\n${screenText(term)}`,
            ),
          ),
        options.timeoutMs ?? 15_000,
      );
      void exited.then((code) =>
        reject(
          new Error(
            `${command} ${args.join(" ")} exited (${code}) before the screen showed everything:\n${screenText(term)}`,
          ),
        ),
      );
      child.onData((data) => {
        const arrived = performance.now() - started;
        term.write(data, () => {
          const text = screenText(term);
          for (const needle of needles) {
            if (at[needle] !== undefined || !text.includes(needle)) continue;
            at[needle] = arrived;
            if (needle === needles[0]) firstScreen = text;
          }
          if (needles.every((n) => at[n] !== undefined)) {
            clearTimeout(timer);
            resolve();
          }
        });
      });
    });
  } finally {
    await hangUp(child, exited);
    term.dispose();
  }
  return { at, firstScreen };
}

/** SIGHUP as a closed terminal sends it (mini-cc then closes its servers); SIGKILL if that takes too long. */
async function hangUp(child: pty.IPty, exited: Promise<number>): Promise<void> {
  try {
    child.kill("SIGHUP");
  } catch {
    return; // already gone
  }
  const late = setTimeout(() => child.kill("SIGKILL"), 5_000);
  await exited;
  clearTimeout(late);
}

/** The visible screen, one line a row, trailing spaces removed. */
function screenText(term: xterm.Terminal): string {
  const buffer = term.buffer.active;
  const rows: string[] = [];
  for (let y = 0; y < term.rows; y++) rows.push(buffer.getLine(buffer.viewportY + y)?.translateToString(true) ?? "");
  return rows.join("\n").replace(/\n+$/, "");
}
