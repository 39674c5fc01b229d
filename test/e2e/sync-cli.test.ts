import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { repoRoot } from '../../src/paths';
import { freshAccount, startTestApi, testGraph, type TestAccount } from '../helpers/harness';
import { envWithout, runCli } from '../helpers/processes';

/**
 * `graphsync sync` as a user runs it: the real CLI process (src/cli.ts under tsx) against a real
 * API process on a free port (local mode), real Neo4j; the graph is read back after each run.
 * The CLI's output here is not a terminal, so progress comes as plain lines on stderr.
 */
const FIXTURES = path.join(repoRoot, 'test', 'fixtures', 'sync-cli');
const fixture = (name: string): string => path.join(FIXTURES, name);

interface GraphEntity {
  _key: string;
  _type: string;
  _class: string | string[];
  _deleted?: boolean;
  [property: string]: unknown;
}
interface GraphRelationship {
  _key: string;
  type: string;
  fromKey: string;
  toKey: string;
  _deleted?: boolean;
}

async function scopeContents(accountId: string, scope: string) {
  const rows = await (
    await testGraph()
  ).read<{ entities: GraphEntity[]; relationships: GraphRelationship[] }>(
    'sync/test-scope-contents',
    { accountId, scope },
  );
  const live = <T extends { _deleted?: boolean }>(items: T[]) =>
    items.filter((i) => i._deleted !== true);
  return { entities: live(rows[0]!.entities), relationships: live(rows[0]!.relationships) };
}

async function jobCount(accountId: string): Promise<number> {
  const rows = await (
    await testGraph()
  ).read<{ jobs: number }>('sync/test-account-job-count', { accountId });
  return Number(rows[0]!.jobs);
}

