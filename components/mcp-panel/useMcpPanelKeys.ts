/**
 * The focused MCP panel's keys. In the list: ↑/↓ or j/k select, Enter opens,
 * l opens at the log, Esc or Tab give the keyboard back to the prompt. In an
 * opened server: ↑/↓ j/k scroll a row, PgUp/PgDn (Space/b) a page, Home/End to
 * the top and bottom, i shows the instructions, l the log whole (scrolled to
 * it), Esc goes back to the list, Tab to the prompt. r, d and a act on the
 * selected (or opened) server in both. A background task (below the servers)
 * opens the same way, scrolls the same way, and x stops it, selected or
 * opened. Only listens while `isActive`: no key is shared with the prompt.
 */
import { useKeys } from "../keys/useKeys.ts";
import { isOpen, TO_END, type McpPanelAction, type McpPanelState } from "./panel-state.ts";
import type { ServerAction } from "./server-actions.ts";

const ACTION_KEYS: Readonly<Record<string, ServerAction>> = { r: "restart", d: "toggle", a: "approve" };

export interface McpPanelKeyOptions {
  readonly isActive: boolean;
  /** Read at each key, so two keys in one chunk see each other's effect. */
  readonly current: () => McpPanelState;
  readonly dispatch: (action: McpPanelAction) => void;
  /** Server names in panel order. */
  readonly names: readonly string[];
  /** Background task ids in panel order, after the servers. */
  readonly taskIds: readonly string[];
  /** Rows one page of the opened server scrolls, and how far it can. */
  readonly page: number;
  readonly maxScroll: number;
  readonly onAction: (name: string, action: ServerAction) => void;
  /** x on a task: the user stops it. */
  readonly onStopTask: (id: string) => void;
}

export function useMcpPanelKeys(options: McpPanelKeyOptions): void {
  const { dispatch, names, taskIds, page, maxScroll } = options;
  useKeys(
    (input, key) => {
      const state = options.current();
      const count = names.length + taskIds.length;
      const index = Math.max(0, Math.min(count - 1, state.selected));
      const listed = isOpen(state) ? undefined : index;
      const task =
        state.openedTask ??
        (listed !== undefined && listed >= names.length ? taskIds[listed - names.length] : undefined);
      const target = state.opened ?? (task === undefined && listed !== undefined ? names[listed] : undefined);
      if (key.tab) return dispatch({ type: "blur" });
      if (key.escape) return dispatch(isOpen(state) ? { type: "close" } : { type: "blur" });
      // ← goes back to the list at once (a lone Esc waits a moment for the rest of a sequence).
      if (key.leftArrow) return dispatch({ type: "close" });
      if (input === "l" && !key.ctrl && !key.meta && target !== undefined) {
        return dispatch(
          state.opened !== undefined ? { type: "toggle-log" } : { type: "open", name: target, log: true },
        );
      }
      if (input === "x" && !key.ctrl && !key.meta) return task !== undefined ? options.onStopTask(task) : undefined;
      const action = ACTION_KEYS[input];
      if (action && !key.ctrl && !key.meta) return target !== undefined ? options.onAction(target, action) : undefined;
      const up = key.upArrow || input === "k";
      const down = key.downArrow || input === "j";
      if (isOpen(state)) {
        if (up || down) return dispatch({ type: "scroll", delta: up ? -1 : 1, maxScroll });
        if (input === " " || key.pageDown) return dispatch({ type: "scroll", delta: page, maxScroll });
        if (input === "b" || key.pageUp) return dispatch({ type: "scroll", delta: -page, maxScroll });
        if (key.home) return dispatch({ type: "scroll", delta: -TO_END, maxScroll });
        if (key.end) return dispatch({ type: "scroll", delta: TO_END, maxScroll });
        if (input === "i" && state.opened !== undefined) return dispatch({ type: "toggle-instructions" });
        return;
      }
      if (up || down) return dispatch({ type: "move", delta: up ? -1 : 1, count });
      if (!(key.return || key.rightArrow)) return;
      if (task !== undefined) return dispatch({ type: "open-task", id: task });
      if (target !== undefined) return dispatch({ type: "open", name: target });
    },
    { isActive: options.isActive },
  );
}
