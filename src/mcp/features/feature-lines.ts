/**
 * A connected server's protocol features in a few lines, for `mcp get` and
 * `/mcp -v`: the protocol version it speaks, its negotiated capabilities, how many resources, templates and
 * prompts it offers, and its recent warnings (notifications/message at
 * warning or above). Server text is made terminal-safe here.
 */
import { terminalSafeLine } from "../../text/terminal-safe.ts";
import { describeCapabilities } from "../connection/client-capabilities.ts";
import { promptCommandName } from "./prompts.ts";
import type { ServerFeatures } from "../state/server-state.ts";

/** Recent warnings shown; the state keeps a few more. */
const SHOWN_WARNINGS = 5;

const count = (n: number, what: string) => `${n} ${what}${n === 1 ? "" : "s"}`;

/** `Protocol: …`, `Capabilities: …`, `Resources: …`, `Prompts: …`, `Capped: …`, `Warnings: …`, each prefixed with `indent`. */
export function featureLines(server: string, features: ServerFeatures, indent: string): string[] {
  // Absent only for a state not made by a handshake (tests, a cached list).
  if (!features.capabilities) return [];
  const lines = features.protocolVersion ? [`Protocol: ${terminalSafeLine(features.protocolVersion)}`] : [];
  lines.push(`Capabilities: ${terminalSafeLine(describeCapabilities(features.capabilities))}`);
  if (features.resources || features.resourceTemplates) {
    lines.push(
      `Resources: ${count(features.resources?.length ?? 0, "resource")}, ${count(features.resourceTemplates?.length ?? 0, "template")}`,
    );
  }
  if (features.prompts && features.prompts.length > 0) {
    lines.push(
      `Prompts: ${features.prompts.map((prompt) => `/${terminalSafeLine(promptCommandName(server, prompt.name))}`).join(", ")}`,
    );
  }
  for (const cut of features.listCuts ?? []) lines.push(`Capped: ${cut}`);
  const warnings = features.logWarnings ?? [];
  if (warnings.length > 0) {
    lines.push(`Recent warnings (${warnings.length}):`);
    for (const warning of warnings.slice(-SHOWN_WARNINGS)) {
      lines.push(
        `  [${terminalSafeLine(warning.level)}]${warning.logger ? ` ${terminalSafeLine(warning.logger)}:` : ""} ${terminalSafeLine(warning.text)}`,
      );
    }
  }
  return lines.map((line) => indent + line);
}
