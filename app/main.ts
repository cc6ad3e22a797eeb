/**
 * The composition root and the bundle's entry: the one file that sees both the
 * core (src/) and the Ink UI (components/), so src/ never imports components/.
 */
import { runCli } from "../src/cli/cli.ts";

runCli(process.argv.slice(2), () => import("../components/run-tui.tsx"));
