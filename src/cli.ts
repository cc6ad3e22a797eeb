/**
 * The `mini-cc` command: argv → the TUI, print mode (-p) or `mcp` subcommands.
 * Exit status: 0 success, 1 failure, 2 usage error (nothing started).
 */
import { readFileSync } from "node:fs";
import { parseCommand, USAGE, UsageError, type AgentOptions } from "./cli-args.ts";
import { runMcpCommand } from "./commands/mcp/index.ts";
import { runInteractive } from "./interactive.ts";
import { runPrint } from "./print/run-print.ts";

const VERSION = "0.1.0";

async function main(argv: string[]): Promise<number> {
  const command = parseCommand(argv);
  switch (command.kind) {
    case "help":
      process.stdout.write(`${USAGE}\n`);
      return 0;
    case "version":
      process.stdout.write(`${VERSION} (mini-cc)\n`);
      return 0;
    case "mcp":
      return runMcpCommand(command.argv, {
        cwd: process.cwd(),
        env: process.env,
        homedir: undefined,
        stdout: (text) => process.stdout.write(text),
        stderr: (text) => process.stderr.write(text),
      });
    case "agent":
      return command.options.print ? printMode(command.options) : interactiveMode(command.options);
  }
}

function printMode(options: AgentOptions): Promise<number> {
  const abort = new AbortController();
  // The first Ctrl-C ends the turn gracefully; a second one during shutdown exits at once ('exit' still kills the servers).
  process.on("SIGINT", () => (abort.signal.aborted ? process.exit(130) : abort.abort()));
  return runPrint(options, {
    cwd: process.cwd(),
    env: process.env,
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    readStdin: async () => (process.stdin.isTTY ? undefined : readFileSync(0, "utf8")),
    signal: abort.signal,
    onExit: killOnExit,
  });
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

function interactiveMode(options: AgentOptions): Promise<number> {
  return runInteractive(options, { cwd: process.cwd(), env: process.env, onExit: killOnExit });
}

/** Flushes stdout before exiting, so piped JSON is never cut short. */
function exit(code: number): void {
  process.stdout.write("", () => process.exit(code));
}

main(process.argv.slice(2)).then(exit, (error: unknown) => {
  if (error instanceof UsageError) {
    process.stderr.write(`mini-cc: ${error.message}\n${USAGE}\n`);
    exit(2);
    return;
  }
  process.stderr.write(`mini-cc: ${error instanceof Error ? error.message : String(error)}\n`);
  exit(1);
});