describe('graphsync sync (real CLI process, real API, real Neo4j)', function () {
  this.timeout(120_000);
  let api: Awaited<ReturnType<typeof startTestApi>>;
  let tmp: string;

  before(async () => {
    api = await startTestApi();
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'graphsync-sync-cli-'));
  });
  after(async () => {
    await api?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  /** The CLI with the connection in its environment (GRAPHSYNC_*), as a script would set it. */
  const sync = (account: TestAccount, args: string[]) =>
    runCli(['sync', ...args], {
      ...process.env,
      LOG_LEVEL: 'silent',
      GRAPHSYNC_URL: api.url,
      GRAPHSYNC_ACCOUNT: account.accountId,
      GRAPHSYNC_KEY: account.key,
    });

  /** The three entities and one relationship every graph.* fixture holds. */
  async function assertFixtureGraph(accountId: string, scope: string): Promise<void> {
    const { entities, relationships } = await scopeContents(accountId, scope);
    const byKey = Object.fromEntries(entities.map((e) => [e._key, e]));
    assert.deepEqual(Object.keys(byKey).sort(), ['shop', 'web-1', 'web-2']);
    assert.equal(byKey['web-1']!.ip, '10.0.0.5');
    assert.equal(byKey['web-2']!._type, 'cli_host');
    assert.deepEqual(byKey.shop!._class, ['Application', 'Service']);
    assert.equal(byKey.shop!.tier, 1);
    assert.deepEqual(
      relationships.map((r) => [r._key, r.type, r.fromKey, r.toKey]),
      [['web-1|hosts|shop', 'HOSTS', 'web-1', 'shop']],
    );
  }

  for (const name of ['graph.json', 'graph.jsonl', 'graph.csv', 'graph.yaml']) {
    it(`syncs ${name}: exit 0, a summary on stdout, the objects in Neo4j`, async () => {
      const account = await freshAccount();
      const scope = `cli-${randomUUID()}`;
      const run = await sync(account, ['--scope', scope, fixture(name)]);
      assert.equal(run.code, 0, run.stderr + run.stdout);
      assert.match(run.stdout, /^Job [0-9a-f-]{36} FINISHED in \d+\.\d s \(DIFF, scope cli-/);
      assert.match(run.stdout, /\n {2}entities: {6}3 uploaded, 3 created, 0 updated, 0 deleted\n/);
      assert.match(
        run.stdout,
        /\n {2}relationships: 1 uploaded, 1 created, 0 updated, 0 deleted\n/,
      );
      await assertFixtureGraph(account.accountId, scope);
      assert.equal(await jobCount(account.accountId), 1);
    });
  }

  it('syncs a gzipped file recognised by its bytes (no .gz in the name), in batches of 1', async () => {
    const account = await freshAccount();
    const scope = `cli-${randomUUID()}`;
    const file = path.join(tmp, `zipped-${randomUUID()}.jsonl`);
    fs.writeFileSync(file, zlib.gzipSync(fs.readFileSync(fixture('graph.jsonl'))));
    const run = await sync(account, ['--scope', scope, '--batch-size', '1', file]);
    assert.equal(run.code, 0, run.stderr);
    assert.match(
      run.stderr,
      /upload: 3 entities, 1 relationships \(100% of 0\.0 MB read\), done in 4 batches\n/,
    );
    await assertFixtureGraph(account.accountId, scope);
  });

  it('DIFF: a second run without web-2 and the relationship deletes them (read back from Neo4j)', async () => {
    const account = await freshAccount();
    const scope = `cli-${randomUUID()}`;
    assert.equal((await sync(account, ['--scope', scope, fixture('graph.json')])).code, 0);
    const smaller = path.join(tmp, `smaller-${randomUUID()}.jsonl`);
    fs.writeFileSync(
      smaller,
      fs
        .readFileSync(fixture('graph.jsonl'), 'utf8')
        .split('\n')
        .filter((l) => l !== '' && !l.includes('"web-2"') && !l.includes('_fromEntityKey'))
        .join('\n'),
    );
    const run = await sync(account, ['--scope', scope, '--mode', 'DIFF', smaller]);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /entities: {6}2 uploaded, 0 created, 0 updated, 1 deleted/);
    assert.match(run.stdout, /relationships: 0 uploaded, 0 created, 0 updated, 1 deleted/);
    const { entities, relationships } = await scopeContents(account.accountId, scope);
    assert.deepEqual(entities.map((e) => e._key).sort(), ['shop', 'web-1']);
    assert.deepEqual(relationships, []);
  });

  it('--dry-run on a bad file: exit 3, each bad object named by file, line and _key; no job', async () => {
    const account = await freshAccount();
    const run = await sync(account, ['--scope', 's', '--dry-run', fixture('invalid.jsonl')]);
    assert.equal(run.code, 3, run.stderr);
    const file = fixture('invalid.jsonl');
    assert.equal(
      run.stderr,
      `invalid: ${file} line 2 (entity _key 'web-2'): _class is required\n` +
        `invalid: ${file} line 3 (entity _key 'web-3'): nested (entity key: 'web-3') has invalid type. Valid types are string, number, boolean, null, or an array of only strings, only numbers or only booleans.\n`,
    );
    assert.equal(
      run.stdout,
      'Dry run: 3 entities, 0 relationships: 2 problems; nothing was sent\n',
    );
    assert.equal(await jobCount(account.accountId), 0);
    const valid = await sync(account, ['--scope', 's', '--dry-run', fixture('graph.csv')]);
    assert.equal(valid.code, 0, valid.stderr);
    assert.equal(await jobCount(account.accountId), 0);
  });

  it('a bad object without --dry-run: the API refuses it, exit 3 naming it, the job is aborted', async () => {
    const account = await freshAccount();
    const scope = `cli-${randomUUID()}`;
    const run = await sync(account, ['--scope', scope, fixture('invalid.jsonl')]);
    assert.equal(run.code, 3, run.stderr);
    assert.match(
      run.stderr,
      new RegExp(
        `error: ${fixture('invalid.jsonl').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} line 2 \\(entity _key 'web-2'\\): _class is required \\(400 VALIDATION_ERROR\\)\n\\(job ([0-9a-f-]{36}) was aborted\\)\n$`,
      ),
    );
    const jobId = /\(job ([0-9a-f-]{36}) was aborted\)/.exec(run.stderr)![1]!;
    const res = await fetch(`${api.url}/persister/synchronization/jobs/${jobId}`, {
      headers: account.headers,
    });
    const { job } = (await res.json()) as { job: { status: string; abortReason: string } };
    assert.equal(job.status, 'ABORTED');
    assert.match(
      job.abortReason,
      /^graphsync sync: .*line 2 \(entity _key 'web-2'\): _class is required/,
    );
    assert.deepEqual((await scopeContents(account.accountId, scope)).entities, []);
  });

  it('--json: JSON lines on stdout, upload and progress events, then the result with the job', async () => {
    const account = await freshAccount();
    const scope = `cli-${randomUUID()}`;
    const run = await sync(account, ['--scope', scope, '--json', fixture('graph.yaml')]);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stderr, '');
    const lines = run.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const result = lines.at(-1)!;
    assert.equal(result.type, 'result');
    assert.equal(result.exitCode, 0);
    const job = result.job as Record<string, unknown>;
    assert.equal(job.status, 'FINISHED');
    assert.equal(job.scope, scope);
    assert.equal(job.numEntitiesCreated, 3);
    assert.equal(job.numRelationshipsCreated, 1);
    assert.deepEqual(result.upload, {
      entities: 3,
      relationships: 1,
      batches: 1,
      bytesSent: (result.upload as { bytesSent: number }).bytesSent,
    });
    assert.deepEqual(
      lines
        .filter((l) => l.type === 'upload' && l.done === true)
        .map((l) => [l.entities, l.relationships]),
      [[3, 1]],
    );
    const progress = lines.filter((l) => l.type === 'progress');
    assert.ok(progress.length >= 1, run.stdout);
    const last = progress.at(-1)!;
    assert.deepEqual([last.jobId, last.status, last.final], [job.id, 'FINISHED', true]);
    assert.equal((last.counters as Record<string, number>).numEntitiesCreated, 3);
    // From the progress stream (the job alone has no phases): the phases this job took.
    assert.deepEqual(
      (last.phases as Array<{ name: string; done: number; total: number }>).map((p) => p.name),
      ['entities', 'delete-entities', 'relationships', 'delete-relationships', 'finish'],
    );
  });

  it('not a terminal: plain progress lines on stderr', async () => {
    const account = await freshAccount();
    const run = await sync(account, ['--scope', `cli-${randomUUID()}`, fixture('graph.csv')]);
    assert.equal(run.code, 0, run.stderr);
    const lines = run.stderr.trim().split('\n');
    assert.equal(
      lines[0],
      'upload: 3 entities, 1 relationships (100% of 0.0 MB read), done in 1 batches',
    );
    assert.match(lines[1]!, /^finalize: job [0-9a-f-]{36}$/);
    assert.match(lines.at(-1)!, /^finalize: FINISHED( finish \d+(\/\d+)?)? 100%$/);
    assert.ok(!run.stderr.includes('\x1b['), 'no terminal control codes');
  });

  it('on a terminal (a pseudo-terminal from script(1)): upload and finalize progress bars', async function () {
    if (spawnSync('script', ['--version']).status !== 0) this.skip();
    const account = await freshAccount();
    const scope = `cli-${randomUUID()}`;
    const cli = [process.execPath, '--require', 'tsx/cjs', 'src/cli.ts', 'sync', '--scope', scope];
    const command = [...cli, fixture('graph.json')].map((a) => `'${a}'`).join(' ');
    // Asynchronously: the API answering the CLI runs in this process.
    const child = spawn('script', ['-qec', command, '/dev/null'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        GRAPHSYNC_URL: api.url,
        GRAPHSYNC_ACCOUNT: account.accountId,
        GRAPHSYNC_KEY: account.key,
      },
    });
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    const status = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    const run = { status, stdout };
    assert.equal(run.status, 0, run.stdout);
    // cli-progress draws on the terminal: the bars, their last state, and no plain progress lines.
    assert.match(run.stdout, /upload +\|█+\| 100% \| 0\.0\/0\.0 MB, 4 objects/);
    assert.match(run.stdout, /finalize \|█+\| 100% \| FINISHED/);
    assert.doesNotMatch(run.stdout, /^upload: /m);
    assert.match(run.stdout, /entities: {6}3 uploaded, 3 created/);
    await assertFixtureGraph(account.accountId, scope);
  });

  it('a wrong key: exit 1 with the API message and what to check; nothing is started', async () => {
    const account = await freshAccount();
    const run = await runCli(
      [
        'sync',
        '--url',
        api.url,
        '--account',
        account.accountId,
        '--key',
        'gsk_wrong',
        '--scope',
        's',
        fixture('graph.json'),
      ],
      { ...process.env, LOG_LEVEL: 'silent' },
    );
    assert.equal(run.code, 1);
    assert.equal(
      run.stderr,
      'error: 401 UNAUTHORIZED: Invalid API key (check --key / GRAPHSYNC_KEY and --account / GRAPHSYNC_ACCOUNT)\n',
    );
    assert.equal(run.stdout, '');
    assert.equal(await jobCount(account.accountId), 0);
  });

  it('usage errors exit 2: a missing file, an unknown mode, a missing --url', async () => {
    const account = await freshAccount();
    const missing = await sync(account, ['--scope', 's', path.join(tmp, 'nope.json')]);
    assert.equal(missing.code, 2);
    assert.equal(missing.stderr, `error: ${path.join(tmp, 'nope.json')}: no such file\n`);
    const mode = await sync(account, ['--mode', 'MERGE', fixture('graph.json')]);
    assert.equal(mode.code, 2);
    assert.match(
      mode.stderr,
      /error: option '--mode <mode>' argument 'MERGE' is invalid\. Allowed choices are DIFF, PATCH, PUT, CROSS_SCOPE, OVERRIDE\./,
    );
    const noUrl = await runCli(
      ['sync', '--account', 'a', '--key', 'k', fixture('graph.json')],
      envWithout('GRAPHSYNC_URL'),
    );
    assert.equal(noUrl.code, 2);
    assert.match(noUrl.stderr, /error: required option '--url <url>' not specified/);
    assert.equal(await jobCount(account.accountId), 0);
  });
});

