/**
 * Checks a built-in tool call's input. The model writes these objects, so a
 * wrong type is an ordinary event: it becomes an error result naming the
 * tool and the field, which the model can fix on its next try.
 */
import { textResult, type ToolResult } from "./tool.ts";
import { isMiniCcError, MiniCcError, errorText } from "../errors.ts";

/** Reads typed fields out of one call's input, throwing MiniCcError "invalid-tool-input" on a mismatch. */
export class ToolInput {
  readonly #tool: string;
  readonly #input: Record<string, unknown>;

  constructor(tool: string, input: Record<string, unknown>) {
    this.#tool = tool;
    this.#input = input;
  }

  /** A required string. */
  string(field: string): string {
    const value = this.#input[field];
    if (typeof value !== "string") throw this.#error(field, "must be a string");
    return value;
  }

  /** A string that may be left out. */
  optionalString(field: string): string | undefined {
    return this.#input[field] === undefined ? undefined : this.string(field);
  }

  /** A boolean that may be left out. */
  optionalBoolean(field: string): boolean | undefined {
    const value = this.#input[field];
    if (value === undefined) return undefined;
    if (typeof value !== "boolean") throw this.#error(field, "must be a boolean");
    return value;
  }

  /** An integer of at least `min` that may be left out. */
  optionalInteger(field: string, min: number): number | undefined {
    const value = this.#input[field];
    if (value === undefined) return undefined;
    if (typeof value !== "number" || !Number.isInteger(value)) throw this.#error(field, "must be an integer");
    if (value < min) throw this.#error(field, `must be at least ${min}`);
    return value;
  }

  /** One of a fixed set of strings, or `fallback` when left out. */
  choice<T extends string>(field: string, allowed: readonly T[], fallback: T): T {
    const value = this.#input[field];
    if (value === undefined) return fallback;
    if (typeof value !== "string" || !(allowed as readonly string[]).includes(value)) {
      throw this.#error(field, `must be one of ${allowed.map((a) => `"${a}"`).join(", ")}`);
    }
    return value as T;
  }

  #error(field: string, problem: string): MiniCcError {
    return new MiniCcError("invalid-tool-input", `${this.#tool}: ${field} ${problem}`);
  }
}

/** The string at `input[field]`, or undefined when it is not a string (for summaries). */
export function stringField(input: Record<string, unknown>, field: string): string | undefined {
  const value = input[field];
  return typeof value === "string" ? value : undefined;
}

/** targetPath and summarize of a tool whose call names one file in `file_path` (Read, Write, Edit). */
export const filePathCall = {
  targetPaths: (input: Record<string, unknown>): readonly string[] => {
    const file = stringField(input, "file_path");
    return file === undefined ? [] : [file];
  },
  summarize: (input: Record<string, unknown>): string => stringField(input, "file_path") ?? "",
};

/** The transcript summary of a search (Glob, Grep): its pattern. */
export function patternSummary(input: Record<string, unknown>): string {
  return stringField(input, "pattern") ?? "";
}

/** Runs a tool body on its call's input so that nothing escapes: any throw becomes an error result. */
export async function runSafely(
  tool: string,
  input: Record<string, unknown>,
  body: (args: ToolInput) => Promise<ToolResult>,
): Promise<ToolResult> {
  try {
    return await body(new ToolInput(tool, input));
  } catch (err) {
    if (isMiniCcError(err, "invalid-tool-input")) return textResult(err.message, true);
    if (isMiniCcError(err, "tool-aborted")) return textResult(`${tool} was aborted`, true);
    const message = errorText(err);
    return textResult(`${tool} failed: ${message}`, true);
  }
}

/** What a tool throws once its call's AbortSignal fires (Esc, Ctrl-C). */
export function toolAborted(): MiniCcError {
  return new MiniCcError("tool-aborted", "aborted");
}
