/**
 * The three print-mode output formats. Each receives the same agent events;
 * only what reaches stdout differs.
 */
import type { AgentEvent } from "../agent/events.ts";
import type { OutputFormat } from "../session/run-options.ts";
import type { PrintResult } from "./print-result.ts";
import { terminalSafeText } from "../text/terminal-safe.ts";

/** The `system/init` line: what this session has to work with. */
export interface PrintInit {
  cwd: string;
  session_id: string;
  model: string;
  permissionMode: string;
  /** Every tool offered, deferred ones included (and ToolSearch when any is). */
  tools: string[];
  /** With tool search on: the tools of `tools` the model must load with ToolSearch first. */
  deferred_tools?: string[];
  mcp_servers: Array<{ name: string; status: string; mini_cc_status?: string }>;
}

export interface PrintWriter {
  start(init: PrintInit): void;
  event(event: AgentEvent): void;
  end(result: PrintResult): void;
}

type Write = (text: string) => void;

/**
 * `text`: only the final answer on stdout; denials and errors go to stderr.
 * The answer is the model's: its escape sequences are shown, never obeyed.
 */
class TextWriter implements PrintWriter {
  readonly #out: Write;
  readonly #err: Write;
  #errorShown = false;
  constructor(out: Write, err: Write) {
    this.#out = (text) => out(terminalSafeText(text, { keepTabs: true }));
    this.#err = err;
  }
  start(): void {}
  event(event: AgentEvent): void {
    if (event.type === "permission_denied") this.#err(`mini-cc: ${event.message}\n`);
    if (event.type === "error") {
      this.#errorShown = true;
      this.#err(`mini-cc: ${event.message}\n`);
    }
  }
  end(result: PrintResult): void {
    if (!result.is_error) this.#out(result.result.endsWith("\n") ? result.result : `${result.result}\n`);
    // An interrupted turn reports no error event: a failing run still says why.
    else if (!this.#errorShown) this.#err(`mini-cc: ${result.result}\n`);
  }
}

/** `json`: one object, the result, when the turn ends. */
class JsonWriter implements PrintWriter {
  readonly #out: Write;
  constructor(out: Write) {
    this.#out = out;
  }
  start(): void {}
  event(): void {}
  end(result: PrintResult): void {
    this.#out(`${JSON.stringify(result)}\n`);
  }
}

/** `stream-json`: one JSON object a line, in Claude Code's shapes. */
class StreamJsonWriter implements PrintWriter {
  readonly #out: Write;
  readonly #partial: boolean;
  #init: PrintInit | undefined;
  constructor(out: Write, partial: boolean) {
    this.#out = out;
    this.#partial = partial;
  }
  #line(value: unknown): void {
    this.#out(`${JSON.stringify(value)}\n`);
  }
  start(init: PrintInit): void {
    this.#init = init;
    this.#line({ type: "system", subtype: "init", ...init });
  }
  /** `parent`: the Agent call a subagent's event comes from (Claude Code's parent_tool_use_id). */
  event(event: AgentEvent, parent: string | null = null): void {
    const session_id = this.#init?.session_id;
    const parent_tool_use_id = parent;
    if (event.type === "subagent") {
      this.event(event.event, event.parentId);
    } else if (event.type === "assistant") {
      this.#line({
        type: "assistant",
        message: {
          ...(event.id !== undefined ? { id: event.id } : {}),
          type: "message",
          role: "assistant",
          model: event.model ?? this.#init?.model,
          content: event.message.content,
          stop_reason: event.stopReason ?? null,
          stop_sequence: null,
          usage: event.usage,
        },
        parent_tool_use_id,
        session_id,
      });
    } else if (event.type === "stream_event" && this.#partial) {
      this.#line({ type: "stream_event", event: event.event, parent_tool_use_id, session_id });
    } else if (event.type === "compaction" && parent === null) {
      this.#line({
        type: "system",
        subtype: "compact_boundary",
        session_id,
        compact_metadata: { trigger: event.trigger, pre_tokens: event.tokensBefore },
      });
    } else if (event.type === "tool_result") {
      this.#line({
        type: "user",
        message: {
          role: "user",
          content: [
            {
              type: "tool_result",
              tool_use_id: event.id,
              content: event.result.content,
              is_error: event.result.isError,
            },
          ],
        },
        parent_tool_use_id,
        session_id,
      });
    }
  }
  end(result: PrintResult): void {
    this.#line(result);
  }
}

/** `partial`: stream-json also writes each raw API event as a `stream_event` line (--include-partial-messages). */
export function createPrintWriter(format: OutputFormat, out: Write, err: Write, partial = false): PrintWriter {
  switch (format) {
    case "text":
      return new TextWriter(out, err);
    case "json":
      return new JsonWriter(out);
    case "stream-json":
      return new StreamJsonWriter(out, partial);
  }
}
