/**
 * The session's model as it is now. `/model` swaps it for later requests and
 * the footer follows its name; the agent holds `agentModel`, a stand-in that
 * always streams from the current one and says once when the first request
 * is out (print mode's held-back servers then start connecting).
 */
import { MiniCcError } from "../errors.ts";
import type { Model } from "../model/model.ts";
import { ScriptedModel } from "../model/scripted-model.ts";
import { Store } from "../store.ts";

export interface ModelChoiceOptions {
  /** The model the session starts with. */
  initial: Model;
  /** Makes the model named (with the session's flags: --thinking, --include-partial-messages). */
  create: (name: string) => Promise<Model>;
  /** Called once: when the first stream yields (the request is out) or ends. */
  onFirstRequest: () => void;
}

export class ModelChoice {
  /** The current model's name (the footer). */
  readonly name: Store<string>;
  /** What the agent streams from: always the current model. */
  readonly agentModel: Model;
  readonly #create: (name: string) => Promise<Model>;
  #current: Model;

  constructor(options: ModelChoiceOptions) {
    this.#current = options.initial;
    this.#create = options.create;
    this.name = new Store(options.initial.name);
    this.agentModel = standIn(() => this.#current, options.onFirstRequest);
  }

  get current(): Model {
    return this.#current;
  }

  /** Later requests go to `name`; a usage error for the scripted model, which cannot be switched. */
  async choose(name: string): Promise<void> {
    if (this.#current instanceof ScriptedModel) {
      throw new MiniCcError(
        "usage",
        `the ${this.#current.name} model cannot be switched; /model works with ANTHROPIC_API_KEY set`,
      );
    }
    this.#current = await this.#create(name);
    this.name.update(() => this.#current.name);
  }
}

function standIn(current: () => Model, first: () => void): Model {
  let pending = true;
  const fire = () => {
    if (!pending) return;
    pending = false;
    first();
  };
  return {
    get name() {
      return current().name;
    },
    get contextWindowTokens() {
      return current().contextWindowTokens;
    },
    async *stream(request, signal) {
      try {
        for await (const event of current().stream(request, signal)) {
          fire();
          yield event;
        }
      } finally {
        fire();
      }
    },
  };
}
