/**
 * Asks whether a project MCP server may start: what it runs, that it runs as
 * the user, and whether the entry changed since it was approved.
 */
import { Box, Text } from "ink";
import { isRemote } from "../../src/config/types.ts";
import type { ApprovalChoice } from "../../src/mcp/approval-types.ts";
import type { ServerView } from "../../src/mcp/server-state.ts";
import { SERVER_OPTIONS } from "../../src/tui/approval-options.ts";
import { displayFile } from "../../src/tui/display-path.ts";
import { launchLines } from "../../src/mcp/describe.ts";
import { ApprovalModal } from "./ApprovalModal.tsx";

/** The server to ask about and where the choice goes. */
export interface ServerApprovalModalProps {
  /** A server in `needs-approval`. */
  readonly server: ServerView;
  /** The working directory, to show the declaring file relative to it. */
  readonly cwd: string;
  readonly isActive: boolean;
  readonly onDecide: (choice: ApprovalChoice) => void;
}

function Indented({ lines, color }: { readonly lines: readonly string[]; readonly color?: string }) {
  return (
    <Box flexDirection="column" paddingLeft={4}>
      {lines.map((line, i) => (
        <Text key={i} color={color}>
          {line}
        </Text>
      ))}
    </Box>
  );
}

/** "Start, and remember" / "Start this time only" / "Don't start" for one project server. */
export function ServerApprovalModal({ server, cwd, isActive, onDecide }: ServerApprovalModalProps) {
  const previous = server.state.status === "needs-approval" ? server.state.previous : undefined;
  const remote = server.config !== undefined && isRemote(server.config.entry);
  const file = server.config ? displayFile(server.config.file, cwd) : "";
  return (
    <ApprovalModal
      choices={SERVER_OPTIONS}
      escapeHint="don't start"
      accent="magenta"
      isActive={isActive}
      onDecide={(index) => onDecide(SERVER_OPTIONS[index]?.value ?? "deny")}
    >
      <Text>
        <Text bold>MCP server </Text>
        <Text bold color="magenta">
          {server.name}
        </Text>
        <Text bold> wants to start</Text>
        <Text dimColor>
          {"  "}({server.source}
          {file === "" ? "" : ` · ${file}`})
        </Text>
      </Text>
      <Text>{remote ? "mini-cc will connect to it, as you:" : "It will run as you, on this machine:"}</Text>
      <Indented lines={server.config ? launchLines(server.config.entry) : ["(entry unavailable)"]} color="yellow" />
      {previous ? (
        <Box flexDirection="column">
          <Text color="red">⚠ This entry changed since you approved it. Before, it was:</Text>
          <Indented lines={launchLines(previous)} />
        </Box>
      ) : null}
    </ApprovalModal>
  );
}
