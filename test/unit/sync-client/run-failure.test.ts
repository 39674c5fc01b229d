import assert from 'node:assert/strict';
import { ApiError } from '../../../src/sync-client/api-client';
import { InputError } from '../../../src/sync-client/source-object';
import { failureOf } from '../../../src/sync-client/sync-run';

describe('sync client: what a failed run reports', () => {
  it('an error it does not know (EACCES mid-read, say) is a plain exit-1 failure, not a throw', () => {
    const eacces = Object.assign(new Error("EACCES: permission denied, open 'b.json'"), {
      code: 'EACCES',
    });
    assert.deepEqual(failureOf(eacces), {
      code: 1,
      kind: 'ERROR',
      message: "EACCES: permission denied, open 'b.json'",
    });
    assert.deepEqual(failureOf('odd'), { code: 1, kind: 'ERROR', message: 'odd' });
  });

  it('keeps the codes of the errors it knows', () => {
    assert.equal(failureOf(new InputError('a.json: bad')).code, 3);
    assert.equal(failureOf(new ApiError(401, 'UNAUTHORIZED', 'no')).code, 1);
  });
});
