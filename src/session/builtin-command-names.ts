/**
 * The built-in commands' names without their code, for the CLI to hand the
 * runtime before the UI loads: a custom command with one of these names is
 * shadowed. A test keeps it equal to BUILTIN_COMMANDS.
 */
export const BUILTIN_COMMAND_NAMES: readonly string[] = [
  "mcp",
  "add-dir",
  "compact",
  "context",
  "cost",
  "model",
  "resume",
  "sandbox",
  "tasks",
  "permissions",
  "hooks",
  "agents",
  "clear",
  "help",
  "exit",
];
