import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  blockProblems,
  outputProblems,
  buildScript,
  describeFailure,
  docFilesToRun,
  examplesOf,
  extractFencedBlocks,
  rewriteLine,
  runScript,
  shellQuote,
} from '../../helpers/doc-examples';

/** The doc-example harness (test/e2e/doc-examples.test.ts) on small inline markdown. */

const md = (...lines: string[]): string => `${lines.join('\n')}\n`;
const REAL = 'http://127.0.0.1:45678';

describe('doc examples: fenced block extraction', () => {
  it('finds each block with its info string, language and opening line', () => {
    const blocks = extractFencedBlocks(
      md(
        '# Title', // 1
        '', // 2
        '```sh', // 3
        'echo one', // 4
        '```', // 5
        'text', // 6
        '```json', // 7
        '{"a": 1}', // 8
        '```', // 9
        '```', // 10
        'plain', // 11
        '```', // 12
      ),
    );
    assert.deepEqual(
      blocks.map((b) => [b.lang, b.info, b.line, b.lines, b.closed]),
      [
        ['sh', 'sh', 3, ['echo one'], true],
        ['json', 'json', 7, ['{"a": 1}'], true],
        ['', '', 10, ['plain'], true],
      ],
    );
  });

  it('takes the first word of an info string with extra words as the language', () => {
    const [block] = extractFencedBlocks(md('```sh title="Create a job"', 'true', '```'));
    assert.equal(block!.lang, 'sh');
    assert.equal(block!.info, 'sh title="Create a job"');
    assert.equal(examplesOf(extractFencedBlocks(md('``` sh', 'true', '```'))).length, 1);
    assert.equal(examplesOf(extractFencedBlocks(md('```shell', 'npm start', '```'))).length, 0);
  });

  it('keeps shorter or other-character fences inside a longer block as its content', () => {
    const blocks = extractFencedBlocks(
      md(
        '````markdown', // 1
        '```sh', // 2
        'echo inner', // 3
        '```', // 4
        '````', // 5
        '~~~sh', // 6
        '```', // 7
        '~~~~', // 8
        '```sh', // 9
        'echo last', // 10
        '```', // 11
      ),
    );
    assert.deepEqual(
      blocks.map((b) => [b.lang, b.line, b.lines]),
      [
        ['markdown', 1, ['```sh', 'echo inner', '```']],
        ['sh', 6, ['```']],
        ['sh', 9, ['echo last']],
      ],
    );
  });

  it('does not take inline code with backticks for a fence', () => {
    assert.deepEqual(extractFencedBlocks(md('```sh echo `x` ```', 'text')), []);
    // A closing fence may not carry an info string: "```sh" inside a block is content.
    const [block] = extractFencedBlocks(md('```sh', 'a', '```sh', 'b', '```'));
    assert.deepEqual(block!.lines, ['a', '```sh', 'b']);
  });

  it('removes the indentation of a fence in a list item from its lines', () => {
    const [block] = extractFencedBlocks(
      md('- Step one:', '', '  ```sh', '  echo a', '    echo b', 'echo c', '  ```'),
    );
    assert.deepEqual([block!.line, block!.lines], [3, ['echo a', '  echo b', 'echo c']]);
  });

  it('reports a block the document never closes, and json blocks that are not JSON', () => {
    const blocks = extractFencedBlocks(
      md(
        '```json',
        '{"ok": [1, 2]}',
        '```',
        '```json',
        '{',
        '  "a": 1, ...',
        '}',
        '```',
        '```sh',
        'x',
      ),
    );
    const text = '{\n  "a": 1, ...\n}';
    assert.deepEqual(blockProblems('docs/x.md', blocks), [
      `docs/x.md:4: the json block is not valid JSON (${jsonError(text)}, at docs/x.md:6)`,
      'docs/x.md:9: this fenced block is never closed',
    ]);
    assert.match(
      blockProblems('docs/y.md', extractFencedBlocks(md('```json', '```')))[0]!,
      /^docs\/y\.md:1: the json block is not valid JSON/,
    );
  });

  it('refuses shell-like labels that would look like examples but never run', () => {
    const blocks = extractFencedBlocks(
      md('```bash', 'curl x', '```', '```shell', 'npm start', '```', '```console', '$ ls', '```'),
    );
    assert.deepEqual(blockProblems('docs/z.md', blocks), [
      'docs/z.md:1: a ```bash block is neither run nor marked as an instruction: use ```sh (an example the test runs) or ```shell (an instruction)',
      'docs/z.md:7: a ```console block is neither run nor marked as an instruction: use ```sh (an example the test runs) or ```shell (an instruction)',
    ]);
  });
});

