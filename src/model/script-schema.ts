/**
 * The model script format (DESIGN.md, "Model script"): validated with zod so a
 * bad file is rejected at start with the file and the JSON path of the problem.
 */
import { z } from "zod";
import { describeJsonType, formatJsonPath } from "../fs/json-path.ts";
import { parseJsonText } from "../fs/json-file.ts";
import { MiniCcError } from "../errors.ts";

// Strict blocks: a typo such as `inputs` is an error, not a silently empty input.
const textBlockSchema = z.strictObject({
  type: z.literal("text"),
  text: z.string(),
});

const toolUseBlockSchema = z.strictObject({
  type: z.literal("tool_use"),
  id: z.string().min(1).optional(),
  name: z.string().min(1),
  input: z.record(z.string(), z.unknown()).default({}),
});

const scriptBlockSchema = z.discriminatedUnion("type", [textBlockSchema, toolUseBlockSchema]);

/**
 * What the request this response answers must look like (a test's assertion
 * inside the script): tools the model sees with their definitions, tools it
 * must not see, and text the system prompt holds.
 */
const requestExpectationSchema = z.strictObject({
  tools: z.array(z.string()).optional(),
  notTools: z.array(z.string()).optional(),
  systemIncludes: z.array(z.string()).optional(),
});

const scriptResponseSchema = z.object({
  expect: requestExpectationSchema.optional(),
  content: z.array(scriptBlockSchema).min(1),
});

export type RequestExpectation = z.output<typeof requestExpectationSchema>;

/** The whole script file; extra top-level keys (a description, a comment) are allowed. */
const modelScriptSchema = z.object({
  responses: z.array(scriptResponseSchema),
});

/** A validated script: tool_use ids may still be missing (the model generates them). */
export type ModelScript = z.output<typeof modelScriptSchema>;

/** Validates an already-parsed script; `source` names it in errors (a file path or "<script>"). */
export function validateModelScript(value: unknown, source: string): ModelScript {
  const result = modelScriptSchema.safeParse(value, { reportInput: true });
  if (result.success) return result.data;
  const [first, ...rest] = result.error.issues;
  const more = rest.length > 0 ? ` (and ${rest.length} more problem${rest.length === 1 ? "" : "s"})` : "";
  const where = first && first.path.length > 0 ? `${formatJsonPath(first.path)}: ` : "";
  const what = first ? describeIssue(first) : "invalid script";
  throw new MiniCcError("invalid-script", `${source}: ${where}${what}${more}`);
}

/** Parses script text; a JSON syntax error names `source:line:column`. */
export function parseModelScript(text: string, source: string): ModelScript {
  const parsed = parseJsonText(text);
  if (!parsed.ok) {
    throw new MiniCcError("invalid-script", `${source}:${parsed.line}:${parsed.column}: invalid JSON: ${parsed.message}`);
  }
  return validateModelScript(parsed.value, source);
}

function describeIssue(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case "invalid_type": {
      const expected = issue.expected === "record" ? "object" : issue.expected;
      return issue.input === undefined ? `expected ${expected}` : `expected ${expected}, got ${describeJsonType(issue.input)}`;
    }
    case "invalid_union":
      if ("options" in issue && Array.isArray(issue.options)) {
        return `expected ${issue.options.map((o) => JSON.stringify(o)).join(" or ")}`;
      }
      return issue.message;
    case "unrecognized_keys":
      return `unknown key${issue.keys.length === 1 ? "" : "s"} ${issue.keys.map((k) => JSON.stringify(k)).join(", ")}`;
    case "too_small":
      if (issue.origin === "array") return `expected at least ${String(issue.minimum)} item${issue.minimum === 1 ? "" : "s"}`;
      if (issue.origin === "string") return "expected a non-empty string";
      return issue.message;
    default:
      return issue.message;
  }
}
