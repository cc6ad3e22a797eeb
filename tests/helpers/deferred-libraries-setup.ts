// vitest setupFiles: the TUI loads marked and diff after its first frame and
// turns wait for them (components/runtime/deferred-libraries.ts); tests that lay out
// Markdown or diffs directly need them loaded first, as a running TUI would have.
import { loadDeferredLibraries } from "../../components/runtime/deferred-libraries.ts";

await loadDeferredLibraries();
