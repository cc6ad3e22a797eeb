// What both conformance clients (conformance-client.mjs for OAuth, conformance-wire-client.mjs for
// the rest) set up: a temporary home and project where the built CLI (MINI_CC_CLI) runs, the
// scenario's server declared as `conf` in the user scope (no approval needed), a model script, and
// reading a stream-json run's tool results.
import { spawnSync } from "node:child_process";
import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * A home and project with `entry` declared as `conf` (undefined: nothing declared, the caller
 * declares it with `mcp add`); `run` runs the CLI there with `env` added.
 */
export function conformanceHome(entry, env = {}) {
  const cli = process.env.MINI_CC_CLI;
  if (!cli) throw new Error("MINI_CC_CLI: the built cli.js to run");
  const root = mkdtempSync(join(tmpdir(), "mini-cc-conformance-"));
  const home = join(root, "home");
  const project = join(root, "project");
  mkdirSync(home, { mode: 0o700 });
  mkdirSync(project);
  if (entry) writeFileSync(join(home, "mcp.json"), JSON.stringify({ mcpServers: { conf: entry } }));
  const browser = `${JSON.stringify(process.execPath)} ${JSON.stringify(fileURLToPath(new URL("./scripted-browser.mjs", import.meta.url)))}`;
  const fullEnv = {
    PATH: process.env.PATH ?? "",
    HOME: root,
    MINI_CC_HOME: home,
    BROWSER: browser,
    MCP_TIMEOUT: "10000",
    ...env,
  };
  return {
    root,
    project,
    cli,
    /** The environment every run gets. */
    env: fullEnv,
    /** A model script whose first reply calls `calls` ({name, input}, all at once), then says Done. */
    script(calls) {
      const path = join(root, "script.json");
      const first = {
        content: calls.map((call, i) => ({
          type: "tool_use",
          id: `toolu_${i}`,
          name: call.name,
          input: call.input ?? {},
        })),
      };
      writeFileSync(
        path,
        JSON.stringify({
          responses: [...(calls.length > 0 ? [first] : []), { content: [{ type: "text", text: "Done." }] }],
        }),
      );
      return path;
    },
    run(args) {
      const result = spawnSync(process.execPath, [cli, ...args], {
        cwd: project,
        env: fullEnv,
        encoding: "utf8",
        timeout: 20_000,
      });
      process.stderr.write(`$ mini-cc ${args.join(" ")} → ${result.status}\n${result.stdout}${result.stderr}\n`);
      return result;
    },
  };
}

/** The tool results of a stream-json run, in order: their text and whether they are errors. */
export function toolResults(stdout) {
  const results = [];
  for (const line of stdout.split("\n")) {
    if (!line.startsWith("{")) continue;
    const event = JSON.parse(line);
    if (event.type !== "user") continue;
    for (const block of event.message?.content ?? []) {
      if (block.type === "tool_result")
        results.push({
          text: typeof block.content === "string" ? block.content : JSON.stringify(block.content),
          isError: block.is_error === true,
        });
    }
  }
  return results;
}
