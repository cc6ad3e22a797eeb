/**
 * Preloaded (`--import`) into a TUI process by bench/tui-why.ts: notes, on the
 * wall clock, when each module or script is first asked for, when each child process
 * is spawned and when the first frame is written, and writes those marks as JSON
 * to $TUI_TIMELINE_FILE. Watches without changing what the program does.
 */
import childProcess from "node:child_process";
import { writeFileSync } from "node:fs";
import { registerHooks, syncBuiltinESMExports } from "node:module";
import { stripVTControlCharacters } from "node:util";
import vm from "node:vm";

const marks: Array<[string, number]> = [];
const now = (): number => performance.timeOrigin + performance.now();
let framed = false;
const save = (): void => {
  if (process.env.TUI_TIMELINE_FILE)
    writeFileSync(process.env.TUI_TIMELINE_FILE, JSON.stringify({ timeOrigin: performance.timeOrigin, marks }));
};
/** Before the first frame marks are only kept; after it each is saved at once, since a hang-up may end the process without 'exit'. */
const mark = (what: string): void => {
  marks.push([what, now()]);
  if (framed) save();
};
mark("preload");

const seen = new Set<string>();
registerHooks({
  resolve(specifier, context, next) {
    const resolved = next(specifier, context);
    if (resolved.url.startsWith("file:") && !seen.has(resolved.url)) {
      seen.add(resolved.url);
      mark(`resolve ${resolved.url.replace(/^.*\/dist\//, "")}`);
    }
    return resolved;
  },
});

// The UI's two scripts load through vm.Script (src/cli/cached-script.ts), past the module hooks above.
const Script = vm.Script;
vm.Script = function (this: unknown, source: string, options?: vm.ScriptOptions) {
  if (options?.filename) mark(`script ${options.filename.replace(/^.*\/dist\//, "")}`);
  return new Script(source, options);
} as unknown as typeof vm.Script;

const spawn = childProcess.spawn;
childProcess.spawn = function (this: unknown, ...args: Parameters<typeof spawn>) {
  mark("spawn start");
  const child = spawn.apply(this, args);
  mark("spawn end");
  return child;
} as typeof spawn;
syncBuiltinESMExports();

const write = process.stdout.write.bind(process.stdout);
let writes = 0;
process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
  writes++;
  if (!framed && stripVTControlCharacters(String(chunk)).includes("Ask anything, or /help")) {
    framed = true;
    mark("first frame written");
    // CPU time spent so far (user + system): steadier than wall time on a busy machine.
    const cpu = process.cpuUsage();
    marks.push(["cpu ms at first frame", (cpu.user + cpu.system) / 1000]);
    marks.push(["stdout writes up to the first frame", writes]);
    save();
    // For a CPU profile of start-up alone (node --cpu-prof): stop once the first frame is out.
    if (process.env.TUI_EXIT_AT_FIRST_FRAME === "1") setImmediate(() => process.exit(0));
    // Which of Node's own modules had loaded by now (those outside its snapshot are compiled at first use).
    if (process.env.TUI_MODULE_LIST_FILE)
      writeFileSync(
        process.env.TUI_MODULE_LIST_FILE,
        (process as unknown as { moduleLoadList: string[] }).moduleLoadList.join("\n"),
      );
  }
  return (write as (...a: unknown[]) => boolean)(chunk, ...rest);
}) as typeof process.stdout.write;

process.on("exit", save);
