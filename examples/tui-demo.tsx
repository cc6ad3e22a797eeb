/**
 * The full-screen UI against fakes: `node scripts/run-tsx.mjs examples/tui-demo.tsx [--fast]`.
 * Approve the tracker server in the modal, watch the panel turn green, then
 * type any prompt and answer the permission request.
 */
import { runTui } from "../components/app/run-tui.tsx";
import { makeDemoRuntime } from "./tui-demo-runtime.ts";

const runtime = makeDemoRuntime({ speed: process.argv.includes("--fast") ? 4 : 1 });
runtime.fakeMcp.start();
await runTui(runtime);
process.stdout.write("mini-cc demo: closed\n");
