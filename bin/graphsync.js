#!/usr/bin/env node
'use strict';
// The `graphsync` command (`npx graphsync ...` in this repo): build if needed, then run the CLI.
// Node 22.1+ caches compiled code between runs, which makes a CLI command start faster.
require('node:module').enableCompileCache?.();
const { buildIfNeeded } = require('../scripts/build-if-needed');

const { cli, entry } = buildIfNeeded((line) => process.stderr.write(`${line}\n`));
void cli.runCli(process.argv.slice(2), entry);
