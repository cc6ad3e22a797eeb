/**
 * The composition root and the bundle's entry: the one file that sees both the
 * core (src/) and the Ink UI (components/), so src/ never imports components/.
 */
import { homedir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { requireCachedScript } from "../src/cli/cached-script.ts";
import { runCli } from "../src/cli/cli.ts";
import type { TuiLoader } from "../src/cli/interactive.ts";
import { resolveHome } from "../src/home.ts";

/** dist/tui.cjs's SHA-256, put in by the build (scripts/build.mjs): a start need not hash 600 KB to name its code cache. */
declare const MINI_CC_TUI_DIGEST: string | undefined;
const tuiDigest = typeof MINI_CC_TUI_DIGEST === "string" ? MINI_CC_TUI_DIGEST : undefined;

// This file is dist/cli.js once bundled: the installation is its folder's parent, and the UI is dist/tui.cjs beside it.
const dist = dirname(fileURLToPath(import.meta.url));
const installation = { dir: resolve(dist, "..") };

/**
 * The UI's bundle (app/tui.ts), through its code cache. When none could be
 * used, one is made just after the first frame, or at exit if the UI ends sooner.
 */
const loadTui: TuiLoader = async () => {
  const bundle = requireCachedScript(join(dist, "tui.cjs"), resolveHome(process.env, homedir()).codeCache, {
    contentId: tuiDigest,
  });
  process.once("exit", bundle.saveCodeCache);
  const { runTui } = await (bundle.exports as typeof import("./tui.ts")).loadRunTui();
  return {
    runTui(tui) {
      const done = runTui(tui); // renders the first frame before it returns
      // At once: the cache then holds what the first frame ran, the same with or without servers, and no more.
      bundle.saveCodeCache();
      return done;
    },
  };
};

runCli(process.argv.slice(2), loadTui, installation);
