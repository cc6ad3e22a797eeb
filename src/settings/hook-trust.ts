/**
 * Which declared hooks may run, under the same trust as the rest of the
 * settings: the user's own files and the personal local file at once, the
 * repository's (`.claude/settings.json`, and a local file the repository
 * carries) only once approved, managed policy always;
 * `disableAllHooks` turns them off and managed `allowManagedHooksOnly` leaves
 * only the policy's.
 */
import { isRepositoryFile } from "./project-settings.ts";
import type { SettingsFile } from "./settings-file.ts";
import type { HookCommand } from "../hooks/hook-config.ts";

/** A hook as /hooks lists it. */
export interface ListedHook {
  readonly hook: HookCommand;
  readonly trusted: boolean;
  /** Why it does not run, when it does not. */
  readonly why?: string;
}

export function listHooks(files: readonly SettingsFile[], sharedTrusted: boolean): ListedHook[] {
  const managed = files.filter((file) => file.kind === "managed");
  const managedOnly = managed.some((file) => file.allowManagedHooksOnly === true);
  const offByPolicy = managed.some((file) => file.disableAllHooks === true);
  const offBySettings = files.some((file) => file.kind !== "managed" && file.disableAllHooks === true);
  return files.flatMap((file) =>
    file.hooks.map((hook): ListedHook => {
      const why =
        file.kind === "managed"
          ? offByPolicy
            ? "disableAllHooks in managed policy"
            : undefined
          : offByPolicy
            ? "disableAllHooks in managed policy"
            : managedOnly
              ? "managed policy runs only its own hooks (allowManagedHooksOnly, or a policy file it cannot read)"
              : offBySettings
                ? "disableAllHooks"
                : isRepositoryFile(file) && !sharedTrusted
                  ? "waits for approval of this file (mini-cc mcp approve --settings)"
                  : undefined;
      return why === undefined ? { hook, trusted: true } : { hook, trusted: false, why };
    }),
  );
}

/** The hooks that run. */
export function runnableHooks(listed: readonly ListedHook[]): HookCommand[] {
  return listed.filter((entry) => entry.trusted).map((entry) => entry.hook);
}
