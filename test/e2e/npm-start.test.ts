import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../../src/paths';
import { envWithout, runBin, Watched } from '../helpers/processes';

/**
 * What a newcomer does: `npm start` with no NEO4J_URI on an empty data directory. It must build,
 * start a real local Neo4j, create the `local` account, print the URL, the console's URL and an
 * API key that work, keep the data across a restart, let the CLI work beside it, and shut down
 * cleanly on SIGTERM.
 */
describe('npm start (fresh data directory, own local Neo4j)', function () {
  this.timeout(300_000);
  let dataDir: string;

  before(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphsync-start-'));
  });
  after(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const env = (): NodeJS.ProcessEnv => ({
    ...envWithout('NEO4J_URI', 'REDIS_URL', 'ADMIN_TOKEN'),
    DATA_DIR: dataDir,
    PORT: '0',
    NEO4J_LOCAL_PORT: '0',
    NEO4J_LOCAL_HEAP: '512m',
    LOG_LEVEL: 'warn',
  });
  const stateFile = (): string => path.join(dataDir, 'neo4j', 'graphsync-neo4j.json');
  const start = (): Watched =>
    new Watched(spawn(process.execPath, ['scripts/start.js'], { cwd: repoRoot, env: env() }));

  it('prints a URL and an API key that work; the data survives a restart; SIGTERM stops everything, SIGKILL leaves no orphan', async () => {
    // A state file left by a crash, naming a live pid that is not a Neo4j launcher, is ignored.
    fs.mkdirSync(path.join(dataDir, 'neo4j'), { recursive: true });
    fs.writeFileSync(stateFile(), JSON.stringify({ pid: process.pid, uri: 'bolt://127.0.0.1:1' }));
    const first = start();
    try {
      const url = (await first.waitFor(/URL: +(http:\/\/\S+)/, 240_000))[1]!;
      const key = (await first.waitFor(/API key: +(gsk_\S+)/, 10_000))[1]!;
      // The console URL it prints serves the built console (npm start built it), deep links too.
      const consoleUrl = (await first.waitFor(/Console: +(http:\/\/\S+)/, 10_000))[1]!;
      assert.equal(consoleUrl, `${url}/console`);
      for (const page of [consoleUrl, `${consoleUrl}/alerts/some-alert`]) {
        const html = await fetch(page);
        assert.equal(html.status, 200, page);
        assert.match(await html.text(), /<title>graphsync console<\/title>/);
      }
      const headers = { 'JupiterOne-Account': 'local', Authorization: `Bearer ${key}` };

      const ready = await fetch(`${url}/readyz`, { headers });
      assert.equal(ready.status, 200);
      assert.deepEqual(await ready.json(), {
        status: 'ok',
        mode: 'local',
        checks: { neo4j: 'ok', redis: 'disabled' },
      });
      const account = await fetch(`${url}/account`, { headers });
      assert.equal(account.status, 200);
      assert.deepEqual(
        ((await account.json()) as { account: { features: string[] } }).account.features,
        ['OVERRIDE', 'PUT'],
      );

      // The CLI attaches to the running local Neo4j instead of failing on its store lock.
      const cli = await runBin(['key', 'create', '--account', 'local'], env());
      assert.equal(cli.code, 0, cli.stderr);
      assert.match(cli.stderr, /Using the local Neo4j already running/);
      const second = (JSON.parse(cli.stdout) as { key: { secret: string } }).key.secret;
      assert.equal(
        (
          await fetch(`${url}/account`, {
            headers: { ...headers, Authorization: `Bearer ${second}` },
          })
        ).status,
        200,
      );

      assert.equal(await first.stop('SIGTERM', 60_000), 0);
      assert.match(first.output, /Stopped\./);
      assert.ok(
        !fs.existsSync(path.join(dataDir, 'neo4j', 'graphsync-neo4j.json')),
        'the local Neo4j was stopped',
      );

      const again = start();
      try {
        const url2 = (await again.waitFor(/URL: +(http:\/\/\S+)/, 120_000))[1]!;
        await again.waitFor(
          /API key: +create one with: npx graphsync key create --account local/,
          10_000,
        );
        assert.equal(
          (await fetch(`${url2}/account`, { headers })).status,
          200,
          'the first key survives a restart',
        );
        // Killed without a chance to clean up, the service must not leave Neo4j running.
        const { pid } = JSON.parse(fs.readFileSync(stateFile(), 'utf8')) as { pid: number };
        assert.ok(isAlive(pid));
        await again.stop('SIGKILL', 10_000);
        await waitUntil(
          () => !isAlive(pid),
          60_000,
          `the local Neo4j (pid ${pid}) outlived its parent`,
        );
      } finally {
        if (again.child.exitCode === null)
          await again.stop('SIGKILL', 10_000).catch(() => undefined);
      }
    } finally {
      if (first.child.exitCode === null) await first.stop('SIGKILL', 10_000).catch(() => undefined);
    }
  });
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitUntil(
  condition: () => boolean,
  timeoutMs: number,
  message: string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(message);
    await new Promise((r) => setTimeout(r, 200));
  }
}