function jsonError(text: string): string {
  try {
    JSON.parse(text);
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('parsed');
}

describe('doc examples: line rewriting', () => {
  it("replaces every documented URL by the service's", () => {
    assert.equal(
      rewriteLine('curl http://127.0.0.1:8080/a http://127.0.0.1:8080/b', REAL),
      `curl ${REAL}/a ${REAL}/b`,
    );
    assert.equal(rewriteLine('URL=http://127.0.0.1:8080', REAL), `URL=${REAL}`);
    assert.equal(rewriteLine('curl http://127.0.0.1:80801/x', REAL), `curl ${REAL}1/x`);
    assert.equal(rewriteLine('curl "$URL/readyz"', REAL), 'curl "$URL/readyz"');
  });

  it('turns a curl ending with "# expect NNN" into expect_status NNN with the same arguments', () => {
    assert.equal(
      rewriteLine(`curl -H "Authorization: Bearer $KEY" "$URL/account"   # expect 401`, REAL),
      `expect_status 401 -H "Authorization: Bearer $KEY" "$URL/account"`,
    );
    assert.equal(
      rewriteLine('  curl -s http://127.0.0.1:8080/x #expect 404', REAL),
      `  expect_status 404 -s ${REAL}/x`,
    );
    assert.equal(
      rewriteLine(`printf 'a,b' | curl --data-binary @- "$URL/x" | jq .error # expect 400`, REAL),
      `printf 'a,b' | expect_status 400 --data-binary @- "$URL/x" | jq .error`,
    );
    assert.equal(
      rewriteLine('ERR=$(curl "$URL/x") # expect 409', REAL),
      'ERR=$(expect_status 409 "$URL/x")',
    );
    assert.equal(
      rewriteLine(`curl "$URL/x" --data-binary @- <<'EOF' # expect 400`, REAL),
      `expect_status 400 "$URL/x" --data-binary @- <<'EOF'`,
    );
  });

  it('leaves other comments and a "# expect" inside quotes alone', () => {
    for (const line of [
      'curl "$URL/x"   # FINISHED, numEntitiesCreated: 1',
      `curl -d '{"note":"# expect 400"}' "$URL/x"`,
      'curl "$URL/x" # expect 4000',
      'curl "$URL/x" # expected 400',
    ]) {
      assert.equal(rewriteLine(line, REAL), line);
    }
  });

  it('refuses "# expect" without exactly one curl command on its own line', () => {
    assert.throws(
      () => rewriteLine('jq . file # expect 400', REAL),
      /must end a line that runs curl/,
    );
    assert.throws(() => rewriteLine('echo curling # expect 400', REAL), /runs curl/);
    assert.throws(
      () => rewriteLine('curl "$URL/a"; curl "$URL/b" # expect 400', REAL),
      /runs curl once/,
    );
    assert.throws(
      () => rewriteLine('  -d "{}" # expect 400', REAL, 'curl "$URL/x" \\'),
      /on one line/,
    );
  });
});

describe('doc examples: commands that are not examples', () => {
  it('refuses what would change the checkout, start a service or block', () => {
    for (const [line, command] of [
      ['npm install', 'npm install'],
      ['npm start      # builds, starts a local Neo4j', 'npm start'],
      ['  npm  test', 'npm test'],
      ['npm run bench:ingest', 'npm run'],
      ['docker compose up -d', 'docker'],
      ['cd x && npm ci', 'npm ci'],
      ['npx graphsync serve', 'npx graphsync serve'],
      ['graphsync worker &', 'graphsync worker'],
      ['PORT=0 node scripts/start.js', 'node scripts/start.js'],
    ]) {
      assert.throws(
        () => rewriteLine(line!, REAL),
        { message: `\`${command}\` cannot run as an example: show it in a \`\`\`shell block` },
        line,
      );
    }
    for (const line of [
      'npx graphsync key create --account local',
      'echo "run npm start first"',
      'curl "$URL/x" | jq .dockerImage',
    ]) {
      assert.equal(rewriteLine(line, REAL), line);
    }
  });
});

describe('doc examples: scripts', () => {
  const examples = extractFencedBlocks(
    md(
      'Intro', // 1
      '```sh', // 2
      'X=1', // 3
      'curl http://127.0.0.1:8080/a', // 4
      '```', // 5
      '```sh title', // 6
      'curl "$URL/b" # expect 404', // 7
      '```', // 8
    ),
  );

  it('puts a marker naming file:line before each block, then its rewritten lines', () => {
    const { text, problems } = buildScript({
      name: 'docs/guide/x.md',
      examples,
      url: REAL,
      exports: { URL: REAL, KEY: "gsk_it's" },
    });
    assert.deepEqual(problems, []);
    const lines = text.split('\n');
    assert.equal(lines[0], 'set -euo pipefail');
    assert.ok(lines.includes(`export URL=${shellQuote(REAL)} KEY='gsk_it'\\''s'`));
    const first = lines.indexOf(`echo '>>> docs/guide/x.md:2'`);
    const second = lines.indexOf(`echo '>>> docs/guide/x.md:6'`);
    assert.ok(first > 0 && second > first);
    assert.deepEqual(lines.slice(first + 2, second), ['X=1', `curl ${REAL}/a`]);
    assert.equal(
      lines[first + 1],
      `__doc_file='docs/guide/x.md' __doc_block=2 __doc_from=${first + 3} __doc_to=${first + 4}`,
    );
    assert.equal(lines[second + 2], 'expect_status 404 "$URL/b"');
  });

  it('names a misused "# expect" by file:line', () => {
    const { problems } = buildScript({
      name: 'README.md',
      examples: extractFencedBlocks(md('```sh', 'true', 'jq . # expect 400', '```')),
      url: REAL,
    });
    assert.deepEqual(problems, ['README.md:3: `# expect` must end a line that runs curl']);
  });

  /** Runs a script built from `markdown` with bash, with `curl` replaced by a stub. */
  function run(markdown: string): { status: number | null; output: string } {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'doc-examples-unit-'));
    try {
      // The stub prints its arguments and answers with the status named by the URL's last part.
      const stub = path.join(dir, 'curl');
      fs.writeFileSync(
        stub,
        [
          '#!/bin/bash',
          'echo "curl $*" >&2',
          'code=${@: -1}; code=${code##*/}; out=/dev/stdout; fmt=""; fail=""',
          '[[ $* == *--fail-with-body* ]] && fail=1',
          'while (($#)); do case $1 in -o) out=$2; shift;; -w) fmt=$2; shift;; esac; shift; done',
          'echo "{\\"status\\":$code}" > "$out"',
          '[[ -n $fmt ]] && printf %s "$code"',
          'if [[ -n $fail && $code -ge 400 ]]; then exit 22; fi',
          'exit 0',
        ].join('\n'),
        { mode: 0o755 },
      );
      const script = buildScript({
        name: 'docs/t.md',
        examples: examplesOf(extractFencedBlocks(markdown)),
        url: REAL,
      });
      const file = path.join(dir, 'script.sh');
      fs.writeFileSync(file, script.text);
      const r = spawnSync('bash', [file], {
        encoding: 'utf8',
        env: { ...process.env, PATH: `${dir}:${process.env.PATH ?? ''}` },
      });
      return { status: r.status, output: r.stdout + r.stderr };
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }

  it('runs the blocks in order in one shell, curl with --fail-with-body', () => {
    const r = run(
      md('```sh', 'X=hello', 'curl http://127.0.0.1:8080/200', '```', '```sh', 'echo "$X"', '```'),
    );
    assert.equal(r.status, 0, r.output);
    assert.match(
      r.output,
      /^>>> docs\/t\.md:1\ncurl --fail-with-body -sS http:\/\/127\.0\.0\.1:45678\/200\n/m,
    );
    assert.match(r.output, />>> docs\/t\.md:5\nhello\n$/);
  });

  it('names the markdown line of a failing command and its block', () => {
    const r = run(
      md(
        '```sh',
        'true',
        '```',
        'text',
        '```sh',
        'echo before',
        'curl "$NOPE/404"',
        'echo after',
        '```',
      ),
    );
    assert.equal(r.status, 1, r.output);
    assert.match(r.output, /NOPE: unbound variable/);
    assert.match(
      r.output,
      /!!! docs\/t\.md:7 \(in the sh block at docs\/t\.md:5\) exited with status 1\n$/,
    );
    assert.doesNotMatch(r.output, /after/);

    const http = run(md('```sh', 'curl http://127.0.0.1:8080/500', 'echo after', '```'));
    assert.equal(http.status, 22, http.output);
    assert.match(
      http.output,
      /!!! docs\/t\.md:2 \(in the sh block at docs\/t\.md:1\) exited with status 22/,
    );
  });

  it('checks the exact status of a "# expect" command and shows its response', () => {
    const ok = run(md('```sh', 'curl "$0/404" | grep -q 404 # expect 404', 'echo next', '```'));
    assert.equal(ok.status, 0, ok.output);
    assert.match(ok.output, /^curl -sS -o \S+ -w %\{http_code\} \S+\/404$/m);
    assert.doesNotMatch(ok.output, /--fail/);

    const wrong = run(md('```sh', 'true', 'curl http://127.0.0.1:8080/200 # expect 400', '```'));
    assert.equal(wrong.status, 1, wrong.output);
    assert.match(wrong.output, /\{"status":200\}\nexpected HTTP 400, got HTTP 200\n/);
    assert.match(wrong.output, /!!! docs\/t\.md:3 \(in the sh block at docs\/t\.md:1\)/);
  });

  it('describes a failure by its report line, else by the last marker', () => {
    const output = [
      '>>> a.md:1',
      'x',
      '>>> a.md:9',
      'boom',
      '',
      '!!! a.md:10 (in the sh block at a.md:9) exited with status 7',
      '',
    ].join('\n');
    const failed = describeFailure(
      'a.md',
      { code: 7, timedOut: false, output },
      '/tmp/s.sh',
      180_000,
      3,
    );
    assert.equal(
      failed,
      [
        'a.md:10 (in the sh block at a.md:9) exited with status 7',
        '--- last 3 lines of output (script: /tmp/s.sh) ---',
        'boom',
        '',
        '!!! a.md:10 (in the sh block at a.md:9) exited with status 7',
      ].join('\n'),
    );
    const hung = describeFailure(
      'a.md',
      { code: null, timedOut: true, output: '>>> a.md:9\n' },
      '/s',
      180_000,
    );
    assert.match(hung, /^a\.md:9: timed out after 180 s/);
  });
});

