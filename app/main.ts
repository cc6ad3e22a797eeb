/**
 * The composition root and the bundle's entry: the one file that sees both the
 * core (src/) and the Ink UI (components/), so src/ never imports components/.
 */
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { runCli } from "../src/cli/cli.ts";

// This file is dist/cli.js once bundled (app/main.ts before): either way the installation is its folder's parent.
const installation = { dir: resolve(dirname(fileURLToPath(import.meta.url)), "..") };
runCli(process.argv.slice(2), () => import("../components/run-tui.tsx"), installation);
