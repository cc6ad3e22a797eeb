/**
 * The offline model: replays a model script (DESIGN.md, "Model script"), one
 * assistant message per request across the whole session, streaming its text
 * in small chunks so the UI shows streaming exactly as it does for the API.
 */
import { readFile as fsReadFile } from "node:fs/promises";
import { basename } from "node:path";
import { systemClock, type Clock } from "../clock.ts";
import type { AssistantBlock, AssistantMessage, Usage } from "./messages.ts";
import { type Model, type ModelEvent, type ModelRequest } from "./model.ts";
import { visibleToolSpecs } from "./deferred-tools.ts";
import {
  parseModelScript,
  validateModelScript,
  type ModelScript,
  type RequestExpectation,
  type ScriptUsage,
} from "./script-schema.ts";
import { MiniCcError } from "../errors.ts";

export interface ScriptedModelOptions {
  /** Shown in the UI and in stream-json's init event; default "scripted". */
  name?: string;
  /** Names the script in validation errors; default "<script>". */
  source?: string;
  /** Longest pause before each text chunk, ms (each pause is random in [0, max]); 0 never pauses. Default 10. */
  maxChunkDelayMs?: number;
  /** Start again from the first response instead of running out (the built-in offline model). */
  repeat?: boolean;
  /** Source of randomness for the pauses; default Math.random. */
  random?: () => number;
  /** Times the pauses; the system clock by default. */
  clock?: Clock;
}

/** How many words go into one streamed text chunk. */
const WORDS_PER_CHUNK = 3;

/** Replays a validated model script; throws MiniCcError "script-exhausted" when it runs out. */
export class ScriptedModel implements Model {
  readonly name: string;
  readonly #script: ModelScript;
  readonly #maxChunkDelayMs: number;
  readonly #repeat: boolean;
  readonly #random: () => number;
  readonly #clock: Clock;
  #nextResponse = 0;
  #nextId = 1;

  /** Takes the parsed script object and validates it (throws MiniCcError "invalid-script"). */
  constructor(script: unknown, options: ScriptedModelOptions = {}) {
    this.#script = validateModelScript(script, options.source ?? "<script>");
    this.name = options.name ?? "scripted";
    this.#maxChunkDelayMs = options.maxChunkDelayMs ?? 10;
    this.#repeat = options.repeat ?? false;
    this.#random = options.random ?? Math.random;
    this.#clock = options.clock ?? systemClock;
  }

  /** How many responses the script holds. */
  get length(): number {
    return this.#script.responses.length;
  }