describe('doc examples: running a script', () => {
  it('kills the whole script, background processes too, at the time limit', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'doc-examples-run-'));
    try {
      const script = path.join(dir, 's.sh');
      fs.writeFileSync(script, `echo '>>> a.md:3'\nsleep 30 &\necho $! > ${dir}/bg\nsleep 30\n`);
      const started = Date.now();
      const run = await runScript(script, { cwd: dir, env: process.env, timeoutMs: 500 });
      assert.ok(Date.now() - started < 5_000);
      assert.deepEqual([run.code, run.timedOut, run.output], [null, true, '>>> a.md:3\n']);
      assert.match(describeFailure('a.md', run, script, 500), /^a\.md:3: timed out after 0\.5 s/);
      const bg = Number(fs.readFileSync(path.join(dir, 'bg'), 'utf8'));
      await new Promise((r) => setTimeout(r, 100));
      assert.ok(!isRunning(bg), `the background sleep (pid ${bg}) was killed`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** False once `pid` has exited (a zombie waiting for a reaper counts as exited). */
function isRunning(pid: number): boolean {
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]![0] !== 'Z';
  } catch {
    return false;
  }
}

describe('doc examples: which files', () => {
  it('README.md first, then docs/**/*.md sorted; DOC_EXAMPLES_FILES replaces them', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'doc-examples-files-'));
    try {
      for (const f of [
        'README.md',
        'docs/b.md',
        'docs/a/z.md',
        'docs/guide/README.md',
        'docs/x.txt',
      ]) {
        fs.mkdirSync(path.dirname(path.join(root, f)), { recursive: true });
        fs.writeFileSync(path.join(root, f), '');
      }
      assert.deepEqual(
        docFilesToRun(root).map((f) => [f.name, f.frontDoor]),
        [
          ['README.md', true],
          ['docs/a/z.md', false],
          ['docs/b.md', false],
          ['docs/guide/README.md', false],
        ],
      );
      assert.deepEqual(
        docFilesToRun(root, 'docs/b.md, /elsewhere/README.md /elsewhere/x.md').map((f) => [
          f.name,
          f.path,
          f.frontDoor,
        ]),
        [
          ['docs/b.md', path.join(root, 'docs/b.md'), false],
          ['/elsewhere/README.md', '/elsewhere/README.md', true],
          ['/elsewhere/x.md', '/elsewhere/x.md', false],
        ],
      );
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('doc examples: shown output', () => {
  const doc = [
    '```sh',
    'echo one',
    '```',
    '',
    '```text',
    'b ... c',
    '```',
    'prose',
    '```sh',
    'echo two',
    '```',
    'not output: prose between',
    '```text',
    'x',
    '```',
  ].join('\n');

  it('pairs an sh block with a text block that directly follows it', () => {
    const blocks = extractFencedBlocks(doc);
    assert.deepEqual(
      blocks.map((b) => b.expected),
      [['b ... c'], undefined, undefined, undefined],
    );
  });

  it('checks the shown lines against what the example printed, `...` matching anything', () => {
    const examples = examplesOf(extractFencedBlocks(doc));
    assert.deepEqual(outputProblems('d.md', examples, '>>> d.md:1\n  b 42 c\n>>> d.md:9\n'), []);
    assert.deepEqual(outputProblems('d.md', examples, '>>> d.md:1\nb c\n>>> d.md:9\nb 1 c\n'), [
      "d.md:1: the example's output lacks the line `b ... c` that the text block after it shows; it printed:\nb c",
    ]);
  });
});
