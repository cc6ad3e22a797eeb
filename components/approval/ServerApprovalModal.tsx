/**
 * Asks whether a project MCP server may start: what it runs, that it runs as
 * the user, whether the entry changed since it was approved and, when several
 * wait, all of them, with "start all" beside the per-server choices.
 */
import type { ServerView } from "../../src/mcp/state/server-state.ts";
import { serverOptions, type ServerAnswer } from "./approval-options.ts";
import type { SandboxAvailability } from "../../src/sandbox/availability.ts";
import { sandboxOfferFor } from "./server-approval-body.ts";
import { serverApprovalBody, serverApprovalNote } from "./server-approval-body.ts";
import { terminalSafeLine } from "../../src/text/terminal-safe.ts";
import { ApprovalModal } from "./ApprovalModal.tsx";

/** The server to ask about, the others waiting, and where the answer goes. */
export interface ServerApprovalModalProps {
  /** A server in `needs-approval`. */
  readonly server: ServerView;
  /** Every server waiting for approval, `server` among them; it alone by default. */
  readonly waiting?: readonly ServerView[];
  /** `server`'s place among all asked about in this round (1-based) and how many that is. */
  readonly position?: { readonly index: number; readonly total: number };
  /** The working directory, to show the declaring file relative to it. */
  readonly cwd: string;
  readonly isActive: boolean;
  /** "all" starts and remembers every server in `waiting`. */
  readonly onDecide: (answer: ServerAnswer) => void;
  /** See ApprovalModal. */
  readonly onStrayKey?: () => void;
  readonly width?: number;
  readonly maxHeight?: number;
  /** Whether the sandbox can run here (undefined while being found out); absent: no sandbox is offered. */
  readonly sandbox?: SandboxAvailability | "checking";
}

/** ("Start sandboxed") / "Start, and remember" / "Start this time only" / ("Start all N") / "Don't start". */
export function ServerApprovalModal(props: ServerApprovalModalProps) {
  const { server, cwd, isActive, onDecide } = props;
  const waiting = props.waiting ?? [server];
  const position = props.position ?? { index: 1, total: waiting.length };
  const options = serverOptions(waiting.length, sandboxOfferFor(server, props.sandbox));
  // The answer to "can the sandbox run here?" arrives after the modal may show: it starts again with it, highlight on the first choice that can be taken.
  const offer =
    props.sandbox === undefined ? "none" : props.sandbox === "checking" ? "checking" : String(props.sandbox.available);
  return (
    <ApprovalModal
      key={offer}
      title={[
        { text: "MCP server " },
        { text: terminalSafeLine(server.name), color: "magenta" },
        { text: " wants to start" },
        { text: `  (${serverApprovalNote(server, position.index, position.total, cwd)})`, dim: true },
      ]}
      body={serverApprovalBody(server, waiting)}
      choices={options}
      escapeHint="don't start"
      accent="magenta"
      isActive={isActive}
      onDecide={(index) => onDecide(options[index]?.value ?? "deny")}
      onStrayKey={props.onStrayKey}
      width={props.width}
      maxHeight={props.maxHeight}
    />
  );
}
