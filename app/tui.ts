/**
 * The entry of dist/tui.cjs: the full-screen UI (React, Ink, components/) as
 * one CommonJS bundle. CommonJS, so that it loads as a script through
 * src/cli/cached-script.ts, whose V8 code cache, made just after the first
 * frame, holds every function that frame ran: the next start deserializes
 * them instead of compiling them again. (Node's own compile cache, which the
 * rest of the CLI uses, only keeps what is compiled before a module runs.)
 */
import { yogaReady } from "./yoga-loaded-later.ts";

/** The UI's module once Yoga is ready; bundled, the import below runs its modules only now. */
export async function loadRunTui(): Promise<typeof import("../components/app/run-tui.tsx")> {
  await yogaReady;
  return import("../components/app/run-tui.tsx");
}
