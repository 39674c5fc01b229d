import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  DEPLOYMENT_ID_FILE,
  localFinalizeOwner,
  queueFinalizeOwner,
} from '../../../../src/sync/finalize/finalize-owner';

describe('the deployment that owns a finalization (decision 0048)', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphsync-owner-'));
    dirs.push(dir);
    return dir;
  };
  after(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  it('local mode: one id per DATA_DIR, kept in DATA_DIR/deployment-id across restarts', () => {
    const dir = tempDir();
    const owner = localFinalizeOwner(dir);
    assert.match(owner, /^local:[0-9a-f]{24}$/);
    assert.equal(
      fs.readFileSync(path.join(dir, DEPLOYMENT_ID_FILE), 'utf8').trim(),
      owner.slice(6),
    );
    assert.equal(localFinalizeOwner(dir), owner, 'a restarted process is the same deployment');
    assert.notEqual(localFinalizeOwner(tempDir()), owner, 'another DATA_DIR is another');
  });

  it('queue mode: the queue prefix', () => {
    assert.equal(queueFinalizeOwner('graphsync'), 'queue:graphsync');
  });
});
