/**
 * Starts the full-screen UI on the terminal and resolves once the user has
 * quit and every MCP server is closed.
 */
import { render, useStdout } from "ink";
import { homedir } from "node:os";
import { useEffect, type ReactNode } from "react";
import { ChatSession } from "../session/chat-session.ts";
import { loadDeferredLibraries } from "../runtime/deferred-libraries.ts";
import type { TuiRuntime } from "../runtime/tui-runtime.ts";
import { App } from "./App.tsx";
import { MiniCcError } from "../../src/errors.ts";
import { warmTranscriptCode } from "../transcript/warm.ts";

/** Streams and home directory, for tests and unusual terminals. */
export interface RunTuiOptions {
  readonly stdin?: NodeJS.ReadStream;
  readonly stdout?: NodeJS.WriteStream;
  readonly stderr?: NodeJS.WriteStream;
  /** Shown as `~` in the footer; defaults to the OS home directory. */
  readonly home?: string;
}

const NOT_A_TERMINAL = "the interactive UI needs a terminal on stdin; use -p PROMPT to run from a script or pipe";

const QUIT_SIGNALS = ["SIGTERM", "SIGHUP"] as const;
/** Cursor home, then erase the whole screen. */
const ERASE_SCREEN = "\u001b[H\u001b[2J";

/**
 * Blanks the alternate screen as the UI unmounts, just before Ink leaves it.
 * tmux, leaving an alternate screen that was resized meanwhile, pulls some of
 * its rows back onto the main screen: blank, they leave nothing behind.
 */
function ErasedOnExit({ children }: { readonly children: ReactNode }) {
  const { stdout } = useStdout();
  useEffect(() => () => void stdout.write(ERASE_SCREEN), [stdout]);
  return children;
}

/** Runs the UI until the user quits; always closes the runtime, even when the UI cannot start. */
export async function runTui(runtime: TuiRuntime, options: RunTuiOptions = {}): Promise<void> {
  const stdin = options.stdin ?? process.stdin;
  try {
    // The UI needs a terminal to read keys from; scripts should use `-p`.
    if (!stdin.isTTY) throw new MiniCcError("not-a-terminal", NOT_A_TERMINAL);
    await renderUntilExit(runtime, stdin, options);
  } finally {
    await runtime.close();
  }
}

async function renderUntilExit(runtime: TuiRuntime, stdin: NodeJS.ReadStream, options: RunTuiOptions): Promise<void> {
  const stdout = options.stdout ?? process.stdout;
  const session = new ChatSession(runtime, { screenRows: stdout.rows || undefined });
  const stopNotices = runtime.notices.follow((text) => session.transcript.dispatch({ type: "notice", text }));
  const app = <App runtime={runtime} session={session} home={options.home ?? homedir()} />;
  // Raw before the first frame: Ink turns it on in an effect, after the frame is out, and a key typed
  // in between was echoed by the terminal below the footer. Ink turns it off as it exits.
  stdin.setRawMode?.(true);
  const instance = render(<ErasedOnExit>{app}</ErasedOnExit>, {
    stdin,
    stdout,
    stderr: options.stderr ?? process.stderr,
    alternateScreen: true,
    // The frame is the whole screen: rewrite only the rows that changed (a spinner, the prompt).
    incrementalRendering: true,
    // Ctrl+C is ours: the first press interrupts, the second quits (useExitKeys).
    exitOnCtrlC: false,
  });
  // The first frame is out (render writes it synchronously): now what only turns need.
  if (!runtime.sessions.restored) warmTranscriptCode();
  setImmediate(() => void loadDeferredLibraries().catch(() => {}));
  // A signal ends the UI the way /exit does, so the servers still get closed.
  const onSignal = (): void => instance.unmount();
  for (const signal of QUIT_SIGNALS) process.on(signal, onSignal);
  // Queued like a typed prompt: it shows under the prompt box and waits for the servers.
  if (runtime.initialPrompt) void session.submit(runtime.initialPrompt);
  try {
    await instance.waitUntilExit();
  } finally {
    for (const signal of QUIT_SIGNALS) process.off(signal, onSignal);
    stopNotices();
    session.abort();
    stdin.setRawMode?.(false);
  }
}
