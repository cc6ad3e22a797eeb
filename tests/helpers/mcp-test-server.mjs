// A stdio MCP server for the process tests, in plain JavaScript so it starts fast.
// Behaviour comes from its environment:
//   MCP_TEST_PID_FILE     write this process's pid here on start
//   MCP_TEST_MODE         "hang": never answer; "exit": die before the handshake
//   MCP_TEST_CANCEL_FILE  the slow tool writes "cancelled <reason>" here when the client cancels it
//   MCP_TEST_ONCE_FILE    the first start creates this file; every later start behaves as MCP_TEST_MODE=exit
//   MCP_TEST_START_DELAY_MS  wait this long before answering anything (a server slow to start)
//   MCP_TEST_DAEMON_PID_FILE  start `setsid sleep 300` (a daemon that leaves our process group) and write its pid here
//   MCP_TEST_HUGE_TOOL    also offer "huge": one result past the 10 MB line limit (or MCP_TEST_HUGE_MB megabytes)
//   MCP_TEST_WAIT_TOOL    also offer "wait": answers `waited MS ms` after `ms` milliseconds (a slow call that ends)
// Tools: echo, slow (until cancelled), die (exits 7).
import { spawn } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";

const env = process.env;
let mode = env.MCP_TEST_MODE;
if (env.MCP_TEST_ONCE_FILE) {
  if (existsSync(env.MCP_TEST_ONCE_FILE)) mode = "exit";
  else writeFileSync(env.MCP_TEST_ONCE_FILE, "");
}
// Outlive stdin's end, like the servers that leak when only the direct child is killed.
setInterval(() => {}, 60_000);
if (env.MCP_TEST_PID_FILE) writeFileSync(env.MCP_TEST_PID_FILE, String(process.pid));
if (env.MCP_TEST_DAEMON_PID_FILE) {
  // Not a group leader, so setsid execs sleep in a new session without forking: the pid is the daemon's.
  const daemon = spawn("setsid", ["sleep", "300"], { stdio: "ignore" });
  writeFileSync(env.MCP_TEST_DAEMON_PID_FILE, String(daemon.pid));
}

if (mode === "hang") {
  process.stderr.write("hanging: will never answer initialize\n");
  process.stdin.resume();
} else if (mode === "exit") {
  process.stderr.write("starting up\nError: boom at startup\n    at main (server.mjs:1:1)\n");
  process.exit(3);
} else {
  await new Promise((resolve) => setTimeout(resolve, Number(env.MCP_TEST_START_DELAY_MS ?? 0)));
  // Loaded after the pid is written: on a loaded machine the imports alone can outlast a short connect timeout.
  const { McpServer } = await import("@modelcontextprotocol/sdk/server/mcp.js");
  const { StdioServerTransport } = await import("@modelcontextprotocol/sdk/server/stdio.js");
  const { z } = await import("zod");
  const server = new McpServer({ name: "test", version: "1.0.0" }, { instructions: "Test server: echo repeats." });
  server.registerTool("echo", { inputSchema: { text: z.string() } }, ({ text }) => ({
    content: [{ type: "text", text }],
  }));
  server.registerTool(
    "slow",
    { description: "Never finishes unless cancelled." },
    (extra) =>
      new Promise((resolve) => {
        extra.signal.addEventListener("abort", () => {
          if (env.MCP_TEST_CANCEL_FILE)
            writeFileSync(env.MCP_TEST_CANCEL_FILE, `cancelled ${String(extra.signal.reason)}`);
          resolve({ content: [{ type: "text", text: "too late" }] });
        });
      }),
  );
  server.registerTool("die", { description: "Exits the process." }, () => {
    process.stderr.write("Error: asked to die\n");
    process.exit(7);
  });
  if (env.MCP_TEST_IMAGE_TOOL) {
    // A 1×1 PNG, numbered in its text so each call's result differs.
    const png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
    let shots = 0;
    server.registerTool("screenshot", { description: "Takes a screenshot." }, () => ({
      content: [
        { type: "text", text: `shot ${++shots}` },
        { type: "image", data: png, mimeType: "image/png" },
      ],
    }));
  }
  if (env.MCP_TEST_WAIT_TOOL) {
    server.registerTool("wait", { inputSchema: { ms: z.number() } }, async ({ ms }) => {
      await new Promise((resolve) => setTimeout(resolve, ms));
      return { content: [{ type: "text", text: `waited ${ms} ms` }] };
    });
  }
  if (env.MCP_TEST_HUGE_TOOL) {
    const megabytes = Number(env.MCP_TEST_HUGE_MB ?? 11);
    server.registerTool("huge", { description: `Returns ${megabytes} MB of text in one message.` }, () => ({
      content: [{ type: "text", text: "x".repeat(megabytes * 1024 * 1024) }],
    }));
  }
  await server.connect(new StdioServerTransport());
}
