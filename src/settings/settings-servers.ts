/**
 * `enabledMcpjsonServers`, `enableAllProjectMcpServers` and
 * `disabledMcpjsonServers` as McpManager sees them: a project server a trusted
 * settings file enables reads as approved, one any file disables reads as
 * switched off. Read at each question, so an approval given during the
 * session counts at the next listing.
 */
import type { ServerConfig } from "../config/types.ts";
import type { ApprovalRecords, ApprovalStatus } from "../mcp/approvals/approval-types.ts";
import type { DisabledServers } from "../mcp/approvals/disabled-servers.ts";
import type { EffectiveSettings } from "./project-settings.ts";

/** The approvals file, with the servers the settings enable counted as approved. */
export function settingsApprovedServers(approvals: ApprovalRecords, settings: () => EffectiveSettings): ApprovalRecords {
  return {
    async status(projectDir: string, server: ServerConfig): Promise<ApprovalStatus> {
      const now = settings();
      if (now.enableAllProjectServers || now.enabledServers.has(server.name)) return "approved";
      return approvals.status(projectDir, server);
    },
    ...(approvals.previous ? { previous: approvals.previous.bind(approvals) } : {}),
    approve: (projectDir, server) => approvals.approve(projectDir, server),
  };
}

/** The disabled-servers file, with the servers the settings disable added to its list. */
export function settingsDisabledServers(disabled: DisabledServers, settings: () => EffectiveSettings): DisabledServers {
  return {
    async list(projectDir: string): Promise<ReadonlySet<string>> {
      return new Set([...(await disabled.list(projectDir)), ...settings().disabledServers]);
    },
    set: (projectDir, name, off) => disabled.set(projectDir, name, off),
  };
}
