import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  claimState,
  readState,
  releaseState,
  stateLive,
  updateState,
} from '../../../tools/neo4j-local/state';

/**
 * The state file through which graphsync processes of one DATA_DIR share a local Neo4j: one owner
 * at a time, stale files replaced, and nobody but the owner changing or removing it.
 */
describe('local Neo4j state file', () => {
  let home: string;
  const file = (): string => path.join(home, 'graphsync-neo4j.json');

  beforeEach(() => {
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'graphsync-state-'));
  });
  afterEach(() => fs.rmSync(home, { recursive: true, force: true }));

  it('gives the first claim ownership; a second claim while the owner lives is refused', () => {
    assert.equal(claimState(home), true);
    assert.deepEqual(readState(home), { owner: process.pid });
    assert.equal(stateLive(home, readState(home)!), true, 'the owner is alive and starting');
    assert.equal(claimState(home), false);
    assert.deepEqual(readState(home), { owner: process.pid }, 'unchanged by the refused claim');
    assert.deepEqual(fs.readdirSync(home), ['graphsync-neo4j.json'], 'no draft files left behind');
  });

  it('replaces a stale file: a dead owner, or a pid that is not this home launcher', async () => {
    const dead = await deadPid();
    fs.writeFileSync(file(), JSON.stringify({ owner: dead }));
    assert.equal(stateLive(home, readState(home)!), false);
    assert.equal(claimState(home), true);
    assert.equal(readState(home)?.owner, process.pid);

    // A live pid that is not a Neo4j launcher of this home (here: this test process).
    fs.writeFileSync(file(), JSON.stringify({ owner: dead, pid: process.pid, ready: true }));
    assert.equal(stateLive(home, readState(home)!), false);
    assert.equal(claimState(home), true);

    // An older format (no owner) and a torn file count as nothing running.
    fs.writeFileSync(file(), JSON.stringify({ pid: 1, uri: 'bolt://127.0.0.1:1' }));
    assert.equal(readState(home), undefined);
    fs.writeFileSync(file(), '{"owner": 12');
    assert.equal(readState(home), undefined);
    assert.equal(claimState(home), true);
  });

  it('only the owner removes it; updates replace it whole', async () => {
    assert.equal(claimState(home), true);
    updateState(home, { owner: process.pid, pid: 42, uri: 'bolt://127.0.0.1:7', ready: true });
    assert.deepEqual(readState(home), {
      owner: process.pid,
      pid: 42,
      uri: 'bolt://127.0.0.1:7',
      ready: true,
    });
    const other = await deadPid();
    fs.writeFileSync(file(), JSON.stringify({ owner: other }));
    releaseState(home);
    assert.deepEqual(readState(home), { owner: other }, 'not ours: left alone');
    fs.writeFileSync(file(), JSON.stringify({ owner: process.pid }));
    releaseState(home);
    assert.equal(fs.existsSync(file()), false);
  });

  it('lets exactly one of several processes claiming at once win', async () => {
    // Each claimer stays alive until every one has answered, so no win is over a stale file.
    const claimer = `require(${JSON.stringify(require.resolve('tsx/cjs'))});
      const { claimState } = require(${JSON.stringify(path.resolve(__dirname, '../../../tools/neo4j-local/state.ts'))});
      process.stdout.write(claimState(process.argv[1]) ? 'won' : 'lost');
      setInterval(() => undefined, 1000);`;
    const children = Array.from({ length: 4 }, () =>
      spawn(process.execPath, ['-e', claimer, home]),
    );
    const runs = await Promise.all(
      children.map(
        (child) =>
          new Promise<string>((resolve, reject) => {
            let out = '';
            child.stdout.on('data', (d: Buffer) => {
              out += d.toString();
              if (out === 'won' || out === 'lost') resolve(out);
            });
            child.on('error', reject);
            child.on('exit', () => reject(new Error(`a claimer exited early: '${out}'`)));
          }),
      ),
    ).finally(() => children.forEach((c) => c.kill('SIGKILL')));
    assert.deepEqual(runs.filter((r) => r === 'won').length, 1, runs.join(','));
    assert.deepEqual(runs.filter((r) => r === 'lost').length, 3, runs.join(','));
  });
});

/** The pid of a process that has exited. */
function deadPid(): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['-e', '']);
    child.on('exit', () => resolve(child.pid!));
  });
}
