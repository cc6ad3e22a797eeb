/**
 * The `mini-cc` command: argv → the TUI, print mode (-p) or `mcp` subcommands.
 * Exit status: 0 success, 1 failure, 2 usage error (nothing started).
 * Each mode is imported on demand, so `mcp list` never loads the agent and
 * print mode never loads React.
 */
import { fstatSync, readFileSync } from "node:fs";
import { enableCompileCache } from "node:module";
import { isMiniCcError, errorText } from "../errors.ts";
import { HELP_HINT, parseCommand, USAGE } from "./cli-args.ts";
import type { RunOptions } from "../session/run-options.ts";
import type { TuiLoader } from "./interactive.ts";
import { resolveModelScript } from "./model-script-path.ts";
import { terminalSafeText } from "../text/terminal-safe.ts";
import { withoutOwnCredentials } from "../sandbox/child-env.ts";
import type { Env } from "../env.ts";

/** package.json's "version", put in by the build (scripts/build.mjs); unbundled (tests importing src/) it is "dev". */
declare const MINI_CC_VERSION: string | undefined;
const VERSION = typeof MINI_CC_VERSION === "string" ? MINI_CC_VERSION : "dev";

// Caches compiled bytecode between runs: start-up is part of every command's latency.
enableCompileCache?.();

/**
 * How the full-screen UI's two scripts load: the runtime's side (src/cli/interactive.ts) and the UI's
 * bundle. app/main.ts loads each through its code cache (src/cli/cached-script.ts).
 */
export interface ScreenLoaders {
  readonly loadInteractive: () => typeof import("./interactive.ts");
  readonly loadTui: TuiLoader;
}

/** Where mini-cc is installed: the folder holding `dist/` and `examples/`. */
export interface Installation {
  readonly dir: string;
}

async function main(argv: string[], screen: ScreenLoaders, installation: Installation): Promise<number> {
  // The session reads the credentials from this copy; a child that inherits the process's environment never sees them.
  const env = withoutOwnCredentials(process.env);
  const command = parseCommand(argv);
  switch (command.kind) {
    case "help":
      process.stdout.write(`${USAGE}\n`);
      return 0;
    case "version":
      process.stdout.write(`${VERSION} (mini-cc)\n`);
      return 0;
    case "mcp":
      return mcpCommand(command.argv, env);
    case "agent": {
      const script = command.options.modelScript;
      const options =
        script === undefined
          ? command.options
          : { ...command.options, modelScript: resolveModelScript(script, process.cwd(), installation.dir) };
      return options.print ? printMode(options, env) : interactiveMode(options, env, screen);
    }
  }
}

async function mcpCommand(argv: string[], env: Env): Promise<number> {
  const { runMcpCommand } = await import("./mcp/index.ts");
  // `mcp list` starts servers in their own process groups: Ctrl-C must still end them ('exit' kills them).
  process.once("SIGINT", () => process.exit(130));
  return runMcpCommand(argv, {
    cwd: process.cwd(),
    env,
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    onExit: killOnExit,
    readStdin: async () => readFileSync(0, "utf8"),
    ...(process.stdin.isTTY ? { prompt: askOnTerminal } : {}),
  });
}

/** One question on the terminal (`mcp add-from-claude-desktop`'s choice, a client secret, a pasted login redirect); `signal` takes it back. */
async function askOnTerminal(question: string, signal?: AbortSignal): Promise<string> {
  const { createInterface } = await import("node:readline/promises");
  const terminal = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return await terminal.question(question, signal ? { signal } : {});
  } finally {
    terminal.close();
  }
}

async function printMode(options: RunOptions, env: Env): Promise<number> {
  const { runPrint } = await import("../print/run-print.ts");
  const abort = new AbortController();
  // The first Ctrl-C ends the turn gracefully; a second one during shutdown exits at once ('exit' still kills the servers).
  process.on("SIGINT", () => (abort.signal.aborted ? process.exit(130) : abort.abort()));
  return runPrint(options, {
    cwd: process.cwd(),
    env,
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    readStdin: async () => (process.stdin.isTTY ? undefined : readFileSync(0, "utf8")),
    stdinPiped: stdinIsPipeOrFile(),
    stdinLines: () => stdinLines(),
    signal: abort.signal,
    onExit: killOnExit,
  });
}

/**
 * A shell pipe or a redirected file, whose end will come. A socket (what a
 * parent process that spawned us with a pipe usually hands down) may stay open
 * for ever with nothing in it, so a prompt given with -p is not held up by it.
 */
function stdinIsPipeOrFile(): boolean {
  if (process.stdin.isTTY) return false;
  try {
    const stat = fstatSync(0);
    return stat.isFIFO() || stat.isFile();
  } catch {
    return false;
  }
}

async function* stdinLines(): AsyncGenerator<string> {
  const { createInterface } = await import("node:readline");
  yield* createInterface({ input: process.stdin, crlfDelay: Infinity });
}

async function interactiveMode(options: RunOptions, env: Env, screen: ScreenLoaders): Promise<number> {
  // The UI's bundle (React and Ink, the larger part) loads first; its Yoga WebAssembly compiles while the runtime's script loads.
  const tui = screen.loadTui();
  tui.catch(() => {}); // runInteractive awaits it, after the runtime's own errors
  const { runInteractive } = screen.loadInteractive();
  return runInteractive(options, { cwd: process.cwd(), env, onExit: killOnExit, loadTui: () => tui });
}

/** Runs `cleanup` however the process ends: normally, on SIGTERM or SIGHUP. */
function killOnExit(cleanup: () => void): void {
  process.once("exit", cleanup);
  for (const signal of ["SIGTERM", "SIGHUP"] as const) {
    process.once(signal, () => {
      cleanup();
      process.exit(128 + (signal === "SIGTERM" ? 15 : 1));
    });
  }
}

/** Flushes stdout before exiting, so piped JSON is never cut short. */
function exit(code: number): void {
  process.stdout.write("", () => process.exit(code));
}

/**
 * Runs the `mini-cc` command with `argv` (without node and the script) and exits.
 * The UI and the installation's folder are passed in by the composition root, so the core never imports components/.
 */
export function runCli(argv: string[], screen: ScreenLoaders, installation: Installation): void {
  // A reader that stopped early (`mini-cc -p … | head -1`) is not a crash: end quietly, as SIGPIPE would ('exit' still kills the servers).
  for (const stream of [process.stdout, process.stderr]) {
    stream.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "EPIPE") throw error;
      process.exit(128 + 13);
    });
  }

  main(argv, screen, installation).then(exit, (error: unknown) => {
    if (isMiniCcError(error, "usage")) {
      // The mistake and where help is, as claude says it: not thirty lines of help burying the one that matters.
      process.stderr.write(`mini-cc: ${error.message}\n${HELP_HINT}\n`);
      exit(2);
      return;
    }
    // The message may quote a config file or a server: shown, never obeyed.
    process.stderr.write(`mini-cc: ${terminalSafeText(errorText(error))}\n`);
    exit(1);
  });
}
