/**
 * The composition root and the bundle's entry: the one file that sees both the
 * core (src/) and the Ink UI (components/), so src/ never imports components/.
 */
import { homedir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type CachedScript, requireCachedScript } from "../src/cli/cached-script.ts";
import { runCli, type ScreenLoaders } from "../src/cli/cli.ts";
import { resolveHome } from "../src/home.ts";

/** Each script's SHA-256 by its path in dist/, put in by the build (scripts/build.mjs): a start need not hash them to name their code caches. */
declare const MINI_CC_SCRIPT_DIGESTS: Readonly<Record<string, string>> | undefined;
const digests: Readonly<Record<string, string>> =
  typeof MINI_CC_SCRIPT_DIGESTS === "object" ? MINI_CC_SCRIPT_DIGESTS : {};

// This file is dist/cli.js once bundled: the installation is its folder's parent, and the UI's scripts are beside it.
const dist = dirname(fileURLToPath(import.meta.url));
const installation = { dir: resolve(dist, "..") };

/** The UI's scripts loaded so far: when none could use its code cache, one is made just after the first frame, or at exit if the UI ends sooner. */
const loaded: CachedScript[] = [];

/** A script of dist/ (`name`), through its code cache; its exports. */
function loadScript(name: string): unknown {
  const script = requireCachedScript(join(dist, name), resolveHome(process.env, homedir()).codeCache, {
    contentId: digests[name],
  });
  process.once("exit", script.saveCodeCache);
  loaded.push(script);
  return script.exports;
}

/** The runtime's side (src/cli/interactive.ts) and the UI's bundle (app/tui.ts), each a CommonJS script of its own. */
const screen: ScreenLoaders = {
  loadInteractive: () => loadScript("chunks/interactive.cjs") as typeof import("../src/cli/interactive.ts"),
  async loadTui() {
    const { runTui } = await (loadScript("tui.cjs") as typeof import("./tui.ts")).loadRunTui();
    return {
      runTui(tui) {
        const done = runTui(tui); // renders the first frame before it returns
        // At once: each cache then holds what the first frame ran, the same with or without servers, and no more.
        for (const script of loaded) script.saveCodeCache();
        return done;
      },
    };
  },
};

runCli(process.argv.slice(2), screen, installation);