  async *stream(request: ModelRequest, signal: AbortSignal): AsyncGenerator<ModelEvent> {
    throwIfAborted(signal);
    const { message, usage } = this.#takeResponse(request);
    for (const block of message.content) {
      if (block.type !== "text") continue;
      for (const chunk of textChunks(block.text)) {
        if (this.#maxChunkDelayMs > 0) await this.#pause(Math.round(this.#random() * this.#maxChunkDelayMs));
        throwIfAborted(signal);
        yield { type: "text_delta", text: chunk };
      }
    }
    throwIfAborted(signal);
    const stopReason = message.content.some((b) => b.type === "tool_use") ? "tool_use" : "end_turn";
    yield { type: "message", message, stopReason, usage: { ...estimateUsage(request, message), ...usage } };
  }

  #pause(ms: number): Promise<void> {
    return new Promise((resolve) => this.#clock.setTimeout(resolve, ms));
  }

  #takeResponse(request: ModelRequest): { message: AssistantMessage; usage: ScriptUsage | undefined } {
    const responses = this.#script.responses;
    const index = this.#nextResponse;
    if (index >= responses.length && (!this.#repeat || responses.length === 0)) {
      const n = responses.length;
      throw new MiniCcError("script-exhausted", `model script exhausted after ${n} response${n === 1 ? "" : "s"}`);
    }
    this.#nextResponse++;
    const response = responses[index % responses.length];
    if (response?.expect) checkExpectation(response.expect, request, index);
    // A compaction request takes the next response, marked or not; a marked one answers nothing else.
    if (response?.compaction === true && request.purpose !== "compaction") {
      throw new MiniCcError(
        "script-expectation-failed",
        `model script response ${index + 1} is marked "compaction" but answers a normal request (no compaction ran before it)`,
      );
    }
    // Ids are made when a response is replayed, so a repeating script never reuses one.
    const content: AssistantBlock[] = (response?.content ?? []).map((block): AssistantBlock => {
      if (block.type === "text") return { type: "text", text: block.text };
      if (block.type === "thinking")
        return { type: "thinking", thinking: block.thinking, signature: block.signature ?? "scripted" };
      return {
        type: "tool_use",
        id: block.id ?? `toolu_scripted_${this.#nextId++}`,
        name: block.name,
        input: block.input,
      };
    });
    return { message: { role: "assistant", content }, usage: response?.usage };
  }
}

/** Reads, parses and validates a script file; errors name the file (MiniCcError "script-not-found" / "invalid-script"). */
export async function loadModelScript(
  path: string,
  options: Omit<ScriptedModelOptions, "source"> & { readFile?: (path: string) => Promise<string> } = {},
): Promise<ScriptedModel> {
  const { readFile, ...modelOptions } = options;
  const read = readFile ?? ((p: string) => fsReadFile(p, "utf8"));
  let text: string;
  try {
    text = await read(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") throw new MiniCcError("script-not-found", `${path}: model script not found`);
    if (code === "EISDIR")
      throw new MiniCcError("script-not-found", `${path}: model script is a directory, not a file`);
    throw new MiniCcError("script-not-found", `${path}: cannot read model script: ${(error as Error).message}`);
  }
  const script = parseModelScript(text, path);
  return new ScriptedModel(script, { name: `script:${basename(path)}`, ...modelOptions, source: path });
}

/** Splits text into chunks of a few words; the chunks concatenate back to the exact text. */
export function textChunks(text: string, wordsPerChunk = WORDS_PER_CHUNK): string[] {
  const words = text.match(/^\s+|\S+\s*/g) ?? [];
  const chunks: string[] = [];
  for (let i = 0; i < words.length; i += wordsPerChunk) chunks.push(words.slice(i, i + wordsPerChunk).join(""));
  return chunks;
}

/** Throws MiniCcError "script-expectation-failed" naming the response and what the request lacked. */
function checkExpectation(expect: RequestExpectation, request: ModelRequest, index: number): void {
  const visible = new Set(visibleToolSpecs(request).map((spec) => spec.name));
  const system = request.system.map((section) => section.text).join("\n");
  const problems = [
    ...(expect.tools ?? []).filter((name) => !visible.has(name)).map((name) => `tool ${name} is not offered`),
    ...(expect.notTools ?? []).filter((name) => visible.has(name)).map((name) => `tool ${name} is offered`),
    ...(expect.systemIncludes ?? [])
      .filter((text) => !system.includes(text))
      .map((text) => `the system prompt lacks ${JSON.stringify(text)}`),
  ];
  if (problems.length === 0) return;
  throw new MiniCcError(
    "script-expectation-failed",
    `model script response ${index + 1}: the request does not match its "expect": ${problems.join("; ")} (offered: ${[...visible].join(", ") || "none"})`,
  );
}

// About four characters a token: enough for the UI's counters, never billed. Deferred tools not loaded are not seen.
function estimateUsage(request: ModelRequest, message: AssistantMessage): Usage {
  const input = JSON.stringify([request.system, visibleToolSpecs(request), request.messages]).length;
  const output = JSON.stringify(message.content).length;
  return { input_tokens: Math.ceil(input / 4), output_tokens: Math.ceil(output / 4) };
}

function throwIfAborted(signal: AbortSignal): void {
  if (signal.aborted) throw new MiniCcError("aborted", "model request aborted");
}
