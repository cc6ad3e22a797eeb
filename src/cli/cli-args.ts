/**
 * argv → what to run. Every mistake is a usage error (MiniCcError "usage"): one line, the usage,
 * exit status 2, nothing started.
 */
import { parseArgs } from "node:util";
import { PERMISSION_MODES } from "../agent/permissions.ts";
import { usageError, errorText } from "../errors.ts";
import { oneOf } from "./one-of.ts";
import { INPUT_FORMATS, OUTPUT_FORMATS, type ResumeChoice, type RunOptions } from "../session/run-options.ts";

/** The line under a usage error. */
export const HELP_HINT = "Run 'mini-cc --help' for the options.";

export const USAGE = `Usage: mini-cc [options] [prompt]
       mini-cc -p "PROMPT" [options]
       mini-cc mcp <add|add-json|add-from-claude-desktop|import|list|get|remove|approve|
                   enable|disable|reset-project-choices|login|logout> …   (mini-cc mcp --help)

Options:
  -p, --print                     answer PROMPT and exit (for scripts and CI)
  --output-format <format>        text | json | stream-json (with -p; default text)
  --model-script <file>           replay an offline model script instead of calling the API
  --permission-mode <mode>        default | acceptEdits | plan | bypassPermissions
  --dangerously-skip-permissions  the same as --permission-mode bypassPermissions (claude's flag)
  --allowedTools <names...>       tools that run without asking (comma or space separated, * wildcards)
  --disallowedTools <names...>    tools that never run
  --add-dir <dirs...>             more folders the file tools may use like the project
  --mcp-config <files-or-json...> load MCP servers from files or JSON strings
                                  (after the prompt, these four take every word up to the next option)
  --strict-mcp-config             use only the servers given by --mcp-config
  --allow-sampling                let MCP servers use the model (with -p; the TUI asks each time)
  --sandbox                       run Bash commands in the sandbox (writes: this project; no network),
                                  without asking; /sandbox switches it in the TUI
  --max-turns <n>                 cap on tool rounds per turn (default 50)
  --session-id <uuid>             use this session id (stream-json's session_id, the saved tool output's folder)
  --model <name>                  the Anthropic model, or opus, sonnet, haiku (overrides ANTHROPIC_MODEL)
  --system-prompt <text>          replace the base system prompt
  --append-system-prompt <text>   add text at the end of the system prompt
  --agents <json>                 more subagents: {"name": {"description", "prompt", "tools"?, "model"?, "mcpServers"?}}
  --agent <name>                  run the whole session as that subagent (its prompt, tools, model, servers)
  --thinking                      extended thinking (budget: MAX_THINKING_TOKENS, default 10000)
  --input-format <format>         text | stream-json (with -p: user messages as JSON lines on stdin)
  --include-partial-messages      with -p and stream-json output: also each raw API stream event
  --verbose                       accepted as claude takes it (stream-json works with or without)
  -c, --continue                  continue this folder's most recent session
  -r, --resume [id]               resume a saved session (without an id, the TUI lists them)
  -h, --help                      show this help
  -v, --version                   print the version`;

export type Command =
  | { kind: "help" }
  | { kind: "version" }
  | { kind: "mcp"; argv: string[] }
  | { kind: "agent"; options: RunOptions };

/**
 * Tool lists may be given as `a,b`, `"a b"` or the flag repeated; a rule's
 * specifier is one piece whatever it holds (`"Bash(npm run test:*)"`, `Bash(echo a,b)`).
 */
function splitToolList(values: readonly string[]): string[] {
  const rules: string[] = [];
  for (const value of values) {
    let depth = 0;
    let rule = "";
    for (const char of value) {
      if (depth === 0 && (char === "," || /\s/.test(char))) {
        if (rule !== "") rules.push(rule);
        rule = "";
        continue;
      }
      if (char === "(") depth++;
      else if (char === ")" && depth > 0) depth--;
      rule += char;
    }
    if (rule !== "") rules.push(rule);
  }
  return rules;
}

