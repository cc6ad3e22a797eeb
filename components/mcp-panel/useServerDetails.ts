/**
 * Loads the opened server's details (approval record, log tail) from files:
 * again whenever the server's view changes (a restart rewrites its log) or
 * `version` does (after an approve or revoke, which the store does not show).
 */
import { useEffect, useState } from "react";
import type { ServerView } from "../../src/mcp/state/server-state.ts";
import type { ServerDetails } from "../../src/mcp/server-details.ts";
import type { ServerActions } from "../../src/mcp/server-actions.ts";

/** undefined until the first load of this server ends. */
export function useServerDetails(
  mcp: ServerActions,
  view: ServerView | undefined,
  version: number,
): ServerDetails | undefined {
  const [loaded, setLoaded] = useState<{ name: string; details: ServerDetails }>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new version (an action ended) loads the details again.
  useEffect(() => {
    if (!view) return;
    let current = true;
    void mcp.details(view.name).then(
      (details) => current && setLoaded({ name: view.name, details }),
      () => current && setLoaded({ name: view.name, details: { logTail: [] } }),
    );
    return () => {
      current = false;
    };
  }, [mcp, view, version]);
  return view && loaded?.name === view.name ? loaded.details : undefined;
}
