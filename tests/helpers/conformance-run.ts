/**
 * Running one client scenario of an MCP conformance suite against mini-cc: the suite
 * (`suite`, its dist/index.js) starts the scenario's servers and runs `client` (a .mjs
 * driving the built CLI, MINI_CC_CLI) against them; its checks.json and the client's
 * stderr are read back from under `out`.
 */
import { spawn } from "node:child_process";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { NODE } from "./cli-sandbox.ts";

export interface Check {
  id: string;
  name: string;
  status: "SUCCESS" | "FAILURE" | "WARNING" | "INFO" | "SKIPPED";
  description: string;
  errorMessage?: string;
}

export interface ScenarioRun {
  suite: string;
  client: string;
  /** The built cli.js the client runs. */
  cli: string;
  /** Where results go; each scenario gets a folder of its own. */
  out: string;
}

/** Runs scenario `name` (the client's environment given `env` too): its checks, and what the client wrote to stderr. */
export async function runScenario(
  run: ScenarioRun,
  name: string,
  env: Record<string, string> = {},
): Promise<{ checks: Check[]; stderr: string }> {
  const dir = join(run.out, name.replace(/\W/g, "_"));
  const command = `${JSON.stringify(NODE)} ${JSON.stringify(run.client)}`;
  const child = spawn(
    NODE,
    [run.suite, "client", "--command", command, "--scenario", name, "--timeout", "60000", "-o", dir],
    {
      env: { ...process.env, ...env, MINI_CC_CLI: run.cli },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let log = "";
  child.stdout.on("data", (chunk: Buffer) => (log += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (log += chunk.toString()));
  await new Promise((resolve) => child.once("close", resolve));
  // The suite saves them under <dir>/<scenario>-<time>/ (a scenario's "/" makes a folder).
  const files = await readdir(dir, { recursive: true });
  const found = files.find((file) => file.endsWith("checks.json"));
  if (found === undefined) throw new Error(`no results for ${name}:\n${log}`);
  const stderrFile = files.find((file) => file.endsWith("stderr.txt"));
  return {
    checks: JSON.parse(await readFile(join(dir, found), "utf8")) as Check[],
    stderr: stderrFile ? await readFile(join(dir, stderrFile), "utf8") : "",
  };
}

/** The checks that failed or warned, each as `id name: message`. */
export const problems = (checks: readonly Check[]) =>
  checks
    .filter((check) => check.status === "FAILURE" || check.status === "WARNING")
    .map((check) => `${check.id} ${check.name}: ${check.errorMessage ?? check.description}`);
