import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { FsBlobStore } from '../../../../src/blob/fs-blob-store';
import {
  entityHash,
  entityHashOf,
  relationshipHash,
  relationshipHashOf,
} from '../../../../src/sync/finalize/content-hash';
import type { ValidatedBatch } from '../../../../src/sync/jobs/job-types';
import { readBatch, writeBatch } from '../../../../src/sync/staging/staging';

describe('content hashes kept in the staged batch', () => {
  let dir: string;
  let blobs: FsBlobStore;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphsync-hashes-'));
    blobs = new FsBlobStore(dir);
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  const batch: ValidatedBatch = {
    entities: [{ key: 'e1', type: 't', classes: ['Thing'], properties: { a: 1 } }],
    relationships: [
      { key: 'r1', type: 't_has_t', class: 'HAS', fromKey: 'e1', toKey: 'e1', properties: {} },
    ],
  };

  it('the finalize takes the hash the upload computed, not one of its own', async () => {
    // Hashes no computation gives: only the kept ones can come back.
    await writeBatch(blobs, 'k1', batch, { e: ['kept-e'], r: ['kept-r'] });
    const read = await readBatch(blobs, 'k1');
    assert.deepEqual(read, batch, 'the content reads back without the hashes');
    assert.equal(entityHashOf(read.entities[0]!), 'kept-e');
    assert.equal(relationshipHashOf(read.relationships[0]!), 'kept-r');
  });

  it('a batch staged before hashes were kept: computed at finalize', async () => {
    await blobs.put('k2', gzipSync(JSON.stringify(batch)));
    const read = await readBatch(blobs, 'k2');
    assert.equal(entityHashOf(read.entities[0]!), entityHash(batch.entities[0]!));
    assert.equal(
      relationshipHashOf(read.relationships[0]!),
      relationshipHash(batch.relationships[0]!),
    );
  });
});
