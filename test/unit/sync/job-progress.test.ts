import assert from 'node:assert/strict';
import { percentOf, type PhaseProgress } from '../../../src/sync/jobs/job-progress';

/** The percent formula of docs/guide/sync-jobs.md ("Progress"), on hand-made phase lists. */
describe('job progress: percent', () => {
  const p = (name: PhaseProgress['name'], done: number, total: number | null): PhaseProgress => ({
    name,
    done,
    total,
  });

  it('is floor(100 × done / total) over the object phases', () => {
    const phases = [
      p('entities', 1000, 1000),
      p('delete-entities', 0, null),
      p('relationships', 500, 2000),
      p('delete-relationships', 0, null),
      p('finish', 0, 1),
    ];
    assert.equal(percentOf('relationships', phases), 50);
    phases[2] = p('relationships', 1999, 2000);
    assert.equal(percentOf('relationships', phases), 99);
  });

  it('counts a delete phase once its total is known, so it never goes back', () => {
    const before = [
      p('entities', 100, 100),
      p('delete-entities', 0, null),
      p('relationships', 0, 50),
    ];
    const after = [
      p('entities', 100, 100),
      p('delete-entities', 900, 900),
      p('relationships', 0, 50),
    ];
    assert.equal(percentOf('delete-entities', before), 66);
    assert.equal(percentOf('relationships', after), 95);
  });

  it('leaves out bulk-file (bytes) and finish (one step)', () => {
    const phases = [p('bulk-file', 5_000_000, 5_000_000), p('entities', 0, 10), p('finish', 0, 1)];
    assert.equal(percentOf('entities', phases), 0);
  });

  it('with nothing to write: 0 until finish, then 100', () => {
    const phases = [p('entities', 0, 0), p('relationships', 0, 0), p('finish', 0, 1)];
    assert.equal(percentOf('entities', phases), 0);
    assert.equal(percentOf('finish', phases), 100);
    assert.equal(percentOf(undefined, []), 0);
  });

  it('never passes 100 when more was written than counted', () => {
    assert.equal(percentOf('entities', [p('entities', 12, 10)]), 100);
  });
});
