/** A real git repository in a test's temporary folder, whatever the developer's git settings are. */
import { spawnSync } from "node:child_process";

/** Runs git in `dir` as a user with a name; GIT_* variables of the developer's shell are left out. Throws on failure. */
export function gitIn(dir: string, ...args: string[]): void {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("GIT_")));
  const ran = spawnSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args], {
    cwd: dir,
    env,
    encoding: "utf8",
  });
  if (ran.status !== 0) throw new Error(`git ${args.join(" ")}: ${ran.stderr}`);
}

/** A repository in `dir` with `files` (paths relative to it) committed. */
export function commitFiles(dir: string, files: readonly string[], message = "a clone"): void {
  gitIn(dir, "init", "-q");
  gitIn(dir, "add", "--", ...files);
  gitIn(dir, "commit", "-q", "-m", message);
}
