/**
 * Whether a project server runs sandboxed by its approval: the answer given
 * this session ("Start sandboxed" or not), else the one stored with its
 * approval. Other servers have no such choice (their entry's `sandbox` decides).
 */
import type { ServerConfig } from "../../config/types.ts";
import type { ApprovalRecords } from "./approval-types.ts";

export class SandboxChoices {
  readonly #approvals: ApprovalRecords;
  readonly #projectDir: string;
  readonly #answered = new Map<string, boolean>();

  constructor(approvals: ApprovalRecords, projectDir: string) {
    this.#approvals = approvals;
    this.#projectDir = projectDir;
  }

  /** The user's answer this session. */
  answered(name: string, sandboxed: boolean): void {
    this.#answered.set(name, sandboxed);
  }

  async sandboxed(config: ServerConfig): Promise<boolean> {
    if (config.source !== "project") return false;
    const chosen = this.#answered.get(config.name);
    if (chosen !== undefined) return chosen;
    return (await this.#approvals.previous(this.#projectDir, config.name))?.sandboxed === true;
  }
}
