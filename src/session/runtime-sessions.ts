/**
 * The session beyond one turn, as createRuntime (runtime.ts) offers it:
 * saved sessions listed and resumed, /context, /cost, and the model chosen;
 * the recorder that saves the session, and a restored one taken up again.
 */
import type { Agent } from "../agent/agent.ts";
import { MiniCcError } from "../errors.ts";
import type { HomePaths } from "../home.ts";
import type { Tool } from "../tools/tool.ts";
import { contextBreakdown, contextLines } from "./context-breakdown.ts";
import { ModelChoice } from "./model-choice.ts";
import { createModel } from "../model/default-model.ts";
import type { Model } from "../model/model.ts";
import { ScriptedModel } from "../model/scripted-model.ts";
import type { RuntimeOptions, SessionActions } from "./runtime-api.ts";
import { findSessionFile, listProjectSessions, type SavedSession } from "./saved-sessions.ts";
import { readChecked, SessionRecorder } from "./session-recorder.ts";
import { costLines, subagentContextLines } from "./session-usage.ts";
import { agentLines } from "../agents/agent-list.ts";
import type { AgentDefinition } from "../agents/definition.ts";

export interface SessionParts {
  readonly home: HomePaths;
  readonly restored: SavedSession | undefined;
  readonly agent: Agent;
  readonly recorder: SessionRecorder;
  readonly models: ModelChoice;
  readonly tools: () => readonly Tool[];
  readonly userHome: string;
  /** The subagents (`/agents`). */
  readonly agents: readonly AgentDefinition[];
}

/** `/model NAME`: the model's own name is saved (an alias, `/model opus`, as the model it chose) unless `save` is false. */
export function modelSetter({ models, recorder }: Pick<SessionParts, "models" | "recorder">) {
  return async (name: string, save = true): Promise<void> => {
    await models.choose(name);
    if (save) recorder.record({ type: "model", model: models.current.name });
  };
}

export function sessionActions(init: RuntimeOptions, parts: SessionParts): SessionActions {
  const { home, agent, recorder, models } = parts;
  const { cwd } = init;
  const setModel = modelSetter(parts);
  const serverOf = (name: string) => parts.tools().find((tool) => tool.name === name)?.server;
  return {
    restored: parts.restored,
    pickAtStart: init.options.resume?.kind === "pick",
    model: models.name,
    setModel: (name) => setModel(name),
    list: () => listProjectSessions(home.projects, cwd),
    resume(id) {
      const file = findSessionFile(home.projects, cwd, id);
      if (!file) throw new MiniCcError("usage", `no saved session ${id}`);
      const saved = readChecked(file, id, cwd, init.warn);
      agent.load(saved.entries);
      recorder.continueIn(saved);
      return saved;
    },
    contextLines: () => {
      const use = agent.contextUse();
      const lines = contextLines(
        contextBreakdown(agent.nextRequest(), serverOf, use.windowTokens, use.thresholdTokens),
      );
      return [...lines, ...subagentContextLines(recorder.subagentUsage.totals())];
    },
    contextUse: () => agent.contextUse(),
    costLines: () => costLines(recorder.usage.totals(), recorder.subagentUsage.totals()),
    agentLines: () => agentLines(parts.agents, { cwd, userHome: parts.userHome }),
  };
}

/** The model chosen (the flags' first) and the recorder that saves the session. */
export function recording(
  init: RuntimeOptions,
  home: HomePaths,
  model: Model,
  manager: { releaseBackground(): void },
  sessionId: string,
) {
  const { options, env } = init;
  const models = new ModelChoice({
    initial: model,
    // The same flags (--thinking, --include-partial-messages) for a model chosen later.
    create: (name) =>
      createModel({
        env,
        model: name,
        ...(options.thinking ? { thinking: true } : {}),
        ...(options.includePartialMessages ? { rawEvents: true } : {}),
      }),
    // Background connects held back for the first request (print mode) start once it is out.
    onFirstRequest: () => manager.releaseBackground(),
  });
  const recorder = new SessionRecorder({
    projectsRoot: home.projects,
    cwd: init.cwd,
    sessionId,
    model: () => models.current.name,
    warn: init.warn,
  });
  return { models, recorder };
}

/** A restored session goes on in its file, with its own model unless one was chosen for this run. */
export async function continueSaved(
  init: RuntimeOptions,
  restored: SavedSession,
  parts: { agent: Agent; recorder: SessionRecorder; models: ModelChoice; model: Model },
): Promise<void> {
  const { agent, recorder, model } = parts;
  agent.restore(() => restored.entries);
  recorder.continueIn(restored);
  const chosen = model instanceof ScriptedModel || init.options.model !== undefined || init.env["ANTHROPIC_MODEL"];
  if (restored.model && restored.model !== model.name && !chosen) await modelSetter(parts)(restored.model, false);
}
