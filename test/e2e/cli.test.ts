import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { spawn } from 'node:child_process';
import { repoRoot } from '../../src/paths';
import { envWithout, runCli, Watched } from '../helpers/processes';
import { redisUrl, testApp, testGraph, trackAccount } from '../helpers/harness';

describe('graphsync CLI (real process, real Neo4j)', function () {
  this.timeout(60_000);
  const env = (): NodeJS.ProcessEnv => ({ ...process.env, LOG_LEVEL: 'silent' });

  it('creates an account and a key, lists and revokes the key; the key works until revoked', async () => {
    const id = `t-${randomUUID()}`;
    trackAccount(id);
    const created = await runCli(
      ['account', 'create', '--id', id, '--enable', 'PUT,OVERRIDE'],
      env(),
    );
    assert.equal(created.code, 0, created.stderr);
    const account = (JSON.parse(created.stdout) as { account: { id: string; features: string[] } })
      .account;
    assert.equal(account.id, id);
    assert.deepEqual(account.features, ['OVERRIDE', 'PUT']);

    const keyRun = await runCli(['key', 'create', '--account', id, '--name', 'from-cli'], env());
    assert.equal(keyRun.code, 0, keyRun.stderr);
    const key = (JSON.parse(keyRun.stdout) as { key: { id: string; secret: string; name: string } })
      .key;
    assert.equal(key.name, 'from-cli');

    const app = await testApp();
    const headers = { 'JupiterOne-Account': id, Authorization: `Bearer ${key.secret}` };
    assert.equal((await request(app).get('/account').set(headers)).status, 200);

    const listed = await runCli(['key', 'list', '--account', id], env());
    assert.equal(listed.code, 0, listed.stderr);
    const keys = (JSON.parse(listed.stdout) as { keys: Array<{ id: string }> }).keys;
    assert.deepEqual(
      keys.map((k) => k.id),
      [key.id],
    );
    assert.ok(!listed.stdout.includes(key.secret));

    const revoked = await runCli(['key', 'revoke', '--account', id, '--key', key.id], env());
    assert.equal(revoked.code, 0, revoked.stderr);
    assert.equal((await request(app).get('/account').set(headers)).status, 401);
  });

  it('sets features on an existing account', async () => {
    const id = `t-${randomUUID()}`;
    trackAccount(id);
    assert.equal((await runCli(['account', 'create', '--id', id], env())).code, 0);
    const res = await runCli(['account', 'set-features', '--id', id, '--features', 'PUT'], env());
    assert.equal(res.code, 0, res.stderr);
    const rows = await (
      await testGraph()
    ).read<{ account: { features: string[] } }>('accounts/get-account', { id });
    assert.deepEqual(rows[0]?.account.features, ['PUT']);
  });

  it('exits 1 with the error as JSON on stderr for a duplicate account or an unknown feature', async () => {
    const id = `t-${randomUUID()}`;
    trackAccount(id);
    assert.equal((await runCli(['account', 'create', '--id', id], env())).code, 0);
    const dup = await runCli(['account', 'create', '--id', id], env());
    assert.equal(dup.code, 1);
    assert.equal(dup.stdout, '');
    assert.ok(
      dup.stderr.includes(
        JSON.stringify({
          error: { code: 'ACCOUNT_EXISTS', message: `Account '${id}' already exists` },
        }),
      ),
    );
    const bad = await runCli(
      ['account', 'create', '--id', `t-${randomUUID()}`, '--enable', 'PUT,FLY'],
      env(),
    );
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /Unknown account feature 'FLY': valid features are PUT, OVERRIDE/);
  });

  it('stops at start-up with a message naming a bad variable', async () => {
    const res = await runCli(['account', 'list'], { ...env(), PORT: 'eighty' });
    assert.equal(res.code, 1);
    assert.match(
      res.stderr,
      /Invalid configuration:\n {2}- PORT must be a number \(got 'eighty'\)/,
    );
  });

  it('exits non-zero with usage help for a missing option', async () => {
    const res = await runCli(['key', 'create'], env());
    assert.notEqual(res.code, 0);
    assert.match(res.stderr, /required option '--account <id>' not specified/);
  });

  it('worker: refuses to start without REDIS_URL', async () => {
    const res = await runCli(['worker'], envWithout('REDIS_URL'));
    assert.equal(res.code, 1);
    assert.match(res.stderr, /REDIS_URL is required to run a worker/);
  });

  it('worker: starts against the real Redis and Neo4j, and exits 0 on SIGTERM', async () => {
    const worker = new Watched(
      spawn(process.execPath, ['--require', 'tsx/cjs', 'src/cli.ts', 'worker'], {
        cwd: repoRoot,
        env: { ...process.env, REDIS_URL: redisUrl(), LOG_LEVEL: 'info' },
      }),
    );
    await worker.waitFor(/"msg":"worker started"/, 30_000);
    assert.equal(await worker.stop('SIGTERM', 30_000), 0);
    assert.match(worker.output, /"msg":"worker stopped"/);
  });
});
