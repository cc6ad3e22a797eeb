// `prepare`: builds dist/ when mini-cc is installed from git (npm packs the
// built checkout) and after `npm install` in a checkout. npm installs the
// devDependencies before it runs this, except under `npm install -g <git url>`,
// which runs it with none (npm/cli#8440): then this installs them itself, into
// the checkout, and builds with the Node 22 they bring. Runs on the user's
// Node, which may be older than 22: plain ESM, no newer APIs.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

// The nested install below runs `prepare` again: that one leaves the build to this one.
if (process.env.MINI_CC_PREPARE_INSTALLING) process.exit(0);

function npm(args, env) {
  const { status } = spawnSync("npm", args, {
    stdio: "inherit",
    env: { ...process.env, ...env },
    shell: process.platform === "win32",
  });
  if (status !== 0) process.exit(status ?? 1);
}

if (!existsSync("node_modules/esbuild")) {
  npm(["install", "--global=false", "--include=dev", "--no-save", "--no-audit", "--no-fund"], {
    MINI_CC_PREPARE_INSTALLING: "1",
  });
}
npm(["run", "build"]);