describe('graphsync sync against a rate-limited API (real CLI, API, Neo4j)', function () {
  this.timeout(120_000);
  let api: Awaited<ReturnType<typeof startTestApi>>;

  before(async () => {
    // Three requests per key per 2 s: the CLI's start, uploads, finalize and reads exceed it.
    api = await startTestApi({ RATE_LIMIT_WINDOW: '2s', RATE_LIMIT_PER_KEY: '3' });
  });
  after(async () => {
    await api?.close();
  });

  it('waits out each 429 as Retry-After asks, and the job still FINISHES with every object', async () => {
    const account = await freshAccount();
    const scope = `cli-${randomUUID()}`;
    const run = await runCli(
      ['sync', '--scope', scope, '--batch-size', '1', '--concurrency', '2', fixture('graph.jsonl')],
      {
        ...process.env,
        LOG_LEVEL: 'silent',
        GRAPHSYNC_URL: api.url,
        GRAPHSYNC_ACCOUNT: account.accountId,
        GRAPHSYNC_KEY: account.key,
      },
    );
    assert.equal(run.code, 0, run.stderr + run.stdout);
    assert.match(run.stderr, /^retrying in [0-2]\.\d s: 429 Too Many Requests$/m);
    assert.match(run.stdout, /entities: {6}3 uploaded, 3 created/);
    const { entities, relationships } = await scopeContents(account.accountId, scope);
    assert.equal(entities.length, 3);
    assert.equal(relationships.length, 1);
  });
});
