/**
 * Requests a server sends us: `elicitation/create` (a form or a URL for the
 * user) and `sampling/createMessage` (a turn of our model). Who answers is
 * the host's choice: print mode declines (sampling runs only with
 * --allow-sampling), the TUI asks the user through a ServerQuestionPrompt
 * (the queue in components/runtime/server-request-queue.ts). No server samples without a
 * person or a flag saying yes. Loaded before the TUI's first frame, so it
 * imports no SDK code (server-request-handlers.ts installs these on a client).
 */
import type { CreateMessageRequestParams, CreateMessageResult, ElicitResult } from "@modelcontextprotocol/client";
import type { Model } from "../../model/model.ts";
import { describeError } from "../../errors.ts";
import { formContent, readElicitRequest, type ElicitField, type FieldValue } from "./elicitation.ts";
import { runSampling, samplingResult, samplingView, type SamplingReply, type SamplingView } from "./sampling.ts";
import type { OpenOutcome } from "../open-url.ts";

/** The spec's error for a sampling request the user (or print mode) refused. */
export const SAMPLING_REJECTED = -1;

/** How the host answers server requests; `server` is the server's name. */
export interface ServerRequestHandlers {
  elicit(server: string, params: unknown, signal: AbortSignal): Promise<ElicitResult>;
  sample(server: string, params: CreateMessageRequestParams, signal: AbortSignal): Promise<CreateMessageResult>;
  /**
   * A tool call to `server` begins; the returned function is called when it
   * has ended or was interrupted, so that questions it left waiting can be
   * declined rather than shown after the call they were for.
   */
  callStarted?(server: string): () => void;
}

/** Everything the user can be asked on a server's behalf. Texts are the server's, untrusted. */
export type ServerQuestion =
  | { kind: "elicit-form"; server: string; message: string; fields: readonly ElicitField[] }
  | { kind: "elicit-url"; server: string; message: string; url: string }
  | { kind: "sampling-request"; server: string; request: SamplingView }
  | { kind: "sampling-reply"; server: string; reply: SamplingReply };

/** What the URL modal's choices mean: open it for the user, the user opens it, no, or dismissed. */
export type UrlAnswer = "open" | "copied" | "decline" | "cancel";
export type FormAnswer =
  | { action: "accept"; values: Readonly<Record<string, FieldValue>> }
  | { action: "decline" | "cancel" };

/** The answer each kind of question takes. */
export interface ServerAnswers {
  "elicit-form": FormAnswer;
  "elicit-url": UrlAnswer;
  "sampling-request": "approve" | "reject";
  "sampling-reply": "approve" | "reject";
}

export type ServerQuestionPrompt = <Q extends ServerQuestion>(
  question: Q,
  signal: AbortSignal,
) => Promise<ServerAnswers[Q["kind"]]>;

/** What an answer becomes when the request is dropped (the server cancelled it, or we are closing). */
/** What a question still waiting when the tool call that caused it ended answers. */
export const DECLINED: { [K in keyof ServerAnswers]: ServerAnswers[K] } = {
  "elicit-form": { action: "decline" },
  "elicit-url": "decline",
  "sampling-request": "reject",
  "sampling-reply": "reject",
};

export const DISMISSED: { [K in keyof ServerAnswers]: ServerAnswers[K] } = {
  "elicit-form": { action: "cancel" },
  "elicit-url": "cancel",
  "sampling-request": "reject",
  "sampling-reply": "reject",
};

/** A JSON-RPC error the SDK sends as is: code and message (an McpError's message would repeat "MCP error -1"). */
function rejected(why: string): Error & { code: number } {
  return Object.assign(new Error(why), { code: SAMPLING_REJECTED });
}

/** Print mode and `mcp` subcommands: elicitation declined; sampling declined unless allowed by flag. */
export function unattendedHandlers(options: {
  model?: Model;
  allowSampling: boolean;
  say: (line: string) => void;
}): ServerRequestHandlers {
  return {
    async elicit(server, params) {
      const view = readElicitRequest(params);
      const what = view.kind === "url" ? "to visit a URL" : "for input";
      const reason = view.kind === "unsupported" ? `cannot be shown (${view.reason})` : "nobody to ask in print mode";
      options.say(`MCP server ${server} asked ${what}: declined (${reason})`);
      return { action: "decline" };
    },
    async sample(server, params, signal) {
      if (!options.allowSampling || !options.model) {
        options.say(`MCP server ${server} asked to use the model: declined (allow with --allow-sampling)`);
        throw rejected("Sampling declined: mini-cc runs unattended (start it with --allow-sampling to allow)");
      }
      options.say(`MCP server ${server} used the model (--allow-sampling)`);
      return samplingResult(await sample(options.model, params, signal));
    },
  };
}

/** For sessions nobody watches (`mcp list`): every request declined, silently. */
export const DECLINE_ALL: ServerRequestHandlers = unattendedHandlers({ allowSampling: false, say: () => {} });

/** The TUI: every request is the user's to answer; `log` notes in the server's log what was declined and why. */
export function askingHandlers(options: {
  model: Model;
  ask: ServerQuestionPrompt;
  openUrl: (url: string) => Promise<OpenOutcome>;
  log: (server: string, line: string) => void;
  callStarted?: (server: string) => () => void;
}): ServerRequestHandlers {
  const { ask } = options;
  return {
    ...(options.callStarted ? { callStarted: options.callStarted } : {}),
    async elicit(server, params, signal) {
      const view = readElicitRequest(params);
      if (view.kind === "unsupported") {
        options.log(server, `elicitation declined: the request cannot be shown (${view.reason})`);
        return { action: "decline" };
      }
      if (view.kind === "url") {
        const answer = await ask({ kind: "elicit-url", server, message: view.message, url: view.url }, signal);
        if (answer === "open") {
          const opened = await options.openUrl(view.url);
          if (opened.kind === "refused") options.log(server, `did not open the URL: ${opened.reason}`);
          if (opened.kind === "failed")
            options.log(server, `could not open ${view.url} with ${opened.via}: ${opened.reason}`);
        }
        return { action: answer === "open" || answer === "copied" ? "accept" : answer };
      }
      const answer = await ask({ kind: "elicit-form", server, message: view.message, fields: view.fields }, signal);
      return answer.action === "accept"
        ? { action: "accept", content: formContent(view.fields, answer.values) }
        : { action: answer.action };
    },
    async sample(server, params, signal) {
      if ((await ask({ kind: "sampling-request", server, request: samplingView(params) }, signal)) !== "approve") {
        throw rejected("User rejected sampling request");
      }
      const reply = await sample(options.model, params, signal);
      if ((await ask({ kind: "sampling-reply", server, reply }, signal)) !== "approve")
        throw rejected("User rejected the sampled reply");
      return samplingResult(reply);
    },
  };
}

/** The model's reply; a model failure reaches the server as an error it can read. */
async function sample(model: Model, params: CreateMessageRequestParams, signal: AbortSignal): Promise<SamplingReply> {
  try {
    return await runSampling(model, params, signal);
  } catch (error) {
    throw rejected(`Sampling failed: ${describeError(error)}`);
  }
}
