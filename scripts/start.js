#!/usr/bin/env node
// `npm start`: compile the TypeScript if dist/ is missing or older than the sources, then run
// `graphsync serve` (which starts a local Neo4j when NEO4J_URI is unset).
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const root = path.resolve(__dirname, '..');
const entry = path.join(root, 'dist', 'src', 'cli.js');
const stamp = path.join(root, 'dist', '.build-stamp');

function newestMtime(target) {
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const name of fs.readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, name)));
  return newest;
}

function needsBuild() {
  if (!fs.existsSync(entry) || !fs.existsSync(stamp)) return true;
  const inputs = ['src', 'tsconfig.json', 'tsconfig.build.json', 'package.json'].map((p) =>
    path.join(root, p),
  );
  return Math.max(...inputs.map(newestMtime)) > fs.statSync(stamp).mtimeMs;
}

if (needsBuild()) {
  process.stdout.write('Building graphsync (tsc)...\n');
  const tsc = require.resolve('typescript/bin/tsc');
  const result = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    process.stderr.write('Build failed; fix the errors above and run npm start again.\n');
    process.exit(result.status ?? 1);
  }
  // tsc may leave unchanged outputs untouched: a stamp file records when the build last ran.
  fs.writeFileSync(stamp, new Date().toISOString());
}

void require(entry).runCli(['serve', ...process.argv.slice(2)]);
