'use strict';
// Compiles the TypeScript (and builds the web console) when dist/ is missing or older than the
// sources, so `npm start` and the `graphsync` bin always run the code in src/ (and the local Neo4j
// launcher in tools/neo4j-local), and /console serves the console in console/.
// Returns the compiled CLI module, and the entry they hand it: the development Neo4j launcher,
// which the container image (`node dist/src/cli.js`) does not have.
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const root = path.resolve(__dirname, '..');
const entry = path.join(root, 'dist', 'src', 'cli.js');
const launcher = path.join(root, 'dist', 'tools', 'neo4j-local', 'index.js');
const stamp = path.join(root, 'dist', '.build-stamp');

function newestMtime(target) {
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  // Maven's output (tools/*/target) is not a source.
  for (const name of fs.readdirSync(target).filter((n) => n !== 'target'))
    newest = Math.max(newest, newestMtime(path.join(target, name)));
  return newest;
}

function needsBuild() {
  if (!fs.existsSync(entry) || !fs.existsSync(launcher) || !fs.existsSync(stamp)) return true;
  const inputs = ['src', 'tools', 'tsconfig.json', 'tsconfig.build.json', 'package.json'].map((p) =>
    path.join(root, p),
  );
  return Math.max(...inputs.map(newestMtime)) > fs.statSync(stamp).mtimeMs;
}

const consoleStamp = path.join(root, 'dist', 'console', '.build-stamp');

/** The web console (console/, built by Vite into dist/console) is stale or missing. */
function consoleNeedsBuild() {
  if (!fs.existsSync(consoleStamp)) return true;
  const inputs = ['console', path.join('src', 'generated', 'openapi.ts'), 'package.json'].map((p) =>
    path.join(root, p),
  );
  return Math.max(...inputs.map(newestMtime)) > fs.statSync(consoleStamp).mtimeMs;
}

/** Builds the web console when its sources are newer than its build (decision 0058). */
function buildConsoleIfNeeded(log) {
  if (!consoleNeedsBuild()) return;
  log('Building the web console (vite)...');
  const vite = path.join(path.dirname(require.resolve('vite/package.json')), 'bin', 'vite.js');
  const result = spawnSync(
    process.execPath,
    [vite, 'build', '--config', path.join('console', 'vite.config.mts'), '--logLevel', 'warn'],
    { cwd: root, stdio: 'inherit' },
  );
  if (result.status !== 0) {
    process.stderr.write('Console build failed; fix the errors above and try again.\n');
    process.exit(result.status ?? 1);
  }
  fs.writeFileSync(consoleStamp, new Date().toISOString());
}

function buildIfNeeded(log) {
  buildConsoleIfNeeded(log);
  if (needsBuild()) {
    log('Building graphsync (tsc)...');
    const tsc = require.resolve('typescript/bin/tsc');
    const result = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (result.status !== 0) {
      process.stderr.write('Build failed; fix the errors above and try again.\n');
      process.exit(result.status ?? 1);
    }
    // tsc may leave unchanged outputs untouched: a stamp file records when the build last ran.
    fs.writeFileSync(stamp, new Date().toISOString());
  }
  return { cli: require(entry), entry: { localNeo4j: () => require(launcher).localNeo4jLauncher } };
}

module.exports = { buildIfNeeded, buildConsoleIfNeeded };
