import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../../src/paths';
import {
  blockProblems,
  buildScript,
  describeFailure,
  DOC_URL,
  docFilesToRun,
  type DocFile,
  examplesOf,
  extractFencedBlocks,
  outputProblems,
  runScript,
} from '../helpers/doc-examples';
import { envWithout, Watched } from '../helpers/processes';

/**
 * The documentation's examples run as written. This comment is the convention for writers of
 * README.md and docs/**\/*.md:
 *
 * - A fenced block with the info string `sh` (extra words allowed: "```sh title") is an example.
 *   Each file's sh blocks run in order in ONE bash process (`set -euo pipefail`, and
 *   `shopt -s inherit_errexit`), so a variable set in one block is seen by the file's later blocks;
 *   files do not share variables. The working directory is the repository.
 * - All files run against one service this test starts as a user does (`node scripts/start.js`:
 *   a fresh DATA_DIR, its own local Neo4j, local mode, ADMIN_TOKEN set). Every literal
 *   `http://127.0.0.1:8080` in an sh block is replaced by that service's URL.
 * - README.md defines `URL=http://127.0.0.1:8080` and `KEY` itself (`npx graphsync ...` in its
 *   blocks works on the service's DATA_DIR). Every other file gets `URL`, `KEY` (an API key of
 *   account `local`, which has the PUT and OVERRIDE features) and `ADMIN_TOKEN` exported.
 * - `curl` is a function adding `--fail-with-body -sS`: any HTTP error status fails the example
 *   (so do not pass `-f`/`--fail` yourself). A command whose point is an error response ends its
 *   line with `# expect NNN`; its line must run curl once (it may be piped) and be written on one
 *   line: it is rewritten to `expect_status NNN <curl's arguments>`, which prints the response and
 *   fails unless the status is exactly NNN.
 * - A ```json block only shows a response or schema excerpt and must parse as JSON (no comments,
 *   no `...`). Every fence must be closed. Other info strings are not run: ```shell for commands
 *   the test cannot run (npm install, npm start, docker compose, ...), ```text for output.
 *   `bash`, `console` and the like are refused: a shell block is either `sh` or `shell`.
 * - A ```text block right after an sh block (only blank lines between) is that example's output:
 *   each of its non-blank lines must appear, in order, among the lines the example printed
 *   (`...` in a line stands for any text, such as an id). So shown output cannot go stale.
 * - Examples need bash, curl and jq; they must not depend on external systems answering, and each
 *   file uses its own scope and rule names.
 *
 * How it runs: one `it` per file (README.md first, then docs/**\/*.md sorted); a file's sh blocks
 * become one script (a prelude, then per block a marker line `>>> file:line` and the block) run with
 * a 180 s limit. A failure names the failing command's file:line and its block, shows the last 60
 * lines of output and the exit status, and keeps the script (its path is in the message). A file
 * without sh blocks needs no service: the service starts on the first file that has one.
 *
 * DOC_EXAMPLES_FILES (comma- or whitespace-separated paths, relative to the repository or absolute)
 * runs those files instead, e.g. to try a draft: a file named README.md outside the repository is
 * treated as the front door (no URL/KEY exported), any other as a docs file.
 */
const SCRIPT_TIMEOUT_MS = 180_000;
const ADMIN_TOKEN = 'doc-examples-admin-token-0123456789';

interface Service {
  url: string;
  key: string;
  env: NodeJS.ProcessEnv;
}

describe('documentation examples (README.md and docs/**/*.md)', function () {
  this.timeout(SCRIPT_TIMEOUT_MS + 420_000);
  const files: DocFile[] = docFilesToRun(repoRoot, process.env.DOC_EXAMPLES_FILES);
  let scripts: string;
  let dataDir: string;
  let watched: Watched | undefined;
  let starting: Promise<Service> | undefined;
  let failed = false;

  before(() => {
    scripts = fs.mkdtempSync(path.join(os.tmpdir(), 'graphsync-doc-examples-'));
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphsync-doc-examples-data-'));
  });

  /** Starts the service once, when the first file with examples needs it. */
  function service(): Promise<Service> {
    starting ??= (async () => {
      const env: NodeJS.ProcessEnv = {
        ...envWithout('NEO4J_URI', 'REDIS_URL'),
        DATA_DIR: dataDir,
        PORT: '0',
        NEO4J_LOCAL_PORT: '0',
        NEO4J_LOCAL_HEAP: '512m',
        ADMIN_TOKEN,
        LOG_LEVEL: 'warn',
      };
      const started = new Watched(
        spawn(process.execPath, ['scripts/start.js'], { cwd: repoRoot, env }),
      );
      watched = started;
      const url = (await started.waitFor(/URL: +(http:\/\/\S+)/, 300_000))[1]!;
      const key = (await started.waitFor(/API key: +(gsk_\S+)/, 10_000))[1]!;
      return { url, key, env };
    })();
    return starting;
  }

  after(async () => {
    try {
      if (watched !== undefined && isRunning(watched)) {
        assert.equal(await watched.stop('SIGTERM', 60_000), 0, watched.output);
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (!failed) fs.rmSync(scripts, { recursive: true, force: true });
    }
  });

  for (const file of files) {
    it(file.name, async () => {
      try {
        const blocks = extractFencedBlocks(fs.readFileSync(file.path, 'utf8'));
        const examples = examplesOf(blocks);
        // The convention is checked before anything runs (the problems do not depend on the URL).
        const problems = [
          ...blockProblems(file.name, blocks),
          ...buildScript({ name: file.name, examples, url: DOC_URL }).problems,
        ];
        if (problems.length > 0) assert.fail(problems.join('\n'));
        if (examples.length === 0) return;

        const { url, key, env } = await service();
        const script = buildScript({
          name: file.name,
          examples,
          url,
          exports: file.frontDoor ? {} : { URL: url, KEY: key, ADMIN_TOKEN },
        });
        const scriptPath = path.join(scripts, `${file.name.replace(/[^\w.-]+/g, '_')}.sh`);
        fs.writeFileSync(scriptPath, script.text);
        const run = await runScript(scriptPath, {
          cwd: repoRoot,
          env: {
            ...env,
            PATH: `${path.join(repoRoot, 'node_modules', '.bin')}${path.delimiter}${env.PATH ?? ''}`,
          },
          timeoutMs: SCRIPT_TIMEOUT_MS,
        });
        if (run.code !== 0 || run.timedOut) {
          let message = describeFailure(file.name, run, scriptPath, SCRIPT_TIMEOUT_MS);
          if (watched !== undefined && !isRunning(watched)) {
            const tail = watched.output.split('\n').slice(-30).join('\n');
            message += `\n--- the service has exited; its last output ---\n${tail}`;
          }
          assert.fail(message);
        }
        const stale = outputProblems(file.name, examples, run.output);
        if (stale.length > 0) assert.fail(stale.join('\n'));
      } catch (err) {
        failed = true;
        throw err;
      }
    });
  }
});

function isRunning(watched: Watched): boolean {
  return watched.child.exitCode === null && watched.child.signalCode === null;
}
