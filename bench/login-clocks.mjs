// Clocks for bench/login-time.ts, loaded with `node --import` into each process of a login
// (written to $BENCH_CLOCK_DIR, times in ms since the epoch so processes compare):
// - the OAuth stand-in (tests/helpers/oauth-mcp-server.mjs): each request it answers, from
//   its arrival to the end of the answer (`wait-*.log`: start end), the time a client waits on it;
// - the scripted browser (tests/helpers/scripted-browser.mjs): from its start to the moment it
//   sends the redirect to the login's callback (`wait-*.log`), the time a client waits on the
//   browser and the user; the callback's own handling is the client's work;
// - any other process (mini-cc, the floors): its own CPU time at exit (`cpu-PID.json`; its
//   children, such as the browser, not counted), and how long its main thread sat ready to run
//   while other processes had the cores (Linux's schedstat run delay: what a busy machine adds).
import { subscribe } from "node:diagnostics_channel";
import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const dir = process.env.BENCH_CLOCK_DIR;
const main = process.argv[1] ?? "";
const now = () => performance.timeOrigin + performance.now();
const waited = (start, end) => dir && appendFileSync(join(dir, `wait-${process.pid}.log`), `${start} ${end}\n`);

if (dir && main.endsWith("oauth-mcp-server.mjs")) {
  const arrived = new WeakMap();
  subscribe("http.server.request.start", ({ request }) => arrived.set(request, now()));
  subscribe("http.server.response.finish", ({ request, response }) => {
    const start = arrived.get(request);
    // A GET event stream stays open for the whole connection: nobody waits on it.
    const stream = request.method === "GET" && String(response.getHeader("content-type")).includes("event-stream");
    if (start !== undefined && !stream) waited(start, now());
  });
} else if (dir && main.endsWith("scripted-browser.mjs")) {
  const fetchUrl = globalThis.fetch;
  globalThis.fetch = (url, init) => {
    if (new URL(url).pathname === "/callback") waited(performance.timeOrigin, now());
    return fetchUrl(url, init);
  };
} else if (dir) {
  process.on("exit", () => {
    const usage = process.resourceUsage();
    const cpuMs = (usage.userCPUTime + usage.systemCPUTime) / 1000;
    // "on-cpu waiting timeslices", in ns.
    const queuedMs = Number(readFileSync("/proc/self/schedstat", "utf8").split(" ")[1]) / 1e6;
    writeFileSync(join(dir, `cpu-${process.pid}.json`), JSON.stringify({ cpuMs, queuedMs }));
  });
}
