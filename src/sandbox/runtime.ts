/**
 * The sandbox runtime (@anthropic-ai/sandbox-runtime), loaded and started on
 * the first sandboxed launch, never before: its module and its proxies cost
 * nothing to a session that runs no sandboxed server. The runtime is one per
 * process (SandboxManager is a module of its own), so its start is shared by
 * every host here and its end waits for the last one (release()).
 */
import type { SandboxManager as Manager } from "@anthropic-ai/sandbox-runtime";

export type SandboxRuntime = typeof Manager;

/** The runtime's start, shared by the hosts that hold it. */
interface Shared {
  ready: Promise<SandboxRuntime>;
  holders: number;
}

const shared: { current?: Shared } = {};

/**
 * The started runtime: no host allowance of its own (every wrap brings its
 * paths, every server its hosts through a per-command list), the violation
 * monitor on. Each acquire() wants one release().
 */
export function acquireRuntime(): Promise<SandboxRuntime> {
  if (!shared.current) {
    const ready = (async () => {
      const { SandboxManager } = await import("@anthropic-ai/sandbox-runtime");
      await SandboxManager.initialize(
        {
          network: { allowedDomains: [], deniedDomains: [] },
          filesystem: { denyRead: [], allowWrite: [], denyWrite: [] },
        },
        undefined,
        true,
      );
      return SandboxManager;
    })();
    shared.current = { ready, holders: 0 };
    // A failed start is not kept: the next launch tries again (and says why again).
    ready.catch(() => {
      if (shared.current?.ready === ready) shared.current = undefined;
    });
  }
  shared.current.holders++;
  return shared.current.ready;
}

/** Ends the runtime (its proxies, its monitor socket, its mount points) once no host holds it; true when it ended. */
export async function releaseRuntime(): Promise<boolean> {
  const current = shared.current;
  if (!current || --current.holders > 0) return false;
  shared.current = undefined;
  const runtime = await current.ready.catch(() => undefined);
  await runtime?.reset();
  return true;
}
