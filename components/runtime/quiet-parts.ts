/**
 * The parts of a runtime that has no saved sessions and no settings files:
 * the demo (examples/) and the screen's tests build their runtime with them.
 */
import { Store } from "../../src/store.ts";
import type { PendingSettings } from "../../src/settings/settings-session.ts";
import type { SessionActions } from "../../src/session/runtime-api.ts";
import type { SettingsActions } from "../../src/settings/settings-session.ts";

/** Sessions with nothing saved: /resume lists none, the context stays empty; /model only changes the name shown. */
export function quietSessions(modelName: string): SessionActions {
  const model = new Store(modelName);
  return {
    list: () => [],
    resume: (id) => {
      throw new Error(`no saved session ${id}`);
    },
    restored: undefined,
    pickAtStart: false,
    contextLines: () => [],
    contextUse: () => ({ tokens: 0, windowTokens: 200_000, thresholdTokens: undefined }),
    costLines: () => [],
    agentLines: () => [],
    model,
    setModel: async (name) => model.update(() => name),
  };
}

/** No settings files: nothing to approve, no rules, nothing remembered. */
export function noSettingsFiles(cwd: string): SettingsActions {
  return {
    cwd,
    question: new Store<PendingSettings | undefined>(undefined),
    answer: async () => {},
    rememberAllow: async (rule) => {
      throw new Error(`no settings file to remember ${rule} in`);
    },
    rules: () => [],
    remove: async () => {},
    remembers: false,
    hooks: () => [],
  };
}
