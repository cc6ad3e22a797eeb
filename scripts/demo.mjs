// The seed chapter's session, offline: a fresh copy of examples/demo/ with the
// tracker declared in its .mcp.json, a scripted model, and the full-screen UI.
// Approve the tracker (1), watch the fix, allow add_comment (1), then /exit.
// Nothing in the repository changes; the copy is left in a temp folder.
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const repo = resolve(import.meta.dirname, "..");
const root = mkdtempSync(join(tmpdir(), "mini-cc-demo-"));
const project = join(root, "proj");
cpSync(join(repo, "examples", "demo"), project, { recursive: true });
const tracker = { command: process.execPath, args: [join(repo, "examples", "mcp_tracker_server.ts")] };
writeFileSync(join(project, ".mcp.json"), `${JSON.stringify({ mcpServers: { tracker } }, null, 2)}\n`);

const prompt = "Look at the Todo issues on the tracker, fix the one about posts.ts, then reply on the issue.";
const args = [
  join(repo, "dist", "cli.js"),
  "--model-script",
  join(repo, "examples", "ch15.json"),
  "--permission-mode",
  "acceptEdits",
  prompt,
];
const env = { ...process.env, MINI_CC_HOME: join(root, "home") };
delete env.CI; // Ink draws only the last frame under CI.
const { status } = spawnSync(process.execPath, args, { cwd: project, env, stdio: "inherit" });

process.stdout.write(
  `\nThe demo project: ${project}\n--- posts.ts now ---\n${readFileSync(join(project, "posts.ts"), "utf8")}`,
);
process.stdout.write(`Server log: ${join(root, "home", "logs", "mcp-tracker.log")}\n`);
process.exit(status ?? 1);
