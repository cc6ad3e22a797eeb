/**
 * AskUserQuestion: the model asks the user one to four multiple-choice
 * questions (Claude Code's input shape) and gets the answers as the result.
 * It never needs permission: asking is the user's to answer or decline. With
 * no user present (print mode) it is a tool error saying so.
 */
import { textResult, type Tool, type ToolContext, type ToolResult } from "./tool.ts";
import { capText } from "./output-cap.ts";

export interface UserQuestionOption {
  readonly label: string;
  readonly description: string;
}

export interface UserQuestion {
  readonly question: string;
  /** A short tag shown above the question (at most 12 characters). */
  readonly header: string;
  readonly options: readonly UserQuestionOption[];
  readonly multiSelect: boolean;
}

/** Each question's answer: the chosen labels joined by ", ", or the user's own text ("Other…"). */
export type UserAnswers = ReadonlyMap<string, string>;

/** Shows the questions and resolves with the answers; undefined when the user declined (Esc) or the turn was interrupted. */
export type AskUser = (questions: readonly UserQuestion[], signal: AbortSignal) => Promise<UserAnswers | undefined>;

export const NO_USER_MESSAGE =
  "AskUserQuestion cannot be answered: no user is present (mini-cc is running in print mode, -p). " +
  "Go on without asking: choose the most reasonable option yourself and say which you chose and why.";

const MAX_HEADER = 12;

export class AskUserQuestionTool implements Tool {
  readonly name = "AskUserQuestion";
  readonly description =
    "Asks the user one to four multiple-choice questions while you work, to settle a choice, a preference or an unclear instruction. " +
    "Each question has two to four options (a short label and what it means); the user may also answer in their own words. " +
    "Set multiSelect when several options may apply. Use it when the answer changes what you do, not to confirm what you were told.";
  readonly inputSchema = {
    type: "object",
    properties: {
      questions: {
        type: "array",
        minItems: 1,
        maxItems: 4,
        description: "The questions (1-4)",
        items: {
          type: "object",
          properties: {
            question: { type: "string", description: "The whole question, ending in a question mark" },
            header: {
              type: "string",
              description: `A very short label for it (at most ${MAX_HEADER} characters), e.g. "Auth method"`,
            },
            options: {
              type: "array",
              minItems: 2,
              maxItems: 4,
              items: {
                type: "object",
                properties: {
                  label: { type: "string", description: "The option as the user picks it (1-5 words)" },
                  description: { type: "string", description: "What it means, or what follows from it" },
                },
                required: ["label", "description"],
                additionalProperties: false,
              },
            },
            multiSelect: { type: "boolean", description: "Whether several options may be chosen" },
          },
          required: ["question", "header", "options", "multiSelect"],
          additionalProperties: false,
        },
      },
    },
    required: ["questions"],
    additionalProperties: false,
  };
  readonly readOnly = true;
  readonly #ask: AskUser | undefined;

  /** Without `ask` (print mode), every call is answered with NO_USER_MESSAGE. */
  constructor(ask?: AskUser) {
    this.#ask = ask;
  }

  summarize(input: Record<string, unknown>): string {
    const questions = Array.isArray(input.questions) ? input.questions : [];
    const first = questions[0] as { header?: unknown } | undefined;
    return typeof first?.header === "string" ? first.header : "";
  }

  async run(input: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult> {
    const questions = parseQuestions(input);
    if (typeof questions === "string") return textResult(`AskUserQuestion: ${questions}`, true);
    if (!this.#ask) return textResult(NO_USER_MESSAGE, true);
    const answers = await this.#ask(questions, ctx.signal);
    if (answers === undefined)
      return textResult(
        "The user declined to answer the questions. Ask what they want, or go on without the answers.",
        true,
      );
    return textResult(capText(answersText(questions, answers), "Ask for a shorter answer if you need the rest."));
  }
}

/** The result the model reads, in Claude Code's words. */
export function answersText(questions: readonly UserQuestion[], answers: UserAnswers): string {
  const pairs = questions.map((q) => `"${q.question}"="${answers.get(q.question) ?? ""}"`).join(", ");
  return `User has answered your questions: ${pairs}. You can now continue with the user's answers in mind.`;
}

/** The questions, or what is wrong with the input (named by field). */
export function parseQuestions(input: Record<string, unknown>): UserQuestion[] | string {
  const list = input.questions;
  if (!Array.isArray(list) || list.length < 1 || list.length > 4)
    return "questions must be an array of 1 to 4 questions";
  const questions: UserQuestion[] = [];
  for (const [i, raw] of list.entries()) {
    const at = `questions[${i}]`;
    if (raw === null || typeof raw !== "object") return `${at} must be an object`;
    const q = raw as Record<string, unknown>;
    if (typeof q.question !== "string" || q.question.trim() === "") return `${at}.question must be a non-empty string`;
    if (typeof q.header !== "string") return `${at}.header must be a string`;
    if (q.multiSelect !== undefined && typeof q.multiSelect !== "boolean") return `${at}.multiSelect must be a boolean`;
    const options = q.options;
    if (!Array.isArray(options) || options.length < 2 || options.length > 4)
      return `${at}.options must be an array of 2 to 4 options`;
    const parsed: UserQuestionOption[] = [];
    for (const [j, option] of options.entries()) {
      const o = option as Record<string, unknown> | null;
      if (o === null || typeof o !== "object" || typeof o.label !== "string" || o.label.trim() === "")
        return `${at}.options[${j}].label must be a non-empty string`;
      parsed.push({ label: o.label, description: typeof o.description === "string" ? o.description : "" });
    }
    if (questions.some((other) => other.question === q.question)) return `${at}.question repeats an earlier question`;
    questions.push({
      question: q.question,
      header: q.header.slice(0, MAX_HEADER),
      options: parsed,
      multiSelect: q.multiSelect === true,
    });
  }
  return questions;
}
