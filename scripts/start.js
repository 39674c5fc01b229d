#!/usr/bin/env node
'use strict';
// `npm start`: build if needed, then `graphsync serve` (which starts a local Neo4j when NEO4J_URI
// is unset).
const { buildIfNeeded } = require('./build-if-needed');

const { cli, entry } = buildIfNeeded((line) => process.stdout.write(`${line}\n`));
void cli.runCli(['serve', ...process.argv.slice(2)], entry);