export function parseCommand(argv: string[]): Command {
  if (argv[0] === "mcp") return { kind: "mcp", argv: argv.slice(1) };
  const { rest, resume: resumeFlag } = takeResume(argv);
  let parsed;
  try {
    parsed = parseArgs({
      args: rest,
      allowPositionals: true,
      strict: true,
      tokens: true,
      options: {
        print: { type: "boolean", short: "p" },
        "output-format": { type: "string" },
        "model-script": { type: "string" },
        "permission-mode": { type: "string" },
        "dangerously-skip-permissions": { type: "boolean" },
        allowedTools: { type: "string", multiple: true },
        "allowed-tools": { type: "string", multiple: true },
        disallowedTools: { type: "string", multiple: true },
        "disallowed-tools": { type: "string", multiple: true },
        "add-dir": { type: "string", multiple: true },
        "mcp-config": { type: "string", multiple: true },
        "strict-mcp-config": { type: "boolean" },
        "allow-sampling": { type: "boolean" },
        sandbox: { type: "boolean" },
        "max-turns": { type: "string" },
        "session-id": { type: "string" },
        model: { type: "string" },
        "system-prompt": { type: "string" },
        "append-system-prompt": { type: "string" },
        agents: { type: "string", multiple: true },
        agent: { type: "string" },
        thinking: { type: "boolean" },
        "input-format": { type: "string" },
        "include-partial-messages": { type: "boolean" },
        verbose: { type: "boolean" },
        continue: { type: "boolean", short: "c" },
        help: { type: "boolean", short: "h" },
        version: { type: "boolean", short: "v" },
      },
    });
  } catch (error) {
    throw usageError(describeParseError(error));
  }
  const { values, positionals } = withVariadicValues(parsed);
  if (values.help) return { kind: "help" };
  if (values.version) return { kind: "version" };

  const maxTurns = values["max-turns"] === undefined ? 50 : Number(values["max-turns"]);
  if (!Number.isInteger(maxTurns) || maxTurns < 1) {
    throw usageError(`--max-turns takes a whole number of at least 1, not ${values["max-turns"]}`);
  }
  const options: RunOptions = {
    print: values.print ?? false,
    prompt: positionals.length > 0 ? positionals.join(" ") : undefined,
    outputFormat: oneOf("--output-format value", values["output-format"] ?? "text", OUTPUT_FORMATS),
    modelScript: values["model-script"],
    permissionMode: permissionModeOf(values["permission-mode"], values["dangerously-skip-permissions"] === true),
    allowedTools: splitToolList([...(values.allowedTools ?? []), ...(values["allowed-tools"] ?? [])]),
    disallowedTools: splitToolList([...(values.disallowedTools ?? []), ...(values["disallowed-tools"] ?? [])]),
    addDirs: values["add-dir"] ?? [],
    mcpConfig: values["mcp-config"] ?? [],
    strictMcpConfig: values["strict-mcp-config"] ?? false,
    allowSampling: values["allow-sampling"] ?? false,
    maxTurns,
    agents: values.agents ?? [],
    ...(values.agent === undefined ? {} : { agent: values.agent }),
    ...(values.sandbox ? { sandbox: true } : {}),
    ...(values["session-id"] === undefined ? {} : { sessionId: checkSessionId(values["session-id"]) }),
    ...(values.model === undefined ? {} : { model: checkModelName(values.model) }),
    ...(values["system-prompt"] === undefined ? {} : { systemPrompt: values["system-prompt"] }),
    ...(values["append-system-prompt"] === undefined ? {} : { appendSystemPrompt: values["append-system-prompt"] }),
    ...(values.thinking ? { thinking: true } : {}),
    ...(values["input-format"] === undefined
      ? {}
      : { inputFormat: oneOf("--input-format value", values["input-format"], INPUT_FORMATS) }),
    ...(values["include-partial-messages"] ? { includePartialMessages: true } : {}),
    ...(values.verbose ? { verbose: true } : {}),
  };
  checkPrintOnly(options, values["output-format"]);
  const resume = resumeChoice(values.continue ?? false, resumeFlag, options);
  if (resume) options.resume = resume;
  if (!options.print && values["output-format"] !== undefined) {
    throw usageError("--output-format works only with -p/--print");
  }
  if (!options.print && options.allowSampling) {
    throw usageError("--allow-sampling works only with -p/--print (the TUI asks you each time)");
  }
  return { kind: "agent", options };
}

/** Options that take more than one word, as Claude Code's do (`-p "…" --allowedTools "Bash(git add:*)" "Read"`). */
const VARIADIC = new Set([
  "allowedTools",
  "allowed-tools",
  "disallowedTools",
  "disallowed-tools",
  "add-dir",
  "mcp-config",
]);

interface Parsed {
  readonly values: Record<string, string | boolean | Array<string | boolean> | undefined>;
  readonly positionals: string[];
  readonly tokens?: ReturnType<typeof parseArgs>["tokens"];
}

