/**
 * `enabledMcpjsonServers`, `enableAllProjectMcpServers` and
 * `disabledMcpjsonServers` as the approvals and disabled-servers files take
 * them (their `enabledBySettings` / `disabledBySettings` options): a project
 * server a trusted settings file enables reads as approved, one any file
 * disables reads as switched off. Read at each question, so an approval given
 * during the session counts at the next listing.
 */
import type { EffectiveSettings } from "./project-settings.ts";

/** Whether the settings enable the project server `name` (no approval of its own needed). */
export function enabledBySettings(settings: EffectiveSettings, name: string): boolean {
  return settings.enableAllProjectServers || settings.enabledServers.has(name);
}
