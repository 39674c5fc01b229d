import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../../src/paths';
import { envWithout, runBin, runCli, Watched } from '../helpers/processes';
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

  it('exits 1 for a failure and 2 for bad input, with the error as JSON on stderr', async () => {
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
    assert.equal(bad.code, 2, 'an unknown feature is a usage error');
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

  it('exits 2 with the problem and a pointer to --help for usage errors', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['key', 'create'], /error: required option '--account <id>' not specified/],
      [['bogus'], /error: unknown command 'bogus'/],
      [['account', 'list', '--colour'], /error: unknown option '--colour'/],
      [[], /Usage: graphsync \[options\] \[command\]/],
    ];
    for (const [args, message] of cases) {
      const res = await runCli(args, env());
      assert.equal(res.code, 2, `graphsync ${args.join(' ')}: ${res.stderr}`);
      assert.match(res.stderr, message);
      assert.equal(res.stdout, '');
      if (args.length > 0) assert.match(res.stderr, /\(graphsync --help shows the usage\)/);
    }
  });

  it('--version prints the package version and --help describes every command; both exit 0', async () => {
    const version = await runCli(['--version'], env());
    assert.equal(version.code, 0);
    const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
      version: string;
    };
    assert.equal(version.stdout, `${pkg.version}\n`);
    const help = await runCli(['--help'], env());
    assert.equal(help.code, 0);
    assert.match(help.stdout, /Exit codes: 0 done, 1 failed, 2 usage error/);
    for (const command of ['serve', 'worker', 'account', 'key'])
      assert.match(help.stdout, new RegExp(`\\n  ${command} +\\S`), `${command} has a description`);
  });

  it('key create --secret-only prints only the secret, which works', async () => {
    const id = `t-${randomUUID()}`;
    trackAccount(id);
    assert.equal((await runCli(['account', 'create', '--id', id], env())).code, 0);
    const res = await runCli(['key', 'create', '--account', id, '--secret-only'], env());
    assert.equal(res.code, 0, res.stderr);
    assert.match(res.stdout, /^gsk_\S+\n$/);
    const headers = { 'JupiterOne-Account': id, Authorization: `Bearer ${res.stdout.trim()}` };
    assert.equal(
      (
        await request(await testApp())
          .get('/account')
          .set(headers)
      ).status,
      200,
    );
  });

  it('key create --roles gives the key those roles, key list shows them, an unknown role exits 2', async () => {
    const id = `t-${randomUUID()}`;
    trackAccount(id);
    assert.equal((await runCli(['account', 'create', '--id', id], env())).code, 0);
    const res = await runCli(['key', 'create', '--account', id, '--roles', 'read, ingest'], env());
    assert.equal(res.code, 0, res.stderr);
    const key = (JSON.parse(res.stdout) as { key: { id: string; secret: string; roles: string[] } })
      .key;
    assert.deepEqual(key.roles, ['ingest', 'read']);
    const app = await testApp();
    const headers = { 'JupiterOne-Account': id, Authorization: `Bearer ${key.secret}` };
    assert.equal((await request(app).get('/rules').set(headers)).status, 200);
    const write = await request(app).delete('/rules/r-1').set(headers);
    assert.equal(write.status, 403);
    assert.equal(write.body.error.code, 'INSUFFICIENT_ROLE');

    const all = await runCli(['key', 'create', '--account', id], env());
    const allKey = (JSON.parse(all.stdout) as { key: { id: string; roles: string[] } }).key;
    assert.deepEqual(allKey.roles, ['ingest', 'read', 'write', 'admin'], 'default: every role');
    const listed = await runCli(['key', 'list', '--account', id], env());
    const keys = (JSON.parse(listed.stdout) as { keys: Array<{ id: string; roles: string[] }> })
      .keys;
    assert.deepEqual(Object.fromEntries(keys.map((k) => [k.id, k.roles])), {
      [key.id]: ['ingest', 'read'],
      [allKey.id]: ['ingest', 'read', 'write', 'admin'],
    });

    const bad = await runCli(['key', 'create', '--account', id, '--roles', 'read,owner'], env());
    assert.equal(bad.code, 2, 'an unknown role is a usage error');
    assert.match(
      bad.stderr,
      /Unknown key role 'owner': valid roles are ingest, read, write, admin/,
    );
  });

  it('npx graphsync without NEO4J_URI and with no local Neo4j running: says so in one line, starts no Java and exits 1', async function () {
    // bin/graphsync.js builds dist/ first when it is missing (a fresh clone) and says so: build
    // here, so that the runs below print only their own line.
    this.timeout(300_000);
    assert.equal((await runBin(['--version'], env())).code, 0);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphsync-cli-'));
    try {
      for (const args of [
        ['account', 'list'],
        ['key', 'create', '--account', 'local'],
      ]) {
        const res = await runBin(args, { ...envWithout('NEO4J_URI'), DATA_DIR: dataDir });
        assert.equal(res.code, 1);
        assert.equal(
          res.stderr,
          `No local Neo4j is running for DATA_DIR ${dataDir}: start graphsync first (npm start) with the same environment, or set NEO4J_URI.\n`,
        );
      }
      assert.deepEqual(fs.readdirSync(dataDir), [], 'nothing was started or written');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('the image entry (src/cli.ts, no local Neo4j launcher) without NEO4J_URI: names the variable and exits 1', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphsync-cli-'));
    try {
      for (const args of [['account', 'list'], ['serve'], ['worker']]) {
        const res = await runCli(args, {
          ...envWithout('NEO4J_URI'),
          DATA_DIR: dataDir,
          REDIS_URL: redisUrl(),
        });
        assert.equal(res.code, 1, args.join(' '));
        assert.equal(
          res.stderr,
          'Invalid configuration:\n  - NEO4J_URI is not set: set it to your Neo4j (bolt://host:7687). Only the repository (npm start, npx graphsync) runs a local Neo4j when it is unset.\n',
          args.join(' '),
        );
      }
      assert.deepEqual(fs.readdirSync(dataDir), [], 'no local Neo4j was started');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
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
