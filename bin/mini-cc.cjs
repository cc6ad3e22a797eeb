#!/usr/bin/env node
// The `mini-cc` command: the first file it runs. The bundle (dist/cli.js) needs
// Node 22 and on an older Node would die with a stack trace before running a
// line, so this file must load on any Node: CommonJS in ES5 syntax (plus the
// one import(), reached only on a new Node), no node: specifiers. It checks the
// version, then imports the bundle.
// An old Node is told what to install rather than replaced: the `node` npm
// package would add ~185 MB to every install, through a preinstall download
// that --ignore-scripts and npm's script policies block, while whoever runs
// `npm install -g` already has a Node of their own to upgrade.
"use strict";
var path = require("path");
var url = require("url");

// package.json's engines.node, written out: reading package.json here cost ~2 ms
// of every start (tests/unit/cli/bin-shim.test.ts keeps the two equal).
var neededMajor = 22;

if (Number(process.versions.node.split(".")[0]) < neededMajor) {
  process.stderr.write(
    "mini-cc: needs Node.js " +
      neededMajor +
      " or newer, found " +
      process.version +
      "; install Node.js " +
      neededMajor +
      " (https://nodejs.org, or `nvm install " +
      neededMajor +
      "`) and run it again\n",
  );
  process.exitCode = 1;
} else {
  // The compile cache from here on, so the bundle's entry is cached too, not only what it loads.
  const nodeModule = require("module");
  if (nodeModule.enableCompileCache) nodeModule.enableCompileCache();
  import(url.pathToFileURL(path.join(__dirname, "..", "dist", "cli.js")).href);
}