/**
 * `parsed` with the words that follow a variadic option taken as its values,
 * up to the next option or `--`, once the prompt has been given: Claude Code's
 * own examples put the prompt first. Before it, a word after the option's
 * value is the prompt, as it always was here (`--allowedTools Read "fix it"`).
 */
function withVariadicValues<T extends Parsed>(parsed: T): T {
  const taken = new Map<string, string[]>();
  const positionals: string[] = [];
  let taking: string[] | undefined;
  for (const token of parsed.tokens ?? []) {
    if (token.kind === "option-terminator") taking = undefined;
    else if (token.kind === "positional") {
      if (taking !== undefined && positionals.length > 0) taking.push(token.value);
      else {
        positionals.push(token.value);
        taking = undefined;
      }
    } else if (!VARIADIC.has(token.name)) taking = undefined;
    else {
      taking = taken.get(token.name) ?? [];
      taken.set(token.name, taking);
      if (token.value !== undefined) taking.push(token.value);
    }
  }
  return { ...parsed, values: { ...parsed.values, ...Object.fromEntries(taken) }, positionals };
}

/** The flags that shape print mode's input and output need -p, and stream-json input needs stream-json output (as claude says). */
function checkPrintOnly(options: RunOptions, outputFormat: string | undefined): void {
  if (options.inputFormat !== undefined && !options.print)
    throw usageError("--input-format works only with -p/--print");
  if (options.inputFormat === "stream-json" && outputFormat !== "stream-json") {
    throw usageError("--input-format stream-json needs --output-format stream-json");
  }
  if (options.includePartialMessages && (!options.print || outputFormat !== "stream-json")) {
    throw usageError("--include-partial-messages works only with -p and --output-format stream-json");
  }
}

/** --permission-mode, or claude's --dangerously-skip-permissions; the two may not disagree. */
function permissionModeOf(mode: string | undefined, skip: boolean): RunOptions["permissionMode"] {
  if (skip && mode !== undefined && mode !== "bypassPermissions") {
    throw usageError(`--dangerously-skip-permissions and --permission-mode ${mode} disagree: give one`);
  }
  return oneOf("--permission-mode value", skip ? "bypassPermissions" : (mode ?? "default"), PERMISSION_MODES);
}

function checkModelName(value: string): string {
  if (value.trim() === "") throw usageError("--model needs a model name, like claude-sonnet-4-5");
  return value.trim();
}

/**
 * `--resume` takes an optional id, which node:util cannot say: the word after
 * it is the id only when it is a UUID (else it is the prompt).
 */
function takeResume(argv: readonly string[]): { rest: string[]; resume: ResumeChoice | undefined } {
  const rest: string[] = [];
  let resume: ResumeChoice | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === "--") {
      rest.push(...argv.slice(i));
      break;
    }
    if (arg.startsWith("--resume=")) {
      resume = { kind: "id", id: checkSessionId(arg.slice("--resume=".length), "--resume") };
    } else if (arg === "--resume" || arg === "-r") {
      const next = argv[i + 1];
      if (next !== undefined && UUID.test(next)) {
        resume = { kind: "id", id: next.toLowerCase() };
        i++;
      } else resume = { kind: "pick" };
    } else rest.push(arg);
  }
  return { rest, resume };
}

function resumeChoice(
  continueFlag: boolean,
  resume: ResumeChoice | undefined,
  options: RunOptions,
): ResumeChoice | undefined {
  if (continueFlag && resume) throw usageError("--continue and --resume cannot be used together");
  const choice = continueFlag ? ({ kind: "latest" } as const) : resume;
  if (choice && options.sessionId !== undefined)
    throw usageError("--session-id cannot be used with --continue or --resume (the session keeps its id)");
  if (choice?.kind === "pick" && options.print)
    throw usageError('--resume needs a session id with -p/--print (mini-cc --resume ID -p "…")');
  return choice;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A session id names a folder in the home: only a UUID, as in Claude Code. */
function checkSessionId(value: string, flag = "--session-id"): string {
  if (!UUID.test(value)) {
    throw usageError(`${flag} takes a UUID (like 123e4567-e89b-12d3-a456-426614174000), not ${JSON.stringify(value)}`);
  }
  return value.toLowerCase();
}

/** node:util's messages are long and mention internals; say the one thing that matters. */
function describeParseError(error: unknown): string {
  const code = (error as { code?: string }).code;
  const message = errorText(error);
  const option = /'([^']+)'/.exec(message)?.[1] ?? "";
  if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") return `unknown option ${option}`;
  if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE")
    return `option ${option.split(" ")[0]?.replace(/,$/, "")} needs a value`;
  return message;
}
